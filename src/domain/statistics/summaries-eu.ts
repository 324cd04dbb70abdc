/**
 * The Basque summaries: the Spanish ones' figures and branches, written in Basque rather
 * than translated. Names stand undeclined (subject of `da`, after a colon, in apposition):
 * their final sound is not known.
 */
import {
  caseEnding,
  counted as countedPlain,
  formatNumber,
  joinList,
  numberAlone,
  plural,
  type NounCase,
  type YearCase,
} from '../basque-words.js';
import {
  bold,
  capitalize,
  missingYears,
  NOTHING_WITHHELD,
  statisticSummaries,
  tiedAtTop,
  told,
  type PublishedNames,
  type Ranking,
  type RankedFigure,
  type YearFigures,
} from './summaries.js';

type Spanish = typeof statisticSummaries;
export type BasqueSummaries = { [K in keyof Spanish]: (...args: Parameters<Spanish[K]>) => string };

const CHILD = 'haur';
const PARTICIPANT = 'parte-hartzaile';
const PARTICIPATION = 'parte-hartze';
const SCHOOL = 'konpainia';
const EDITION = 'edizio';

const num = (value: number): string => bold(formatNumber(value));
/** `**4.612** haurrek`, `haur **batek**`. */
const counted = (count: number, noun: string, grammaticalCase?: NounCase): string =>
  countedPlain(count, noun, grammaticalCase, bold);
/** `**2018**an`, `**2021**eko`, `**2019**tik`. */
const yr = (year: number, yearCase: YearCase): string => bold(String(year)) + caseEnding(year, yearCase);
const opening = (year: number | undefined, rest: string): string =>
  year === undefined ? capitalize(rest) : `${yr(year, 'inessive')} ${rest}`;
const scope = (year?: number): string =>
  year === undefined ? 'Edizio guztiak kontuan hartuta' : yr(year, 'inessive');
/** Who the small-count threshold counts: a year's participants, the series' children. */
const bearer = (year?: number): string => (year === undefined ? CHILD : PARTICIPANT);
const be = (year: number | undefined, many: boolean): string =>
  year === undefined ? (many ? 'dira' : 'da') : many ? 'izan ziren' : 'izan zen';
/** The auxiliary of a transitive verb in the past: its subject and object, one or many. */
const did = (subject: number, object = 1): string =>
  plural(subject, plural(object, 'zuen', 'zituen'), plural(object, 'zuten', 'zituzten'));
/** `argitaratzeko gutxieneko kopurura (**3** parte-hartzaile) iritsi ziren`: what a published name reached. */
const reaching = (k: number, year?: number): string =>
  `argitaratzeko gutxieneko kopurura (${counted(k, bearer(year))}) ${year === undefined ? 'iristen diren' : 'iritsi ziren'}`;
/** `…ez zen izenik iritsi argitaratzeko gutxieneko kopurura: **3** parte-hartzaile.` */
const noneReaches = (none: string, threshold: string, year?: number): string =>
  opening(
    year,
    `ez ${year === undefined ? `da ${none} iristen` : `zen ${none} iritsi`} argitaratzeko gutxieneko kopurura: ${threshold}.`,
  );

const firstReached = (k: number): string =>
  `lehen aldiz argitaratzeko gutxieneko kopurura (${counted(k, PARTICIPANT)})`;
/** `**3** izen iritsi ziren lehen aldiz argitaratzeko…`, `**3** izen agertu ziren lehen aldiz`. */
const newNames = (count: number, k: number): string =>
  `${counted(count, 'izen')} ${k > 1 ? 'iritsi' : 'agertu'} ${plural(count, 'zen', 'ziren')} ${k > 1 ? firstReached(k) : 'lehen aldiz'}`;

/** Each ranking's noun, partitive (`izenik`), plural genitive and superlative. */
const RANKINGS: Record<Ranking, Record<'noun' | 'none' | 'of' | 'best' | 'seriesUnit', string>> = {
  names: { noun: 'izen', none: 'izenik', of: 'izenen', best: 'ohikoena', seriesUnit: 'agerraldi' },
  surnames: { noun: 'abizen', none: 'abizenik', of: 'abizenen', best: 'ohikoena', seriesUnit: 'agerraldi' },
  schools: {
    noun: SCHOOL,
    none: 'konpainiarik',
    of: 'konpainien',
    best: 'handiena',
    seriesUnit: PARTICIPATION,
  },
};

/** `**Ane** eta **Jon**`, `besteak beste **Ane**, **Iker** eta **Jon**`. */
function leaders(items: readonly RankedFigure[]): { names: string; many: boolean } {
  const { named, more, many } = tiedAtTop(items);
  return { names: (more ? 'besteak beste ' : '') + joinList(named.map(bold)), many };
}

