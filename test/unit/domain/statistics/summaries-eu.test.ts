import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  basqueSummaries as eu,
  type BasqueSummaries,
} from '../../../../src/domain/statistics/summaries-eu.js';
import {
  statisticSummaries,
  type RankedFigure,
  type SeriesFigures,
  type Withheld,
  type YearFigures,
} from '../../../../src/domain/statistics/summaries.js';

const A = 'Ikastola Alfa';
const B = 'Ikastola Beta';
const TOP: RankedFigure[] = [
  { name: 'Jon', count: 1085 },
  { name: 'Ane', count: 80 },
  { name: 'Iker', count: 75 },
  { name: 'Mikel', count: 70 },
];
const TIED = ['Ane', 'Iker', 'Jon', 'Mikel'].map((name) => ({ name, count: 9 }));
/** Two names withheld, one of them as frequent as the first listed, or more. */
const AHEAD: Withheld = { k: 3, count: 2, ahead: true };
const BEHIND: Withheld = { k: 3, count: 2, ahead: false };
const NAMES = {
  topNames: [{ name: 'Ane', count: 2 }],
  topSurnames: ['Garcia', 'Gil', 'Ruiz'].map((name) => ({ name, count: 2 })),
};
const YEAR: YearFigures = {
  ...NAMES,
  year: 2020,
  participants: 3,
  schools: 2,
  distinctNames: 2,
  previous: { year: 2019, participants: 3 },
  newNames: 1,
  newSchools: 1,
};
/** 2021 missing, as the cancelled edition. */
const SERIES: SeriesFigures = {
  ...NAMES,
  years: [2019, 2020, 2022],
  participations: 6,
  schools: 3,
  distinctNames: 3,
  busiest: { year: 2019, count: 3 },
  alwaysPresent: 1,
  topSchool: { name: A, count: 3 },
};

