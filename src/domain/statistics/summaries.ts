// The Spanish summaries, key figures in **bold**: a `year` in the past tense, the series in the present.
import { formatNumber, plural } from '../spanish-words.js';

export interface RankedFigure {
  name: string;
  count: number;
}

/** What the small-count rule (DESIGN §5) left out: `count` names under `k`; `ahead`: one would lead. */
export interface Withheld {
  k: number;
  count: number;
  ahead: boolean;
}

export const NOTHING_WITHHELD: Withheld = { k: 1, count: 0, ahead: false };

type Words = readonly [one: string, many: string];

const PARTICIPANTS: Words = ['participante', 'participantes'];
const PARTICIPATIONS: Words = ['participación', 'participaciones'];
const CHILDREN: Words = ['niño o niña', 'niños y niñas'];
const SCHOOLS: Words = ['compañía', 'compañías'];
const NAMES: Words = ['nombre', 'nombres'];
const DISTINCT_NAMES: Words = ['nombre distinto', 'nombres distintos'];

export const bold = (text: string): string => `**${text}**`;
const num = (value: number): string => bold(formatNumber(value));
const yr = (year: number): string => bold(String(year));
const counted = (count: number, [one, many]: Words): string => `${num(count)} ${plural(count, one, many)}`;
export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const atLeast = (k: number, year?: number): string =>
  `al menos ${counted(k, year === undefined ? CHILDREN : PARTICIPANTS)}`;
const noneReaches = (what: string, k: number, year?: number): string =>
  opening(
    year,
    `${year === undefined ? 'no hay' : 'no hubo'} ningún ${what} que ${year === undefined ? 'lleven' : 'llevaran'} ${atLeast(k, year)}, el mínimo para publicarlo.`,
  );
const opening = (year: number | undefined, rest: string): string =>
  year === undefined ? capitalize(rest) : `En ${yr(year)} ${rest}`;
const be = (year: number | undefined, many: boolean): string =>
  year === undefined ? (many ? 'son' : 'es') : many ? 'fueron' : 'fue';

/**
 * `**A**, **B** y **C**`; `y` becomes `e` before the sound /i/ (`**Ane** e **Iker**`) but
 * not before a semivowel i (`**Ane** y **Iosu**`, RAE), which `Intl.ListFormat` does not tell apart.
 */
function boldList(names: readonly string[], suffixes: readonly string[] = []): string {
  const shown = names.map((name, i) => bold(name) + (suffixes[i] ?? ''));
  const last = shown.pop();
  if (shown.length === 0) return last ?? '';
  const and = /^h?[ií](?![aeiouáéíóú])/i.test(names.at(-1)!) ? 'e' : 'y';
  return `${shown.join(', ')} ${and} ${last!}`;
}

/** The items tied at the top: at most three `named`, `more` when others tie too. */
export function tiedAtTop(items: readonly RankedFigure[]): { named: string[]; more: boolean; many: boolean } {
  const tied = items.filter((item) => item.count === items[0]!.count);
  return { named: tied.slice(0, 3).map((item) => item.name), more: tied.length > 3, many: tied.length > 1 };
}

function leaders(items: readonly RankedFigure[]): { names: string; many: boolean } {
  const { named, more, many } = tiedAtTop(items);
  return { names: boldList(named) + (more ? ', entre otros' : ''), many };
}

/** Whether an intro tells a ranking's leaders: not when it is empty or its leader was withheld. */
export const told = (top: readonly RankedFigure[], withheld?: Withheld): boolean =>
  top.length > 0 && !withheld?.ahead;

/** The years between the first and the last of the data that have none (the cancelled 2021). */
export function missingYears(years: readonly number[]): number[] {
  const missing: number[] = [];
  for (let year = years[0]! + 1; year < years.at(-1)!; year++) if (!years.includes(year)) missing.push(year);
  return missing;
}

export type Ranking = 'names' | 'surnames' | 'schools';