/** `izen ohikoena **Jon** izan zen`, `abizen ohikoenak **Garcia** eta **Gil** dira`. */
function leadersClause(ranking: Ranking, top: readonly RankedFigure[], year?: number, ahead = false): string {
  const { noun, best } = RANKINGS[ranking];
  const { names, many } = leaders(top);
  return `${ahead ? '' : `${noun} `}${best}${many ? 'k' : ''} ${names} ${be(year, many)}`;
}

/** `Izen ohikoena **Jon** izan zen; abizen ohikoena, **Garcia**.`, or '' where the intro tells none. */
function namesSentence(names: PublishedNames, year?: number): string {
  if (!told(names.topNames, names.namesWithheld)) return '';
  const surnames = leaders(names.topSurnames);
  const more = told(names.topSurnames, names.surnamesWithheld)
    ? `; abizen ohikoena${surnames.many ? 'k' : ''}, ${surnames.names}`
    : '';
  return `${capitalize(leadersClause('names', names.topNames, year))}${more}.`;
}

/** The first sentence of a year's intro, worded three ways in turn as the Spanish one. */
function yearOpening({ year, participants, schools }: YearFigures): string {
  const festival = `${yr(year, 'localGenitive')} Haur Danborrada`;
  if (schools === 0) return `${festival}k ${counted(participants, CHILD)} bildu ${did(1, participants)}.`;
  if (year % 3 === 0)
    return `${festival}k ${counted(schools, SCHOOL, 'localGenitive')} ${counted(participants, CHILD)} bildu ${did(1, participants)}.`;
  if (year % 3 === 1)
    return `${yr(year, 'inessive')} ${counted(participants, CHILD)} atera ${plural(participants, 'zen', 'ziren')} kalera, ${counted(schools, SCHOOL, 'inessive')} banatuta.`;
  return `${festival}n, ${counted(schools, SCHOOL, 'ergative')} hartu ${did(schools)} parte, ${counted(participants, CHILD, 'comitative')} guztira.`;
}

function comparison({ participants, previous }: YearFigures): string {
  if (previous === null) return 'Datuak dituen lehen edizioa da.';
  const difference = participants - previous.participants;
  const then = yr(previous.year, 'inessive');
  if (difference === 0) return `${then} bezainbeste parte-hartzaile izan ziren.`;
  const more = difference > 0 ? 'gehiago' : 'gutxiago';
  const amount = Math.abs(difference);
  return `${then} baino ${counted(amount, PARTICIPANT)} ${more} izan ${plural(amount, 'zen', 'ziren')}.`;
}

const CLOSINGS = [
  'Eskerrik asko familia, konpainia eta danborrari guztiei, hau guztia ahalbidetzeagatik!',
  'Eskerrik asko, makilak eskuan, festa ahalbidetu zuten guztiei!',
];