describe('Basque summary templates', () => {
  it('have the Spanish templates’ keys and parameters, and return text', () => {
    type ParametersOf<T> = { [K in keyof T]: T[K] extends (...args: infer P) => string ? P : never };
    expectTypeOf<ParametersOf<typeof eu>>().toEqualTypeOf<ParametersOf<typeof statisticSummaries>>();
    expectTypeOf(statisticSummaries).toExtend<BasqueSummaries>();
    expect(Object.keys(eu).sort()).toEqual(Object.keys(statisticSummaries).sort());
  });

  it('ranking: the leader and the next two, tied leaders, the series, nothing', () => {
    expect(eu.ranking('names', TOP, 2024)).toBe(
      '**2024**an, izen ohikoena **Jon** izan zen, **1.085** parte-hartzailerekin; atzetik, **Ane** (**80**) eta **Iker** (**75**).',
    );
    expect(eu.ranking('names', TOP.slice(0, 1), 2021)).toBe(
      '**2021**ean, izen ohikoena **Jon** izan zen, **1.085** parte-hartzailerekin.',
    );
    expect(eu.ranking('names', [{ name: 'Jon', count: 1 }], 2011)).toBe(
      '**2011**n, izen ohikoena **Jon** izan zen, parte-hartzaile **batekin**.',
    );
    expect(
      eu.ranking('schools', [
        { name: A, count: 20 },
        { name: B, count: 20 },
      ]),
    ).toBe(
      'Edizio guztiak kontuan hartuta, konpainia handienak **Ikastola Alfa** eta **Ikastola Beta** dira, bakoitza **20** parte-hartzerekin.',
    );
    expect(eu.ranking('surnames', TIED)).toBe(
      'Edizio guztiak kontuan hartuta, abizen ohikoenak besteak beste **Ane**, **Iker** eta **Jon** dira, bakoitza **9** agerraldirekin.',
    );
    expect(eu.ranking('surnames', [], 2024)).toBe('**2024**an ez dago abizenik erregistratuta.');
    expect(eu.ranking('schools', [])).toBe('Ez dago konpainiarik erregistratuta.');
  });

  it('ranking: the small-count rule, for a year and for the series', () => {
    expect(eu.ranking('names', [], 2024, BEHIND)).toBe(
      '**2024**an ez zen izenik iritsi argitaratzeko gutxieneko kopurura: **3** parte-hartzaile.',
    );
    expect(eu.ranking('surnames', [], undefined, BEHIND)).toBe(
      'Ez da abizenik iristen argitaratzeko gutxieneko kopurura: **3** haur.',
    );
    expect(eu.ranking('names', TOP, 2025, AHEAD)).toBe(
      '**2025**ean, argitaratzeko gutxieneko kopurura (**3** parte-hartzaile) iritsi ziren izenen artean, ohikoena **Jon** izan zen, **1.085** parte-hartzailerekin; atzetik, **Ane** (**80**) eta **Iker** (**75**).',
    );
    expect(eu.ranking('names', TIED, undefined, AHEAD)).toBe(
      'Edizio guztiak kontuan hartuta, argitaratzeko gutxieneko kopurura (**3** haur) iristen diren izenen artean, ohikoenak besteak beste **Ane**, **Iker** eta **Jon** dira, bakoitza **9** agerraldirekin.',
    );
    expect(eu.ranking('names', TOP, 2024, BEHIND)).toBe(eu.ranking('names', TOP, 2024));
  });

  it('diversity: a year among its participants, the series', () => {
    expect(eu.diversity('names', 2, 2024, 3)).toBe(
      '**2024**an **2** izen desberdin erregistratu ziren, **3** parte-hartzaileren artean.',
    );
    expect(eu.diversity('surnames', 1, 2030)).toBe('**2030**ean abizen desberdin **bat** erregistratu zen.');
    expect(eu.diversity('names', 2)).toBe('Edizio guztietan **2** izen desberdin erregistratu dira.');
    expect(eu.diversity('surnames', 1)).toBe('Edizio guztietan abizen desberdin **bat** erregistratu da.');
  });

  it('commonNameBySchool: one school, every school, some withheld, none', () => {
    const leader = { name: 'Ane', count: 3 };
    expect(eu.commonNameBySchool(1, { name: 'Ane', count: 1 }, 2024)).toBe(
      '**2024**an konpainia bakarraren izen ohikoena **Ane** izan zen.',
    );
    expect(eu.commonNameBySchool(1, { name: 'Ane', count: 1 })).toBe(
      'Konpainia bakarraren izen ohikoena **Ane** da.',
    );
    expect(eu.commonNameBySchool(5, leader, 2024)).toBe(
      '**2024**an, konpainia bakoitzaren izen ohikoena argitaratzen da (**5** konpainia); **Ane** izan zen ohikoena **3** konpainiatan.',
    );
    expect(eu.commonNameBySchool(5, { name: 'Ane', count: 1 })).toBe(
      'Edizio guztiak kontuan hartuta, konpainia bakoitzaren izen ohikoena argitaratzen da (**5** konpainia); **Ane** da ohikoena konpainia **batean**.',
    );
    expect(eu.commonNameBySchool(3, { name: 'Ane', count: 2 }, 2018, BEHIND)).toBe(
      '**2018**an, izen ohikoena argitaratzeko gutxieneko kopurura (konpainia bereko **3** parte-hartzaile) iritsi zen **5** konpainietatik **3**tan; **Ane** izan zen ohikoena **2** konpainiatan.',
    );
    expect(eu.commonNameBySchool(0, null, 2024, BEHIND)).toBe(
      '**2024**an ez zen izenik inongo konpainiatan iritsi argitaratzeko gutxieneko kopurura: konpainia bereko **3** parte-hartzaile.',
    );
    expect(eu.commonNameBySchool(0, null, undefined, BEHIND)).toBe(
      'Ez da izenik inongo konpainiatan iristen argitaratzeko gutxieneko kopurura: konpainia bereko **3** haur.',
    );
    expect(eu.commonNameBySchool(0, null, 2024)).toBe(
      '**2024**an ez zen izenik erregistratu inongo konpainiatan.',
    );
    expect(eu.commonNameBySchool(0, null)).toBe('Ez da izenik erregistratu inongo konpainiatan.');
  });

  it('totalParticipantsByYear: the ergative of parte hartu, singular and plural', () => {
    expect(eu.totalParticipantsByYear(2024, 4612, 44)).toBe(
      '**2024**an **44** konpainiatako **4.612** haurrek parte hartu zuten.',
    );
    expect(eu.totalParticipantsByYear(2024, 1, 1)).toBe(
      '**2024**an konpainia **bateko** haur **batek** parte hartu zuen.',
    );
    expect(eu.totalParticipantsByYear(2011, 5, 0)).toBe('**2011**n **5** haurrek parte hartu zuten.');
  });

  it('totalParticipants: the series from its first year to its last, or its only one', () => {
    expect(eu.totalParticipants(SERIES)).toBe(
      '**2019**tik **2022**ra, **6** parte-hartze erregistratu dira **3** ediziotan; jendetsuena **2019**koa izan zen, **3** haurrekin.',
    );
    expect(eu.totalParticipants({ ...SERIES, years: [2021, 2025], busiest: { year: 2021, count: 1 } })).toBe(
      '**2021**etik **2025**era, **6** parte-hartze erregistratu dira **2** ediziotan; jendetsuena **2021**ekoa izan zen, haur **batekin**.',
    );
    expect(eu.totalParticipants({ ...SERIES, years: [2024], busiest: { year: 2024, count: 1 } })).toBe(
      '**2024**an, datuak dituen edizio bakarrean, haur **batek** parte hartu zuen.',
    );
  });

  it('newNamesByYear: none, one, many; with k over 1, the names first published', () => {
    expect(eu.newNamesByYear(2022, 0, undefined)).toBe('**2022**an ez zen izen berririk agertu.');
    expect(eu.newNamesByYear(2020, 1, { name: 'Iker', count: 1 })).toBe(
      '**2020**an izen **bat** agertu zen lehen aldiz: **Iker**.',
    );
    expect(eu.newNamesByYear(2020, 5, { name: 'Jon', count: 3 })).toBe(
      '**2020**an **5** izen agertu ziren lehen aldiz; ohikoena **Jon** izan zen, **3** parte-hartzailerekin.',
    );
    expect(eu.newNamesByYear(2020, 0, undefined, 3)).toBe(
      '**2020**an ez zen izenik iritsi lehen aldiz argitaratzeko gutxieneko kopurura (**3** parte-hartzaile).',
    );
    expect(eu.newNamesByYear(2020, 1, { name: 'Iker', count: 4 }, 3)).toBe(
      '**2020**an izen **bat** iritsi zen lehen aldiz argitaratzeko gutxieneko kopurura (**3** parte-hartzaile): **Iker**.',
    );
    expect(eu.newNamesByYear(2020, 4, { name: 'Jon', count: 5 }, 3)).toBe(
      '**2020**an **4** izen iritsi ziren lehen aldiz argitaratzeko gutxieneko kopurura (**3** parte-hartzaile); ohikoena **Jon** izan zen, **5** parte-hartzailerekin.',
    );
  });

  it('newSchoolsByYear: none, one, up to three named', () => {
    expect(eu.newSchoolsByYear(2023, [])).toBe('**2023**an ez zen konpainia berririk izan.');
    expect(eu.newSchoolsByYear(2020, ['Ikastola Gamma'])).toBe(
      '**2020**an konpainia **batek** parte hartu zuen lehen aldiz: **Ikastola Gamma**.',
    );
    expect(eu.newSchoolsByYear(2023, ['Ane', 'Bat', 'Iturri', 'Zaz'])).toBe(
      '**2023**an **4** konpainiak parte hartu zuten lehen aldiz, besteak beste **Ane**, **Bat** eta **Iturri**.',
    );
  });

  it('longestNames: one, tied, withheld ahead, none', () => {
    expect(eu.longestNames([{ name: 'Iker', count: 4 }])).toBe(
      'Erregistratutako izen luzeena **Iker** da (**4** karaktere).',
    );
    expect(eu.longestNames(TIED)).toBe(
      'Erregistratutako izen luzeenak besteak beste **Ane**, **Iker** eta **Jon** dira (bakoitzak **9** karaktere).',
    );
    expect(eu.longestNames([{ name: 'Iker', count: 4 }], AHEAD)).toBe(
      'Argitaratzeko gutxieneko kopurura (**3** haur) iristen diren izenen artean, luzeena **Iker** da (**4** karaktere).',
    );
    expect(eu.longestNames([])).toBe('Ez dago izenik erregistratuta.');
    expect(eu.longestNames([], BEHIND)).toBe(
      'Ez da izenik iristen argitaratzeko gutxieneko kopurura: **3** haur.',
    );
  });

  it('schoolsEvolution and mostConstantSchools: one edition and one school, many, none', () => {
    const school = { name: A, count: 1 };
    expect(eu.schoolsEvolution(1, 1, school)).toBe(
      'Konpainia **batek** parte hartu du edizio **batean**: **Ikastola Alfa**, parte-hartze **batekin**.',
    );
    expect(eu.schoolsEvolution(5, 7, { name: A, count: 20 })).toBe(
      '**5** konpainiak parte hartu dute **7** ediziotan; gehien parte hartu duena **Ikastola Alfa** da, **20** parte-hartzerekin.',
    );
    expect(eu.schoolsEvolution(0, 7, undefined)).toBe('Ez dago konpainiarik erregistratuta.');
    expect(eu.mostConstantSchools(1, school, 1)).toBe(
      'Edizio **baten** datuak baino ez daude; beraz, konpainia guztiak edizio berean egon dira, eta zerrendaren buruan **Ikastola Alfa** dago.',
    );
    expect(eu.mostConstantSchools(3, { name: A, count: 2 }, 1)).toBe(
      'Konpainia iraunkorrena **Ikastola Alfa** da: datuak dituzten **3** edizioetatik **2**tan egon da.',
    );
    expect(eu.mostConstantSchools(7, { name: A, count: 7 }, 3)).toBe(
      'Konpainia iraunkorrena **Ikastola Alfa** da: datuak dituzten **7** edizioetatik **7**tan egon da. ' +
        'Guztira, **3** konpainia egon dira edizio guztietan.',
    );
    expect(eu.mostConstantSchools(7, undefined, 0)).toBe('Ez dago konpainiarik erregistratuta.');
  });
});