/** A year counts participants, the series `seriesUnit`. */
const ranked = (word: Words, [best, bests]: Words, seriesUnit: Words, feminine = false) => ({
  one: `${feminine ? 'la' : 'el'} ${word[0]} ${best}`,
  many: `${feminine ? 'las' : 'los'} ${word[1]} ${bests}`,
  none: `no hay ${word[1]} ${feminine ? 'registradas' : 'registrados'}.`,
  word,
  seriesUnit,
  feminine,
});
const APPEARANCES: Words = ['aparición', 'apariciones'];
const RANKINGS: Record<Ranking, ReturnType<typeof ranked>> = {
  names: ranked(NAMES, ['más repetido', 'más repetidos'], APPEARANCES),
  surnames: ranked(['apellido', 'apellidos'], ['más común', 'más comunes'], APPEARANCES),
  schools: ranked(SCHOOLS, ['más numerosa', 'más numerosas'], PARTICIPATIONS, true),
};

function leadersClause(ranking: Ranking, top: readonly RankedFigure[], year?: number): string {
  const { names, many } = leaders(top);
  return `${many ? RANKINGS[ranking].many : RANKINGS[ranking].one} ${be(year, many)} ${names}`;
}

/** `El nombre más repetido fue **Jon**; el apellido más común, **Garcia**.`, or '' if untold. */
function namesSentence(names: PublishedNames, year?: number): string {
  const { topNames, topSurnames } = names;
  if (!told(topNames, names.namesWithheld)) return '';
  const surnames = leaders(topSurnames);
  const words = surnames.many ? RANKINGS.surnames.many : RANKINGS.surnames.one;
  const more = told(topSurnames, names.surnamesWithheld) ? `; ${words}, ${surnames.names}` : '';
  return `${capitalize(leadersClause('names', topNames, year))}${more}.`;
}

export interface PublishedNames {
  topNames: readonly RankedFigure[];
  topSurnames: readonly RankedFigure[];
  namesWithheld?: Withheld;
  surnamesWithheld?: Withheld;
}

export interface YearFigures extends PublishedNames {
  year: number;
  participants: number;
  schools: number;
  distinctNames: number;
  previous: { year: number; participants: number } | null;
  /** `newNames`: those first published this year, under k. */
  k?: number;
  newNames: number;
  newSchools: number;
}

export interface SeriesFigures extends PublishedNames {
  /** Ascending, at least one. */
  years: readonly number[];
  participations: number;
  schools: number;
  distinctNames: number;
  busiest: { year: number; count: number };
  alwaysPresent: number;
  topSchool: RankedFigure | null;
}

/** The first sentence of a year's intro, worded three ways in turn. */
function yearOpening({ year, participants, schools }: YearFigures): string {
  const children = counted(participants, CHILDREN);
  if (schools === 0) return `La Tamborrada Infantil de ${yr(year)} reunió a ${children}.`;
  const from = counted(schools, SCHOOLS);
  if (year % 3 === 0) return `La Tamborrada Infantil de ${yr(year)} reunió a ${children} de ${from}.`;
  if (year % 3 === 1) {
    const verb = plural(participants, 'desfiló', 'desfilaron');
    return `En ${yr(year)} ${verb} ${children}, ${plural(participants, 'repartido', 'repartidos')} en ${from}.`;
  }
  return `${capitalize(from)} ${plural(schools, 'sumó', 'sumaron')} ${children} en la Tamborrada Infantil de ${yr(year)}.`;
}

function comparison({ participants, previous }: YearFigures): string {
  if (previous === null) return 'Es la primera edición de la que hay datos.';
  const difference = participants - previous.participants;
  if (difference === 0) return `Es la misma cifra que en ${yr(previous.year)}.`;
  const amount = counted(Math.abs(difference), PARTICIPANTS);
  return `Hubo ${amount} ${difference > 0 ? 'más' : 'menos'} que en ${yr(previous.year)}.`;
}

const CLOSINGS = [
  '¡Gracias a todas las familias, compañías y tamborreros por hacerlo posible!',
  '¡Gracias a quienes, baqueta en mano, lo hicieron posible!',
];