export const basqueSummaries: BasqueSummaries = {
  /** `**2024**an, izen ohikoena **Jon** izan zen, **85** parte-hartzailerekin; atzetik, **Ane** (**80**)…` */
  ranking(ranking, top, year, withheld = NOTHING_WITHHELD) {
    const { none, of, seriesUnit } = RANKINGS[ranking];
    if (top.length === 0)
      return withheld.count === 0
        ? opening(year, `ez dago ${none} erregistratuta.`)
        : noneReaches(none, counted(withheld.k, bearer(year)), year);
    const among = withheld.ahead ? `, ${reaching(withheld.k, year)} ${of} artean` : '';
    const clause = leadersClause(ranking, top, year, withheld.ahead);
    const amount = counted(top[0]!.count, year === undefined ? seriesUnit : PARTICIPANT, 'comitative');
    if (leaders(top).many) return `${scope(year)}${among}, ${clause}, bakoitza ${amount}.`;
    const next = top.slice(1, 3).map((item) => `${bold(item.name)} (${num(item.count)})`);
    const after = next.length === 0 ? '' : `; atzetik, ${joinList(next)}`;
    return `${scope(year)}${among}, ${clause}, ${amount}${after}.`;
  },

  diversity(ranking, distinct, year, participants) {
    const what = counted(distinct, ranking === 'names' ? 'izen desberdin' : 'abizen desberdin');
    if (year === undefined) return `Edizio guztietan ${what} erregistratu ${plural(distinct, 'da', 'dira')}.`;
    const among =
      participants === undefined ? '' : `, ${counted(participants, PARTICIPANT, 'genitive')} artean`;
    return `${yr(year, 'inessive')} ${what} erregistratu ${plural(distinct, 'zen', 'ziren')}${among}.`;
  },

  commonNameBySchool(schools, leader, year, withheld = NOTHING_WITHHELD) {
    const { k, count: left } = withheld;
    const threshold = `konpainia bereko ${counted(k, bearer(year))}`;
    if (leader === null || schools === 0) {
      if (left === 0)
        return opening(
          year,
          `ez ${year === undefined ? 'da' : 'zen'} izenik erregistratu inongo konpainiatan.`,
        );
      return noneReaches('izenik inongo konpainiatan', threshold, year);
    }
    if (schools === 1 && left === 0)
      return opening(year, `konpainia bakarraren izen ohikoena ${bold(leader.name)} ${be(year, false)}.`);
    const leaderClause = `${bold(leader.name)} ${be(year, false)} ohikoena ${counted(leader.count, SCHOOL, 'inessive')}`;
    if (left === 0)
      return `${scope(year)}, konpainia bakoitzaren izen ohikoena argitaratzen da (${counted(schools, SCHOOL)}); ${leaderClause}.`;
    return (
      `${scope(year)}, izen ohikoena argitaratzeko gutxieneko kopurura (${threshold}) ` +
      `${year === undefined ? 'iristen da' : 'iritsi zen'} ${num(schools + left)} konpainietatik ${numberAlone(schools, 'inessive', bold)}; ${leaderClause}.`
    );
  },

  totalParticipantsByYear(year, participants, schools) {
    const from = schools === 0 ? '' : `${counted(schools, SCHOOL, 'localGenitive')} `;
    return `${yr(year, 'inessive')} ${from}${counted(participants, CHILD, 'ergative')} parte hartu ${did(participants)}.`;
  },

  totalParticipants({ years, participations, busiest }) {
    if (years.length === 1)
      return `${yr(years[0]!, 'inessive')}, datuak dituen edizio bakarrean, ${counted(busiest.count, CHILD, 'ergative')} parte hartu ${did(busiest.count)}.`;
    return (
      `${yr(years[0]!, 'ablative')} ${yr(years.at(-1)!, 'allative')}, ${counted(participations, PARTICIPATION)} ` +
      `erregistratu ${plural(participations, 'da', 'dira')} ${counted(years.length, EDITION, 'inessive')}; ` +
      `jendetsuena ${yr(busiest.year, 'localGenitive')}a izan zen, ${counted(busiest.count, CHILD, 'comitative')}.`
    );
  },

  newNamesByYear(year, count, top, k = 1) {
    const inYear = yr(year, 'inessive');
    if (count === 0 || top === undefined)
      return `${inYear} ${k > 1 ? `ez zen izenik iritsi ${firstReached(k)}` : 'ez zen izen berririk agertu'}.`;
    const sentence = `${inYear} ${newNames(count, k)}`;
    if (count === 1) return `${sentence}: ${bold(top.name)}.`;
    return `${sentence}; ohikoena ${bold(top.name)} izan zen, ${counted(top.count, PARTICIPANT, 'comitative')}.`;
  },

  newSchoolsByYear(year, schools) {
    if (schools.length === 0) return `${yr(year, 'inessive')} ez zen konpainia berririk izan.`;
    const among = schools.length > 3 ? ', besteak beste' : ':';
    const names = joinList(schools.slice(0, 3).map(bold));
    return `${yr(year, 'inessive')} ${counted(schools.length, SCHOOL, 'ergative')} parte hartu ${did(schools.length)} lehen aldiz${among} ${names}.`;
  },

  longestNames(top, withheld = NOTHING_WITHHELD) {
    if (top.length === 0)
      return withheld.count === 0
        ? 'Ez dago izenik erregistratuta.'
        : noneReaches('izenik', counted(withheld.k, CHILD));
    const { names, many } = leaders(top);
    const characters = counted(top[0]!.count, 'karaktere');
    const amount = many ? `(bakoitzak ${characters})` : `(${characters})`;
    const longest = `luzeena${many ? 'k' : ''} ${names} ${be(undefined, many)} ${amount}.`;
    if (withheld.ahead) return `${capitalize(reaching(withheld.k))} izenen artean, ${longest}`;
    return `Erregistratutako izen ${longest}`;
  },

  schoolsEvolution(schools, editions, top) {
    if (top === undefined || schools === 0) return 'Ez dago konpainiarik erregistratuta.';
    const sentence = `${capitalize(counted(schools, SCHOOL, 'ergative'))} parte hartu ${plural(schools, 'du', 'dute')} ${counted(editions, EDITION, 'inessive')}`;
    const participations = counted(top.count, PARTICIPATION, 'comitative');
    if (schools === 1) return `${sentence}: ${bold(top.name)}, ${participations}.`;
    return `${sentence}; gehien parte hartu duena ${bold(top.name)} da, ${participations}.`;
  },

  mostConstantSchools(editions, top, alwaysPresent) {
    if (top === undefined) return 'Ez dago konpainiarik erregistratuta.';
    if (editions === 1)
      return `${capitalize(counted(editions, EDITION, 'genitive'))} datuak baino ez daude; beraz, konpainia guztiak edizio berean egon dira, eta zerrendaren buruan ${bold(top.name)} dago.`;
    const sentence = `Konpainia iraunkorrena ${bold(top.name)} da: datuak dituzten ${num(editions)} edizioetatik ${numberAlone(top.count, 'inessive', bold)} egon da.`;
    if (alwaysPresent <= 1) return sentence;
    return `${sentence} Guztira, ${counted(alwaysPresent, SCHOOL)} egon dira edizio guztietan.`;
  },

  introByYear(f) {
    const names = namesSentence(f, f.year);
    return [yearOpening(f), comparison(f), names].filter((sentence) => sentence !== '').join(' ');
  },

  outroByYear(f) {
    const figures = `${counted(f.participants, PARTICIPANT)}, ${counted(f.distinctNames, 'izen desberdin')} eta ${counted(f.schools, SCHOOL)}`;
    let newSchools = '';
    if (f.newSchools === f.schools && f.schools > 0)
      newSchools = `, ${plural(f.schools, 'berria', 'guztiak berriak')}`;
    else if (f.newSchools > 0)
      newSchools = `, horietako ${numberAlone(f.newSchools, 'absolutive', bold)} ${plural(f.newSchools, 'berria', 'berriak')}`;
    const sentences = [`Hauek dira ${yr(f.year, 'localGenitive')} datu nagusiak: ${figures}${newSchools}.`];
    if (f.newNames > 0) sentences.push(`Gainera, ${newNames(f.newNames, f.k ?? 1)}.`);
    sentences.push(CLOSINGS[f.year % CLOSINGS.length]!);
    return sentences.join(' ');
  },

  introGlobal(f) {
    const [first, last] = [f.years[0]!, f.years.at(-1)!];
    const editions =
      f.years.length === 1
        ? `oraingoz edizio bakarra biltzen du, ${yr(first, 'localGenitive')}a`
        : `${counted(f.years.length, EDITION)} biltzen ditu, ${yr(first, 'ablative')} ${yr(last, 'allative')}`;
    const from = f.schools === 0 ? '' : `${counted(f.schools, SCHOOL, 'localGenitive')} `;
    const sentences = [
      `Haur Danborradaren serieak ${editions}, ${from}${counted(f.participations, PARTICIPATION, 'comitative')}.`,
    ];
    const missing = missingYears(f.years);
    if (missing.length === 1) sentences.push(`Ez dago ${yr(missing[0]!, 'localGenitive')} daturik.`);
    if (missing.length > 1)
      sentences.push(`Ez dago daturik urte hauetan: ${joinList(missing.map((year) => bold(String(year))))}.`);
    if (f.years.length > 1)
      sentences.push(
        `Edizio jendetsuena ${yr(f.busiest.year, 'localGenitive')}a izan zen, ${counted(f.busiest.count, CHILD, 'comitative')}.`,
      );
    const names = namesSentence(f);
    if (names !== '' && sentences.length < 4) sentences.push(names);
    return sentences.join(' ');
  },

  outroGlobal(f) {
    const sentences: string[] = [];
    const editions = f.years.length;
    if (f.schools > 0) {
      let always = '';
      if (editions > 1 && f.alwaysPresent === f.schools)
        always = `, ${plural(f.schools, '', 'guztiak ')}${num(editions)} edizioetan`;
      else if (editions > 1 && f.alwaysPresent > 0)
        always = `, eta horietako ${numberAlone(f.alwaysPresent, 'absolutive', bold)} edizio guztietan egon ${plural(f.alwaysPresent, 'da', 'dira')}`;
      sentences.push(
        `Guztira, ${counted(f.schools, SCHOOL, 'ergative')} parte hartu ${plural(f.schools, 'du', 'dute')} Haur Danborradan${always}.`,
      );
    }
    if (f.topSchool !== null) {
      const participations = counted(f.topSchool.count, PARTICIPATION, 'comitative');
      sentences.push(`Haur gehien ekarri dituena ${bold(f.topSchool.name)} da, ${participations}.`);
    }
    sentences.push(
      `Denen artean ${counted(f.distinctNames, 'izen desberdin')} bildu ${plural(f.distinctNames, 'dute', 'dituzte')}. ` +
        'Eskerrik asko urtez urte festa ahalbidetzen duten guztiei!',
    );
    return sentences.join(' ');
  },
};
