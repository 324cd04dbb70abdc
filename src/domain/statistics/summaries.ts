/**
 * The Spanish summaries of the statistics, generated from templates with each row's key
 * figures highlighted as **bold**.
 */
import { formatNumber, plural } from '../spanish-words.js';

/** A ranked item as the summaries receive it. */
export interface RankedFigure {
  name: string;
  count: number;
}

export interface LongestNameFigure {
  name: string;
  /** Spaces included: what a reader counts on the name as shown. */
  characters: number;
}

const bold = (text: string): string => `**${text}**`;
const num = (value: number): string => bold(formatNumber(value));
const yr = (year: number): string => bold(String(year));
/** `**4.612** niños y niñas`, `**1** compañía`. */
const counted = (count: number, one: string, many: string): string =>
  `${num(count)} ${plural(count, one, many)}`;
const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Spanish `y` becomes `e` before a word that starts with the sound /i/ (`Ane e Iker`). */
function conjunctionBefore(word: string): string {
  return /^h?[ií](?![aeiouáéíóú])/i.test(word) ? 'e' : 'y';
}

/** `A`, `A y B`, `A, B y C`; `words` gives each item's plain text (for `y`/`e`). */
function joinList<T>(items: readonly T[], render: (item: T) => string, word: (item: T) => string): string {
  const shown = items.map(render);
  if (shown.length <= 1) return shown.join('');
  const last = items[items.length - 1]!;
  return `${shown.slice(0, -1).join(', ')} ${conjunctionBefore(word(last))} ${shown[shown.length - 1]!}`;
}

const boldNames = (items: readonly RankedFigure[]): string =>
  joinList(
    items,
    (item) => bold(item.name),
    (item) => item.name,
  );

/** At most three tied leaders are named; the rest are `entre otros`. */
const MAX_LEADERS_NAMED = 3;

function leadersOf(items: readonly RankedFigure[]): { leaders: RankedFigure[]; more: boolean } {
  const top = items[0]!.count;
  const tied = items.filter((item) => item.count === top);
  return { leaders: tied.slice(0, MAX_LEADERS_NAMED), more: tied.length > MAX_LEADERS_NAMED };
}

interface RankingWords {
  /** `el nombre más repetido` */
  one: string;
  /** `los nombres más repetidos` */
  many: string;
  /** `seguido de` / `seguida de` */
  followedBy: string;
  /** `cada uno` / `cada una` */
  each: string;
}

const NAME_WORDS: RankingWords = {
  one: 'el nombre más repetido',
  many: 'los nombres más repetidos',
  followedBy: 'seguido de',
  each: 'cada uno',
};
const SURNAME_WORDS: RankingWords = {
  one: 'el apellido más común',
  many: 'los apellidos más comunes',
  followedBy: 'seguido de',
  each: 'cada uno',
};
const SCHOOL_WORDS: RankingWords = {
  one: 'la compañía más numerosa',
  many: 'las compañías más numerosas',
  followedBy: 'seguida de',
  each: 'cada una',
};

type Tense = 'past' | 'present';
const be = (tense: Tense, many: boolean): string =>
  tense === 'past' ? (many ? 'fueron' : 'fue') : many ? 'son' : 'es';

/**
 * `En **2024**, el nombre más repetido fue **Jon**, con **85** participantes, seguido de
 * **Ane** (**80**) y **Mikel** (**75**).`, or for tied leaders `…, los nombres más
 * repetidos fueron **Ane** y **Jon**, con **85** participantes cada uno.`
 */
function rankingSentence(
  prefix: string,
  words: RankingWords,
  tense: Tense,
  unit: readonly [string, string],
  top: readonly RankedFigure[],
): string {
  const { leaders, more } = leadersOf(top);
  const first = leaders[0]!;
  const amount = counted(first.count, unit[0], unit[1]);
  if (leaders.length > 1) {
    const others = more ? ', entre otros' : '';
    return `${prefix}${words.many} ${be(tense, true)} ${boldNames(leaders)}${others}, con ${amount} ${words.each}.`;
  }
  const followers = top.slice(1, 3);
  const rest =
    followers.length === 0
      ? ''
      : `, ${words.followedBy} ${joinList(
          followers,
          (item) => `${bold(item.name)} (${num(item.count)})`,
          (item) => item.name,
        )}`;
  return `${prefix}${words.one} ${be(tense, false)} ${bold(first.name)}, con ${amount}${rest}.`;
}