describe('Basque intros and outros', () => {
  it('a year: its opening worded three ways in turn, the comparison, the names', () => {
    expect(eu.introByYear({ ...YEAR, year: 2019, previous: null })).toBe(
      '**2019**ko Haur Danborradak **2** konpainiatako **3** haur bildu zituen. Datuak dituen lehen edizioa da. ' +
        'Izen ohikoena **Ane** izan zen; abizen ohikoenak, **Garcia**, **Gil** eta **Ruiz**.',
    );
    expect(eu.introByYear(YEAR)).toBe(
      '**2020**an **3** haur atera ziren kalera, **2** konpainiatan banatuta. **2019**an bezainbeste parte-hartzaile izan ziren. ' +
        'Izen ohikoena **Ane** izan zen; abizen ohikoenak, **Garcia**, **Gil** eta **Ruiz**.',
    );
    expect(eu.introByYear({ ...YEAR, year: 2021, participants: 1, schools: 1, topSurnames: [] })).toBe(
      '**2021**eko Haur Danborradan, konpainia **batek** hartu zuen parte, haur **batekin** guztira. **2019**an baino **2** parte-hartzaile gutxiago izan ziren. ' +
        'Izen ohikoena **Ane** izan zen.',
    );
    expect(eu.introByYear({ ...YEAR, year: 2024, participants: 5, schools: 2 })).toBe(
      '**2024**ko Haur Danborradan, **2** konpainiak hartu zuten parte, **5** haurrekin guztira. **2019**an baino **2** parte-hartzaile gehiago izan ziren. ' +
        'Izen ohikoena **Ane** izan zen; abizen ohikoenak, **Garcia**, **Gil** eta **Ruiz**.',
    );
  });

  it('a year: no school, one more or one fewer, the names withheld ahead', () => {
    expect(
      eu.introByYear({
        ...YEAR,
        year: 2024,
        participants: 1,
        schools: 0,
        namesWithheld: AHEAD,
        previous: { year: 2023, participants: 2 },
      }),
    ).toBe(
      '**2024**ko Haur Danborradak haur **bat** bildu zuen. **2023**an baino parte-hartzaile **bat** gutxiago izan zen.',
    );
  });

  it('a year: its figures, the new schools and names, a closing of thanks', () => {
    expect(eu.outroByYear(YEAR)).toBe(
      'Hauek dira **2020**ko datu nagusiak: **3** parte-hartzaile, **2** izen desberdin eta **2** konpainia, horietako **bat** berria. ' +
        'Gainera, izen **bat** agertu zen lehen aldiz. ' +
        'Eskerrik asko familia, konpainia eta danborrari guztiei, hau guztia ahalbidetzeagatik!',
    );
    expect(eu.outroByYear({ ...YEAR, year: 2011, newSchools: 2, newNames: 0 })).toBe(
      'Hauek dira **2011**ko datu nagusiak: **3** parte-hartzaile, **2** izen desberdin eta **2** konpainia, guztiak berriak. ' +
        'Eskerrik asko, makilak eskuan, festa ahalbidetu zuten guztiei!',
    );
    expect(eu.outroByYear({ ...YEAR, schools: 1, newSchools: 1, newNames: 4 })).toContain(
      'konpainia **bat**, berria. Gainera, **4** izen agertu ziren lehen aldiz.',
    );
  });

  it('the series: its editions, the years without data, the busiest, the names', () => {
    expect(eu.introGlobal(SERIES)).toBe(
      'Haur Danborradaren serieak **3** edizio biltzen ditu, **2019**tik **2022**ra, **3** konpainiatako **6** parte-hartzerekin. ' +
        'Ez dago **2021**eko daturik. Edizio jendetsuena **2019**koa izan zen, **3** haurrekin. ' +
        'Izen ohikoena **Ane** da; abizen ohikoenak, **Garcia**, **Gil** eta **Ruiz**.',
    );
    expect(eu.introGlobal({ ...SERIES, years: [2018, 2021, 2023] })).toContain(
      'Ez dago daturik urte hauetan: **2019**, **2020** eta **2022**.',
    );
    expect(eu.introGlobal({ ...SERIES, years: [2024], schools: 0, participations: 1 })).toBe(
      'Haur Danborradaren serieak oraingoz edizio bakarra biltzen du, **2024**koa, parte-hartze **batekin**. ' +
        'Izen ohikoena **Ane** da; abizen ohikoenak, **Garcia**, **Gil** eta **Ruiz**.',
    );
  });

  it('the series: its schools, those in every edition, the largest, its thanks', () => {
    expect(eu.outroGlobal(SERIES)).toBe(
      'Guztira, **3** konpainiak parte hartu dute Haur Danborradan, eta horietako **bat** edizio guztietan egon da. ' +
        'Haur gehien ekarri dituena **Ikastola Alfa** da, **3** parte-hartzerekin. ' +
        'Denen artean **3** izen desberdin bildu dituzte. Eskerrik asko urtez urte festa ahalbidetzen duten guztiei!',
    );
    expect(eu.outroGlobal({ ...SERIES, alwaysPresent: 3, topSchool: null, distinctNames: 1 })).toBe(
      'Guztira, **3** konpainiak parte hartu dute Haur Danborradan, guztiak **3** edizioetan. ' +
        'Denen artean izen desberdin **bat** bildu dute. Eskerrik asko urtez urte festa ahalbidetzen duten guztiei!',
    );
    expect(eu.outroGlobal({ ...SERIES, schools: 1, alwaysPresent: 1 })).toContain(
      'Guztira, konpainia **batek** parte hartu du Haur Danborradan, **3** edizioetan.',
    );
  });
});