export const statisticSummaries = {
  /** `En **2024**, el nombre más repetido fue **Jon**, con **85** participantes, seguido de **Ane** (**80**)…` */
  ranking(
    ranking: Ranking,
    top: readonly RankedFigure[],
    year?: number,
    withheld: Withheld = NOTHING_WITHHELD,
  ): string {
    const { feminine, seriesUnit, none, word } = RANKINGS[ranking];
    if (top.length === 0)
      return withheld.count === 0 ? opening(year, none) : noneReaches(word[0], withheld.k, year);
    const scope = year === undefined ? 'En el conjunto de todas las ediciones' : `En ${yr(year)}`;
    const only = ` y contando solo los ${word[1]} que llevan ${atLeast(withheld.k, year)}`;
    const where = withheld.ahead ? `${scope}${only}` : scope;
    const amount = counted(top[0]!.count, year === undefined ? seriesUnit : PARTICIPANTS);
    const sentence = `${where}, ${leadersClause(ranking, top, year)}, con ${amount}`;
    if (leaders(top).many) return `${sentence} ${feminine ? 'cada una' : 'cada uno'}.`;
    const next = top.slice(1, 3);
    if (next.length === 0) return `${sentence}.`;
    const list = boldList(
      next.map((item) => item.name),
      next.map((item) => ` (${num(item.count)})`),
    );
    return `${sentence}, ${feminine ? 'seguida' : 'seguido'} de ${list}.`;
  },

  diversity(ranking: 'names' | 'surnames', distinct: number, year?: number, participants?: number): string {
    const what = counted(
      distinct,
      ranking === 'names' ? DISTINCT_NAMES : ['apellido distinto', 'apellidos distintos'],
    );
    if (year === undefined)
      return `En todas las ediciones se ${plural(distinct, 'ha', 'han')} registrado ${what}.`;
    const among = participants === undefined ? '' : ` entre ${counted(participants, PARTICIPANTS)}`;
    return `En ${yr(year)} se ${plural(distinct, 'registró', 'registraron')} ${what}${among}.`;
  },

  /** `leader`: the name most frequent in the most schools (`count` of them). */
  commonNameBySchool(
    schools: number,
    leader: RankedFigure | null,
    year?: number,
    withheld: Withheld = NOTHING_WITHHELD,
  ): string {
    const { k, count: left } = withheld;
    const bearers = `al menos ${num(k)} de sus ${year === undefined ? 'niños y niñas' : 'participantes'}`;
    if (leader === null || schools === 0) {
      if (left === 0) return opening(year, 'no hay compañías con nombres registrados.');
      const [has, bear] = year === undefined ? ['tiene', 'lleven'] : ['tuvo', 'llevaran'];
      return opening(
        year,
        `ninguna compañía ${has} un nombre que ${bear} ${bearers}, el mínimo para publicarlo.`,
      );
    }
    if (schools === 1 && left === 0)
      return opening(
        year,
        `el nombre más frecuente de la única compañía ${be(year, false)} ${bold(leader.name)}.`,
      );
    const series = year === undefined ? ' de todas las ediciones' : '';
    const leaderClause = `${bold(leader.name)} es el más repetido en ${num(leader.count)} de ellas.`;
    const of =
      left === 0
        ? `de cada una de las ${counted(schools, SCHOOLS)}${series}`
        : `de ${num(schools)} de las ${counted(schools + left, SCHOOLS)}${series} (solo se publica cuando lo llevan ${bearers})`;
    return opening(year, `se recoge el nombre más frecuente ${of}; ${leaderClause}`);
  },

  totalParticipantsByYear(year: number, participants: number, schools: number): string {
    const verb = plural(participants, 'participó', 'participaron');
    const from = schools === 0 ? '' : ` de ${counted(schools, SCHOOLS)}`;
    return `En ${yr(year)} ${verb} ${counted(participants, CHILDREN)}${from}.`;
  },

  totalParticipants({ years, participations, busiest }: SeriesFigures): string {
    const children = counted(busiest.count, CHILDREN);
    if (years.length === 1)
      return `En ${yr(years[0]!)}, la única edición con datos, ${plural(busiest.count, 'participó', 'participaron')} ${children}.`;
    return (
      `Entre ${yr(years[0]!)} y ${yr(years.at(-1)!)} se han registrado ${counted(participations, PARTICIPATIONS)} ` +
      `en ${num(years.length)} ediciones; la más concurrida fue la de ${yr(busiest.year)}, con ${children}.`
    );
  },

  /** `count`: the names first published this year; `top`: the most repeated of them. */
  newNamesByYear(year: number, count: number, top: RankedFigure | undefined, k = 1): string {
    const reached = (names: number) =>
      `por primera vez a ${counted(k, PARTICIPANTS)}, el mínimo para ${names > 1 ? 'publicarlos' : 'publicarlo'}`;
    if (count === 0 || top === undefined)
      return `En ${yr(year)} ${k > 1 ? `ningún nombre llegó ${reached(0)}` : 'no apareció ningún nombre nuevo'}.`;
    const names = counted(count, NAMES);
    const sentence =
      k > 1
        ? `En ${yr(year)}, ${names} ${plural(count, 'llegó', 'llegaron')} ${reached(count)}`
        : `En ${yr(year)} ${plural(count, 'apareció', 'aparecieron')} ${names} ` +
          `que no ${plural(count, 'figuraba', 'figuraban')} en ediciones anteriores`;
    if (count === 1) return `${sentence}: ${bold(top.name)}.`;
    return `${sentence}; el más repetido, ${bold(top.name)}, con ${counted(top.count, PARTICIPANTS)}.`;
  },

  newSchoolsByYear(year: number, schools: readonly string[]): string {
    if (schools.length === 0) return `En ${yr(year)} no se estrenó ninguna compañía.`;
    const verb = plural(schools.length, 'se estrenó', 'se estrenaron');
    const among = schools.length > 3 ? ', entre ellas' : ':';
    return `En ${yr(year)} ${verb} ${counted(schools.length, SCHOOLS)}${among} ${boldList(schools.slice(0, 3))}.`;
  },

  /** `top`: the longest names published, their length as `count`. */
  longestNames(top: readonly RankedFigure[], withheld: Withheld = NOTHING_WITHHELD): string {
    if (top.length === 0)
      return withheld.count === 0 ? 'No hay nombres registrados.' : noneReaches('nombre', withheld.k);
    const { names, many } = leaders(top);
    const amount = counted(top[0]!.count, ['carácter', 'caracteres']);
    const each = many ? `${amount} cada uno` : amount;
    if (withheld.ahead)
      return `De los nombres que llevan ${atLeast(withheld.k)}, ${many ? 'los más largos son' : 'el más largo es'} ${names}, con ${each}.`;
    return `${many ? 'Los nombres más largos registrados son' : 'El nombre más largo registrado es'} ${names}, con ${each}.`;
  },

  schoolsEvolution(schools: number, editions: number, top: RankedFigure | undefined): string {
    if (top === undefined || schools === 0) return 'No hay compañías registradas.';
    const sentence =
      `${capitalize(counted(schools, SCHOOLS))} ${plural(schools, 'ha participado', 'han participado')} ` +
      `a lo largo de ${counted(editions, ['edición', 'ediciones'])}`;
    const leader = `${bold(top.name)}, con ${counted(top.count, PARTICIPATIONS)}`;
    return schools === 1 ? `${sentence}: ${leader}.` : `${sentence}; la que más suma es ${leader}.`;
  },

  /** `top`: the school present in the most editions, that number as `count`. */
  mostConstantSchools(editions: number, top: RankedFigure | undefined, alwaysPresent: number): string {
    if (top === undefined) return 'No hay compañías registradas.';
    const all = counted(editions, ['edición', 'ediciones']);
    if (editions === 1)
      return `Solo hay datos de ${all}, así que todas las compañías suman la misma presencia; encabeza la lista ${bold(top.name)}.`;
    const sentence = `La compañía más constante es ${bold(top.name)}, presente en ${num(top.count)} de las ${all} con datos.`;
    if (alwaysPresent <= 1) return sentence;
    return `${sentence} En total, ${counted(alwaysPresent, SCHOOLS)} han estado en todas ellas.`;
  },

  introByYear(f: YearFigures): string {
    const names = namesSentence(f, f.year);
    return [yearOpening(f), comparison(f), names].filter((sentence) => sentence !== '').join(' ');
  },

  outroByYear(f: YearFigures): string {
    const figures = `${counted(f.participants, PARTICIPANTS)}, ${counted(f.distinctNames, DISTINCT_NAMES)} y ${counted(f.schools, SCHOOLS)}`;
    let newSchools = '';
    if (f.newSchools === f.schools && f.schools > 0)
      newSchools = `, ${plural(f.schools, 'nueva', 'todas ellas nuevas')}`;
    else if (f.newSchools > 0)
      newSchools = `, ${num(f.newSchools)} de ellas ${plural(f.newSchools, 'nueva', 'nuevas')}`;
    const sentences = [`Hasta aquí las cifras de ${yr(f.year)}: ${figures}${newSchools}.`];
    const names = counted(f.newNames, NAMES);
    if (f.newNames > 0 && (f.k ?? 1) > 1)
      sentences.push(
        `Además, ${names} ${plural(f.newNames, 'llegó', 'llegaron')} por primera vez a ${counted(f.k!, PARTICIPANTS)}.`,
      );
    else if (f.newNames > 0)
      sentences.push(`Además, ${plural(f.newNames, 'se estrenó', 'se estrenaron')} ${names}.`);
    sentences.push(CLOSINGS[f.year % CLOSINGS.length]!);
    return sentences.join(' ');
  },

  introGlobal(f: SeriesFigures): string {
    const [first, last] = [f.years[0]!, f.years.at(-1)!];
    const from = f.schools === 0 ? '' : ` de ${counted(f.schools, SCHOOLS)}`;
    const editions =
      f.years.length === 1
        ? `por ahora una sola edición, la de ${yr(first)}`
        : `${num(f.years.length)} ediciones, de ${yr(first)} a ${yr(last)}`;
    const sentences = [
      `La serie de la Tamborrada Infantil reúne ${editions}, con ${counted(f.participations, PARTICIPATIONS)}${from}.`,
    ];
    const missing = missingYears(f.years).map(String);
    if (missing.length > 0)
      sentences.push(`No hay datos de ${missing.length === 1 ? '' : 'los años '}${boldList(missing)}.`);
    if (f.years.length > 1)
      sentences.push(
        `La edición más concurrida fue la de ${yr(f.busiest.year)}, con ${counted(f.busiest.count, CHILDREN)}.`,
      );
    const names = namesSentence(f);
    if (names !== '' && sentences.length < 4) sentences.push(names);
    return sentences.join(' ');
  },

  outroGlobal(f: SeriesFigures): string {
    const sentences: string[] = [];
    if (f.schools > 0) {
      let always = '';
      if (f.years.length > 1 && f.alwaysPresent === f.schools)
        always = `, todas ellas en cada una de las ${num(f.years.length)} ediciones`;
      else if (f.years.length > 1 && f.alwaysPresent > 0)
        always = `, y ${num(f.alwaysPresent)} ${plural(f.alwaysPresent, 'ha estado', 'han estado')} en todas las ediciones`;
      const verb = plural(f.schools, 'ha', 'han');
      sentences.push(
        `En total, ${counted(f.schools, SCHOOLS)} ${verb} formado parte de la Tamborrada Infantil${always}.`,
      );
    }
    if (f.topSchool !== null) {
      const top = `${bold(f.topSchool.name)}, con ${counted(f.topSchool.count, PARTICIPATIONS)}`;
      sentences.push(`La que más niños y niñas ha aportado es ${top}.`);
    }
    sentences.push(
      `Entre todos han sumado ${counted(f.distinctNames, DISTINCT_NAMES)}. ¡Gracias a quienes la hacen posible año tras año!`,
    );
    return sentences.join(' ');
  },
};