const PARTICIPANTS = ['participante', 'participantes'] as const;
const APPEARANCES = ['aparición', 'apariciones'] as const;
const CHILDREN = ['niño o niña', 'niños y niñas'] as const;
const SCHOOLS = ['compañía', 'compañías'] as const;
const ALL_EDITIONS = 'En el conjunto de todas las ediciones, ';

/** `Los nombres más repetidos fueron **Ane** y **Jon**` (no final stop). */
function leadersClause(words: RankingWords, tense: Tense, top: readonly RankedFigure[]): string {
  const { leaders, more } = leadersOf(top);
  const many = leaders.length > 1;
  return `${many ? words.many : words.one} ${be(tense, many)} ${boldNames(leaders)}${more ? ', entre otros' : ''}`;
}

/** `El nombre más repetido fue **Jon**; el apellido más común, **Garcia**.` or '' */
function namesSentence(
  tense: Tense,
  topNames: readonly RankedFigure[],
  topSurnames: readonly RankedFigure[],
): string {
  if (topNames.length === 0) return '';
  let sentence = capitalize(leadersClause(NAME_WORDS, tense, topNames));
  if (topSurnames.length > 0) {
    const { leaders, more } = leadersOf(topSurnames);
    const words = leaders.length > 1 ? SURNAME_WORDS.many : SURNAME_WORDS.one;
    sentence += `; ${words}, ${boldNames(leaders)}${more ? ', entre otros' : ''}`;
  }
  return `${sentence}.`;
}

export interface YearIntroFigures {
  year: number;
  participants: number;
  schools: number;
  /** The previous year present in the data, if any. */
  previous: { year: number; participants: number } | null;
  topNames: readonly RankedFigure[];
  topSurnames: readonly RankedFigure[];
}

export interface YearOutroFigures {
  year: number;
  participants: number;
  distinctNames: number;
  schools: number;
  /** null for the earliest year of the data (nothing to compare with). */
  newSchools: number | null;
  newNames: number | null;
}

export interface SeriesIntroFigures {
  /** Years present in the data, ascending (at least one). */
  years: readonly number[];
  /** Years between the first and the last without data (e.g. 2021). */
  missingYears: readonly number[];
  participations: number;
  schools: number;
  busiest: { year: number; count: number };
  topNames: readonly RankedFigure[];
  topSurnames: readonly RankedFigure[];
}

export interface SeriesOutroFigures {
  editions: number;
  schools: number;
  /** Schools present in every edition of the data. */
  alwaysPresent: number;
  topSchool: RankedFigure | null;
  distinctNames: number;
}

function yearOpening(f: YearIntroFigures): string {
  const children = counted(f.participants, CHILDREN[0], CHILDREN[1]);
  if (f.schools === 0) return `La Tamborrada Infantil de ${yr(f.year)} reunió a ${children}.`;
  const schools = counted(f.schools, SCHOOLS[0], SCHOOLS[1]);
  switch (f.year % 3) {
    case 0:
      return `La Tamborrada Infantil de ${yr(f.year)} reunió a ${children} de ${schools}.`;
    case 1:
      return `En ${yr(f.year)} ${plural(f.participants, 'desfiló', 'desfilaron')} ${children}, ${plural(f.participants, 'repartido', 'repartidos')} en ${schools}.`;
    default:
      return `${capitalize(schools)} ${plural(f.schools, 'sumó', 'sumaron')} ${children} en la Tamborrada Infantil de ${yr(f.year)}.`;
  }
}

function comparison(f: YearIntroFigures): string {
  if (f.previous === null) return 'Es la primera edición de la que hay datos.';
  const difference = f.participants - f.previous.participants;
  const previous = yr(f.previous.year);
  if (difference === 0) return `Es la misma cifra que en ${previous}.`;
  const amount = counted(Math.abs(difference), PARTICIPANTS[0], PARTICIPANTS[1]);
  return `Hubo ${amount} ${difference > 0 ? 'más' : 'menos'} que en ${previous}.`;
}

const CLOSINGS = [
  '¡Gracias a todas las familias, compañías y tamborreros por hacerlo posible!',
  '¡Gracias a quienes, baqueta en mano, lo hicieron posible!',
];