describe('Basque summaries of any figures', () => {
  const name = fc.constantFrom('Ane', 'Jon', 'Iker', 'Miren', 'Ikastola Alfa', 'Ikastola Beta', 'Garcia');
  const count = fc.integer({ min: 1, max: 20_000 });
  const year = fc.integer({ min: 1990, max: 2040 });
  const ranked = (minLength = 0) =>
    fc
      .array(fc.record({ name, count }), { minLength, maxLength: 6 })
      .map((items) => items.sort((a, b) => b.count - a.count));
  const withheld = fc.record({ k: fc.integer({ min: 1, max: 10 }), count: fc.nat(20), ahead: fc.boolean() });
  const names = {
    topNames: ranked(),
    topSurnames: ranked(),
    namesWithheld: fc.option(withheld, { nil: undefined }),
    surnamesWithheld: fc.option(withheld, { nil: undefined }),
  };
  const yearFigures: fc.Arbitrary<YearFigures> = fc.record({
    ...names,
    year,
    participants: count,
    schools: fc.nat(50),
    distinctNames: fc.nat(500),
    previous: fc.option(fc.record({ year, participants: count }), { nil: null }),
    k: fc.integer({ min: 1, max: 10 }),
    newNames: fc.nat(50),
    newSchools: fc.nat(50),
  });
  const seriesFigures: fc.Arbitrary<SeriesFigures> = fc.record({
    ...names,
    years: fc.uniqueArray(year, { minLength: 1, maxLength: 8 }).map((years) => years.sort((a, b) => a - b)),
    participations: count,
    schools: fc.nat(50),
    distinctNames: fc.nat(500),
    busiest: fc.record({ year, count }),
    alwaysPresent: fc.nat(50),
    topSchool: fc.option(fc.record({ name, count }), { nil: null }),
  });
  const input = fc.record({
    ranking: fc.constantFrom('names' as const, 'surnames' as const, 'schools' as const),
    top: ranked(),
    year,
    maybeYear: fc.option(year, { nil: undefined }),
    withheld,
    count,
    amount: fc.nat(50),
    leader: fc.option(fc.record({ name, count }), { nil: null }),
    schools: fc.array(name, { maxLength: 5 }),
    yearFigures,
    seriesFigures,
  });
  type Input = typeof input extends fc.Arbitrary<infer T> ? T : never;

  /** Every template once, called alike in either language. */
  const everySummary = (t: BasqueSummaries, i: Input): string[] => [
    t.ranking(i.ranking, i.top, i.maybeYear, i.withheld),
    t.diversity(i.ranking === 'surnames' ? 'surnames' : 'names', i.amount, i.maybeYear, i.count),
    t.commonNameBySchool(i.amount, i.leader, i.maybeYear, i.withheld),
    t.totalParticipantsByYear(i.year, i.count, i.amount),
    t.totalParticipants(i.seriesFigures),
    // The names first published; the list's first is told.
    t.newNamesByYear(i.year, i.amount, i.amount > 0 ? i.top[0] : undefined, i.withheld.k),
    t.newSchoolsByYear(i.year, i.schools),
    t.longestNames(i.top, i.withheld),
    t.schoolsEvolution(i.amount, i.count, i.top[0]),
    t.mostConstantSchools(i.count, i.top[0], i.amount),
    t.introByYear(i.yearFigures),
    t.outroByYear(i.yearFigures),
    t.introGlobal(i.seriesFigures),
    t.outroGlobal(i.seriesFigures),
  ];
  /** Words with their endings, figures' too (`**2018**an`: `2018an`); not bare figures. */
  const words = (text: string): string[] =>
    (
      text
        .replaceAll('**', '')
        .toLowerCase()
        .match(/[\p{L}\p{N}-]+/gu) ?? []
    ).filter((word) => /\p{L}/u.test(word));
  /** The names of the figures, and `parte`: Basque too (`parte hartu`, Spanish `formar parte`). */
  const NOT_SPANISH_ONLY = new Set(words('Ane Jon Iker Miren Ikastola Alfa Beta Garcia parte'));

  it('use no word of the Spanish summaries of the same figures', () => {
    fc.assert(
      fc.property(input, (i) => {
        const spanish = new Set(everySummary(statisticSummaries, i).flatMap(words));
        for (const text of everySummary(eu, i)) {
          const shared = words(text).filter((word) => spanish.has(word) && !NOT_SPANISH_ONLY.has(word));
          expect(shared, text).toEqual([]);
          for (const spanishText of [' de ', ' y ', 'participantes', 'compañía', 'nombre', 'edición', '¡'])
            expect(text).not.toContain(spanishText);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('are whole sentences with the Spanish ones’ figures and names in bold', () => {
    // One is the word `bat`, declined with its noun, where Spanish writes the figure.
    const boldRuns = (text: string) =>
      text
        .split('**')
        .filter((_, i) => i % 2 === 1)
        .map((run) => (/^bat(ek|en|ekin|ean|eko)?$/.test(run) ? '1' : run));
    fc.assert(
      fc.property(input, (i) => {
        const spanish = everySummary(statisticSummaries, i);
        for (const [n, text] of everySummary(eu, i).entries()) {
          expect(boldRuns(text).sort(), text).toEqual(boldRuns(spanish[n]!).sort());
          expect(text).toMatch(/^[A-Z*].*[.!]$/);
          expect(text).not.toMatch(/undefined|null|NaN| {2}| ,| \./);
          expect(text.split('**').length % 2, text).toBe(1);
          // One is `bat` wherever it counts something; a bare figure only in a ranking's parentheses.
          expect(text, text).not.toMatch(/(?<!\()\*\*1\*\*/);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('Basque summaries at every number form they print', () => {
  /** One, two, the teens, twenty-one (read `hogeita bat`), hundreds, thousands, and their sounds. */
  const NUMBERS = [1, 2, 3, 5, 10, 11, 20, 21, 38, 100, 101, 1000, 1001, 4586];
  /** A number standing for things named before it, in the inessive, as it is read (`hemezortzitan`, `bostetan`). */
  const INESSIVE: Record<number, string> = {
    1: '**batean**',
    2: '**2**tan',
    3: '**3**tan',
    5: '**5**etan',
    10: '**10**etan',
    11: '**11**tan',
    20: '**20**tan',
    21: '**21**ean',
    38: '**38**tan',
    100: '**100**etan',
    101: '**101**ean',
    1000: '**1.000**tan',
    1001: '**1.001**ean',
    4586: '**4.586**tan',
  };
  /** `**4.586**`: a figure in bold, grouped with a dot from four digits on. */
  const b = (n: number) => `**${String(n).replace(/\B(?=(\d{3})+$)/g, '.')}**`;
  const schools = (n: number) => Array.from({ length: n }, (_, i) => `S${i + 1}`);

  it.each(NUMBERS)('%i: nouns counted, one as `bat`, and verbs agreeing', (n) => {
    const one = n === 1;
    /** `haur **batek**` or `**5** haurrek`: one after its noun, declined; a figure before it. */
    const count = (oneForm: string, manyForm: string) => (one ? oneForm : `${b(n)} ${manyForm}`);
    expect(eu.totalParticipantsByYear(2024, n, n)).toBe(
      `**2024**an ${count('konpainia **bateko**', 'konpainiatako')} ${count('haur **batek**', 'haurrek')} parte hartu ${one ? 'zuen' : 'zuten'}.`,
    );
    expect(eu.totalParticipants({ ...SERIES, years: [2024], busiest: { year: 2024, count: n } })).toBe(
      `**2024**an, datuak dituen edizio bakarrean, ${count('haur **batek**', 'haurrek')} parte hartu ${one ? 'zuen' : 'zuten'}.`,
    );
    expect(eu.diversity('names', n, 2024)).toBe(
      `**2024**an ${count('izen desberdin **bat**', 'izen desberdin')} erregistratu ${one ? 'zen' : 'ziren'}.`,
    );
    expect(eu.ranking('names', [{ name: 'Jon', count: n }], 2024)).toBe(
      `**2024**an, izen ohikoena **Jon** izan zen, ${count('parte-hartzaile **batekin**', 'parte-hartzailerekin')}.`,
    );
    expect(eu.longestNames([{ name: 'Iker', count: n }])).toBe(
      `Erregistratutako izen luzeena **Iker** da (${count('karaktere **bat**', 'karaktere')}).`,
    );
    const named = schools(n)
      .slice(0, 3)
      .map((school) => `**${school}**`);
    const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} eta ${named.at(-1)}`;
    expect(eu.newSchoolsByYear(2020, schools(n))).toBe(
      `**2020**an ${count('konpainia **batek**', 'konpainiak')} parte hartu ${one ? 'zuen' : 'zuten'} lehen aldiz${n > 3 ? ', besteak beste' : ':'} ${list}.`,
    );
    expect(eu.newNamesByYear(2020, n, { name: 'Jon', count: n })).toBe(
      one
        ? '**2020**an izen **bat** agertu zen lehen aldiz: **Jon**.'
        : `**2020**an ${b(n)} izen agertu ziren lehen aldiz; ohikoena **Jon** izan zen, ${b(n)} parte-hartzailerekin.`,
    );
    expect(eu.schoolsEvolution(n, n, { name: A, count: n })).toBe(
      one
        ? 'Konpainia **batek** parte hartu du edizio **batean**: **Ikastola Alfa**, parte-hartze **batekin**.'
        : `${b(n)} konpainiak parte hartu dute ${b(n)} ediziotan; gehien parte hartu duena **Ikastola Alfa** da, ${b(n)} parte-hartzerekin.`,
    );
    expect(
      eu.introByYear({
        ...YEAR,
        year: 2021,
        participants: n,
        schools: n,
        topSurnames: [],
        previous: { year: 2019, participants: 2 * n },
      }),
    ).toBe(
      `**2021**eko Haur Danborradan, ${count('konpainia **batek**', 'konpainiak')} hartu ${one ? 'zuen' : 'zuten'} parte, ${count('haur **batekin**', 'haurrekin')} guztira. ` +
        `**2019**an baino ${count('parte-hartzaile **bat**', 'parte-hartzaile')} gutxiago izan ${one ? 'zen' : 'ziren'}. Izen ohikoena **Ane** izan zen.`,
    );
  });

  it.each(NUMBERS)('%i: a number standing for things named before it, and `horietako bat`', (n) => {
    const one = n === 1;
    const plus = n + 4;
    expect(eu.commonNameBySchool(n, { name: 'Ane', count: n }, 2018, { k: 3, count: 4, ahead: false })).toBe(
      `**2018**an, izen ohikoena argitaratzeko gutxieneko kopurura (konpainia bereko **3** parte-hartzaile) iritsi zen ${b(plus)} konpainietatik ${INESSIVE[n]}; ` +
        `**Ane** izan zen ohikoena ${one ? 'konpainia **batean**' : `${b(n)} konpainiatan`}.`,
    );
    expect(eu.mostConstantSchools(n + 1, { name: A, count: n }, 0)).toBe(
      `Konpainia iraunkorrena **Ikastola Alfa** da: datuak dituzten ${b(n + 1)} edizioetatik ${INESSIVE[n]} egon da.`,
    );
    expect(
      eu.outroByYear({
        ...YEAR,
        participants: n,
        distinctNames: n,
        schools: n + 1,
        newSchools: n,
        newNames: n,
      }),
    ).toBe(
      `Hauek dira **2020**ko datu nagusiak: ${one ? 'parte-hartzaile **bat**' : `${b(n)} parte-hartzaile`}, ` +
        `${one ? 'izen desberdin **bat**' : `${b(n)} izen desberdin`} eta ${b(n + 1)} konpainia, horietako ${one ? '**bat** berria' : `${b(n)} berriak`}. ` +
        `Gainera, ${one ? 'izen **bat** agertu zen' : `${b(n)} izen agertu ziren`} lehen aldiz. ` +
        'Eskerrik asko familia, konpainia eta danborrari guztiei, hau guztia ahalbidetzeagatik!',
    );
    expect(
      eu.outroGlobal({ ...SERIES, schools: n + 1, alwaysPresent: n, topSchool: null, distinctNames: n }),
    ).toBe(
      `Guztira, ${b(n + 1)} konpainiak parte hartu dute Haur Danborradan, eta horietako ${one ? '**bat** edizio guztietan egon da' : `${b(n)} edizio guztietan egon dira`}. ` +
        `Denen artean ${one ? 'izen desberdin **bat** bildu dute' : `${b(n)} izen desberdin bildu dituzte`}. Eskerrik asko urtez urte festa ahalbidetzen duten guztiei!`,
    );
  });
});