export const statisticSummaries = {
  totalParticipantsByYear(f: { year: number; participants: number; schools: number }): string {
    const verb = plural(f.participants, 'participó', 'participaron');
    const children = counted(f.participants, CHILDREN[0], CHILDREN[1]);
    const schools = f.schools === 0 ? '' : ` de ${counted(f.schools, SCHOOLS[0], SCHOOLS[1])}`;
    return `En ${yr(f.year)} ${verb} ${children}${schools}.`;
  },

  topNamesByYear(f: { year: number; top: readonly RankedFigure[] }): string {
    if (f.top.length === 0) return `En ${yr(f.year)} no hay nombres registrados.`;
    return rankingSentence(`En ${yr(f.year)}, `, NAME_WORDS, 'past', PARTICIPANTS, f.top);
  },

  namesDiversityByYear(f: { year: number; distinct: number; participants: number }): string {
    const names = counted(f.distinct, 'nombre distinto', 'nombres distintos');
    const participants = counted(f.participants, PARTICIPANTS[0], PARTICIPANTS[1]);
    return `En ${yr(f.year)} se ${plural(f.distinct, 'registró', 'registraron')} ${names} entre ${participants}.`;
  },

  topSurnamesByYear(f: { year: number; top: readonly RankedFigure[] }): string {
    if (f.top.length === 0) return `En ${yr(f.year)} no hay apellidos registrados.`;
    return rankingSentence(`En ${yr(f.year)}, `, SURNAME_WORDS, 'past', PARTICIPANTS, f.top);
  },

  surnamesDiversityByYear(f: { year: number; distinct: number }): string {
    const surnames = counted(f.distinct, 'apellido distinto', 'apellidos distintos');
    return `En ${yr(f.year)} se ${plural(f.distinct, 'registró', 'registraron')} ${surnames}.`;
  },

  topSchoolsByYear(f: { year: number; top: readonly RankedFigure[] }): string {
    if (f.top.length === 0) return `En ${yr(f.year)} no hay compañías registradas.`;
    return rankingSentence(`En ${yr(f.year)}, `, SCHOOL_WORDS, 'past', PARTICIPANTS, f.top);
  },

  commonNameBySchoolByYear(f: { year: number; schools: number; leader: RankedFigure | null }): string {
    if (f.leader === null || f.schools === 0)
      return `En ${yr(f.year)} no hay compañías con nombres registrados.`;
    if (f.schools === 1)
      return `En ${yr(f.year)}, el nombre más frecuente de la única compañía fue ${bold(f.leader.name)}.`;
    const where = counted(f.schools, SCHOOLS[0], SCHOOLS[1]);
    return (
      `En ${yr(f.year)} se recoge el nombre más frecuente de cada una de las ${where}; ` +
      `${bold(f.leader.name)} es el más repetido en ${num(f.leader.count)} de ellas.`
    );
  },

  newNamesByYear(f: { year: number; count: number; top: RankedFigure | null }): string {
    if (f.count === 0 || f.top === null) return `En ${yr(f.year)} no apareció ningún nombre nuevo.`;
    const names = counted(f.count, 'nombre', 'nombres');
    const sentence =
      `En ${yr(f.year)} ${plural(f.count, 'apareció', 'aparecieron')} ${names} que no ` +
      `${plural(f.count, 'figuraba', 'figuraban')} en ediciones anteriores`;
    if (f.count === 1) return `${sentence}: ${bold(f.top.name)}.`;
    return `${sentence}; el más repetido, ${bold(f.top.name)}, con ${counted(f.top.count, PARTICIPANTS[0], PARTICIPANTS[1])}.`;
  },

  /** `schools`: the new schools, most numerous first. */
  newSchoolsByYear(f: { year: number; count: number; schools: readonly string[] }): string {
    if (f.count === 0 || f.schools.length === 0) return `En ${yr(f.year)} no se estrenó ninguna compañía.`;
    const verb = plural(f.count, 'se estrenó', 'se estrenaron');
    const schools = counted(f.count, SCHOOLS[0], SCHOOLS[1]);
    const shown = f.schools.slice(0, 3);
    const among = f.count > shown.length ? ', entre ellas' : ':';
    return `En ${yr(f.year)} ${verb} ${schools}${among} ${joinList(shown, bold, (school) => school)}.`;
  },

  introByYear(f: YearIntroFigures): string {
    return [yearOpening(f), comparison(f), namesSentence('past', f.topNames, f.topSurnames)]
      .filter((sentence) => sentence !== '')
      .join(' ');
  },

  outroByYear(f: YearOutroFigures): string {
    const figures = [
      counted(f.participants, PARTICIPANTS[0], PARTICIPANTS[1]),
      counted(f.distinctNames, 'nombre distinto', 'nombres distintos'),
      counted(f.schools, SCHOOLS[0], SCHOOLS[1]),
    ];
    let sentence = `Hasta aquí las cifras de ${yr(f.year)}: ${figures[0]}, ${figures[1]} y ${figures[2]}`;
    if (f.newSchools !== null && f.newSchools > 0 && f.schools > 0) {
      sentence +=
        f.newSchools === f.schools
          ? `, ${plural(f.schools, 'nueva', 'todas ellas nuevas')}`
          : `, ${num(f.newSchools)} de ellas ${plural(f.newSchools, 'nueva', 'nuevas')}`;
    }
    const sentences = [`${sentence}.`];
    if (f.newNames !== null && f.newNames > 0) {
      sentences.push(
        `Además, ${plural(f.newNames, 'se estrenó', 'se estrenaron')} ${counted(f.newNames, 'nombre', 'nombres')}.`,
      );
    }
    sentences.push(CLOSINGS[f.year % CLOSINGS.length]!);
    return sentences.join(' ');
  },

  totalParticipants(f: {
    years: readonly number[];
    participations: number;
    busiest: { year: number; count: number };
  }): string {
    const first = f.years[0]!;
    const last = f.years[f.years.length - 1]!;
    const children = counted(f.busiest.count, CHILDREN[0], CHILDREN[1]);
    if (f.years.length === 1) {
      return `En ${yr(first)}, la única edición con datos, ${plural(f.busiest.count, 'participó', 'participaron')} ${children}.`;
    }
    return (
      `Entre ${yr(first)} y ${yr(last)} se han registrado ${counted(f.participations, 'participación', 'participaciones')} ` +
      `en ${num(f.years.length)} ediciones; la más concurrida fue la de ${yr(f.busiest.year)}, con ${children}.`
    );
  },

  topNames(f: { top: readonly RankedFigure[] }): string {
    if (f.top.length === 0) return 'No hay nombres registrados.';
    return rankingSentence(ALL_EDITIONS, NAME_WORDS, 'present', APPEARANCES, f.top);
  },

  namesDiversity(f: { distinct: number }): string {
    return `En todas las ediciones se ${plural(f.distinct, 'ha', 'han')} registrado ${counted(f.distinct, 'nombre distinto', 'nombres distintos')}.`;
  },

  topSurnames(f: { top: readonly RankedFigure[] }): string {
    if (f.top.length === 0) return 'No hay apellidos registrados.';
    return rankingSentence(ALL_EDITIONS, SURNAME_WORDS, 'present', APPEARANCES, f.top);
  },

  surnamesDiversity(f: { distinct: number }): string {
    return `En todas las ediciones se ${plural(f.distinct, 'ha', 'han')} registrado ${counted(f.distinct, 'apellido distinto', 'apellidos distintos')}.`;
  },

  topSchools(f: { top: readonly RankedFigure[] }): string {
    if (f.top.length === 0) return 'No hay compañías registradas.';
    return rankingSentence(
      ALL_EDITIONS,
      SCHOOL_WORDS,
      'present',
      ['participación', 'participaciones'],
      f.top,
    );
  },

  commonNameBySchool(f: { schools: number; leader: RankedFigure | null }): string {
    if (f.leader === null || f.schools === 0) return 'No hay compañías con nombres registrados.';
    if (f.schools === 1) return `El nombre más frecuente de la única compañía es ${bold(f.leader.name)}.`;
    return (
      `Se recoge el nombre más frecuente de cada una de las ${counted(f.schools, SCHOOLS[0], SCHOOLS[1])} ` +
      `de todas las ediciones; ${bold(f.leader.name)} es el más repetido en ${num(f.leader.count)} de ellas.`
    );
  },

  longestNames(f: { top: readonly LongestNameFigure[] }): string {
    if (f.top.length === 0) return 'No hay nombres registrados.';
    const characters = f.top[0]!.characters;
    const tied = f.top.filter((item) => item.characters === characters);
    const amount = counted(characters, 'carácter', 'caracteres');
    if (tied.length === 1) return `El nombre más largo registrado es ${bold(f.top[0]!.name)}, con ${amount}.`;
    const shown = tied.slice(0, MAX_LEADERS_NAMED);
    const list = joinList(
      shown,
      (item) => bold(item.name),
      (item) => item.name,
    );
    const more = tied.length > shown.length ? ', entre otros' : '';
    return `Los nombres más largos registrados son ${list}${more}, con ${amount} cada uno.`;
  },

  schoolsEvolution(f: { schools: number; editions: number; top: RankedFigure | null }): string {
    if (f.top === null || f.schools === 0) return 'No hay compañías registradas.';
    const schools = counted(f.schools, SCHOOLS[0], SCHOOLS[1]);
    const editions = counted(f.editions, 'edición', 'ediciones');
    const verb = plural(f.schools, 'ha participado', 'han participado');
    const total = counted(f.top.count, 'participación', 'participaciones');
    if (f.schools === 1)
      return `${capitalize(schools)} ${verb} a lo largo de ${editions}: ${bold(f.top.name)}, con ${total}.`;
    return `${capitalize(schools)} ${verb} a lo largo de ${editions}; la que más suma es ${bold(f.top.name)}, con ${total}.`;
  },

  mostConstantSchools(f: {
    editions: number;
    top: { school: string; editionsPresent: number } | null;
    alwaysPresent: number;
  }): string {
    if (f.top === null) return 'No hay compañías registradas.';
    const editions = counted(f.editions, 'edición', 'ediciones');
    if (f.editions === 1) {
      return `Solo hay datos de ${editions}, así que todas las compañías suman la misma presencia; encabeza la lista ${bold(f.top.school)}.`;
    }
    const sentence = `La compañía más constante es ${bold(f.top.school)}, presente en ${num(f.top.editionsPresent)} de las ${editions} con datos.`;
    if (f.alwaysPresent > 1) {
      return `${sentence} En total, ${counted(f.alwaysPresent, SCHOOLS[0], SCHOOLS[1])} han estado en todas ellas.`;
    }
    return sentence;
  },

  introGlobal(f: SeriesIntroFigures): string {
    const first = f.years[0]!;
    const last = f.years[f.years.length - 1]!;
    const participations = counted(f.participations, 'participación', 'participaciones');
    const schools = f.schools === 0 ? '' : ` de ${counted(f.schools, SCHOOLS[0], SCHOOLS[1])}`;
    const sentences =
      f.years.length === 1
        ? [
            `La serie de la Tamborrada Infantil reúne por ahora una sola edición, la de ${yr(first)}, con ${participations}${schools}.`,
          ]
        : [
            `La serie de la Tamborrada Infantil reúne ${num(f.years.length)} ediciones, de ${yr(first)} a ${yr(last)}, con ${participations}${schools}.`,
          ];
    if (f.missingYears.length > 0) {
      const missing = joinList(f.missingYears, yr, String);
      sentences.push(`No hay datos de ${f.missingYears.length === 1 ? '' : 'los años '}${missing}.`);
    }
    if (f.years.length > 1) {
      sentences.push(
        `La edición más concurrida fue la de ${yr(f.busiest.year)}, con ${counted(f.busiest.count, CHILDREN[0], CHILDREN[1])}.`,
      );
    }
    const names = namesSentence('present', f.topNames, f.topSurnames);
    if (names !== '' && sentences.length < 4) sentences.push(names);
    return sentences.join(' ');
  },

  outroGlobal(f: SeriesOutroFigures): string {
    const sentences: string[] = [];
    if (f.schools > 0) {
      let sentence = `En total, ${counted(f.schools, SCHOOLS[0], SCHOOLS[1])} ${plural(f.schools, 'ha', 'han')} formado parte de la Tamborrada Infantil`;
      if (f.editions > 1 && f.alwaysPresent > 0) {
        sentence +=
          f.alwaysPresent === f.schools
            ? `, todas ellas en cada una de las ${num(f.editions)} ediciones`
            : `, y ${num(f.alwaysPresent)} ${plural(f.alwaysPresent, 'ha estado', 'han estado')} en todas las ediciones`;
      }
      sentences.push(`${sentence}.`);
    }
    if (f.topSchool !== null) {
      sentences.push(
        `La que más niños y niñas ha aportado es ${bold(f.topSchool.name)}, con ${counted(f.topSchool.count, 'participación', 'participaciones')}.`,
      );
    }
    sentences.push(
      `Entre todos han sumado ${counted(f.distinctNames, 'nombre distinto', 'nombres distintos')}. ¡Gracias a quienes la hacen posible año tras año!`,
    );
    return sentences.join(' ');
  },
};
