/**
 * A small fictional festival with rare names in every scope the small-count rule knows
 * (DESIGN §5), and what the rule must let through: children per first name, surname and
 * school's first name in each year and over the series, counted as the rule counts them
 * (distinct whole names).
 */
import { splitFullName } from '../../src/domain/statistics/index.js';
import type { ParticipantRecord } from '../../src/domain/types.js';

export const RARE_SCHOOLS = {
  alfa: 'Ikastola Alfa',
  beta: 'Colegio Beta',
  /** One child in one year: the school whose page showed that child's first name. */
  bakarra: 'Ikastola Bakarra',
} as const;

const { alfa, beta, bakarra } = RARE_SCHOOLS;

const edition = (year: number, children: [string, string][]): ParticipantRecord[] =>
  children.map(([name, school]) => ({ name, school, year }));

/**
 * - `Lorea Iturrioz Gabilondo`: one child in three years: three appearances in the series,
 *   one child, so no list names her first name or surnames, not even the global ones.
 * - `Maitane Itziar …` (the longest first name), `Ostaizka …` and `Ekhiotz …`: one child
 *   each, new in 2024; Ekhiotz is the only child of Ikastola Bakarra.
 * - `Ane`: four children over the series but one in 2025; `Jon`: three children in 2025,
 *   two of them in Alfa, so Alfa's most frequent name of 2025 is not published.
 * - `Nahia` (2024) and `Uxue` (2025): new names borne by three children, published.
 */
export const RARE_FESTIVAL: readonly ParticipantRecord[] = [
  ...edition(2023, [
    ['Ane Garcia Lopez', alfa],
    ['Ane Lopez Garcia', alfa],
    ['Ane Garcia Etxeberria', alfa],
    ['Jon Garcia Lopez', alfa],
    ['Jon Lopez Ruiz', alfa],
    ['Jon Ruiz Garcia', alfa],
    ['Lorea Iturrioz Gabilondo', alfa],
    ['Mikel Garcia Lopez', beta],
    ['Mikel Lopez Ruiz', beta],
    ['Mikel Ruiz Lopez', beta],
    ['Ane Ruiz Lopez', beta],
  ]),
  ...edition(2024, [
    ['Ane Garcia Lopez', alfa],
    ['Ane Lopez Garcia', alfa],
    ['Ane Garcia Etxeberria', alfa],
    ['Jon Garcia Lopez', alfa],
    ['Jon Lopez Ruiz', alfa],
    ['Jon Ruiz Garcia', alfa],
    ['Lorea Iturrioz Gabilondo', alfa],
    ['Maitane Itziar Urretabizkaia Zubizarreta', alfa],
    ['Mikel Garcia Lopez', beta],
    ['Mikel Lopez Ruiz', beta],
    ['Mikel Ruiz Lopez', beta],
    ['Nahia Lopez Garcia', beta],
    ['Nahia Garcia Ruiz', beta],
    ['Nahia Ruiz Lopez', beta],
    ['Ostaizka Aranbarri Zubeldia', beta],
    ['Ekhiotz Altuna Beristain', bakarra],
  ]),
  ...edition(2025, [
    ['Ane Garcia Lopez', alfa],
    ['Jon Garcia Lopez', alfa],
    ['Jon Lopez Ruiz', alfa],
    ['Lorea Iturrioz Gabilondo', alfa],
    ['Uxue Garcia Ruiz', alfa],
    ['Uxue Ruiz Lopez', alfa],
    ['Jon Ruiz Garcia', beta],
    ['Mikel Garcia Lopez', beta],
    ['Mikel Lopez Ruiz', beta],
    ['Mikel Ruiz Lopez', beta],
    ['Uxue Lopez Garcia', beta],
  ]),
];

/** Words of names that fewer than 3 children bear in every scope: no list may ever show them with k = 3. */
export const NEVER_PUBLISHED = [
  'Lorea',
  'Iturrioz',
  'Gabilondo',
  'Maitane',
  'Itziar',
  'Urretabizkaia',
  'Zubizarreta',
  'Ostaizka',
  'Aranbarri',
  'Zubeldia',
  'Ekhiotz',
  'Altuna',
  'Beristain',
  'Etxeberria',
];

/** Children (distinct whole names) per key in each scope (`2024`, …, `global`). */
export interface ScopeChildren {
  firstNames: Map<string, Set<string>>;
  surnames: Map<string, Set<string>>;
  /** `school\u0000first name`, lowercase. */
  bySchool: Map<string, Set<string>>;
}

function add(map: Map<string, Set<string>>, key: string, child: string): void {
  map.set(key, (map.get(key) ?? new Set()).add(child));
}

/** Who bears what, per year and over the series, counted independently of the engine's tally. */
export function childrenByScope(records: readonly ParticipantRecord[]): Map<string, ScopeChildren> {
  const scopes = new Map<string, ScopeChildren>();
  const scope = (key: string) => {
    let found = scopes.get(key);
    if (found === undefined)
      scopes.set(key, (found = { firstNames: new Map(), surnames: new Map(), bySchool: new Map() }));
    return found;
  };
  for (const record of records) {
    const child = record.name.toLowerCase();
    const { firstName, surnames } = splitFullName(record.name);
    for (const key of [String(record.year), 'global']) {
      const children = scope(key);
      add(children.firstNames, firstName.toLowerCase(), child);
      for (const surname of surnames) add(children.surnames, surname.toLowerCase(), child);
      add(children.bySchool, `${record.school}\u0000${firstName}`.toLowerCase(), child);
    }
  }
  return scopes;
}

/** A stored or served list of one category: the names it shows that fewer than `k` children bear in its scope. */
export function namesUnderK(
  scopes: Map<string, ScopeChildren>,
  k: number,
  year: string,
  category: string,
  data: unknown,
): string[] {
  const children = scopes.get(year)!;
  const count = (map: Map<string, Set<string>>, key: string) => map.get(key.toLowerCase())?.size ?? 0;
  const items = Array.isArray(data) ? (data as unknown[]) : [];
  const under = (name: string, bearers: number) => (bearers < k ? [name] : []);
  if (/^top(Names|Surnames)/.test(category)) {
    const map = category.startsWith('topNames') ? children.firstNames : children.surnames;
    return items.flatMap((item) => {
      const { name } = item as { name: string };
      return under(name, count(map, name));
    });
  }
  if (category === 'newNamesByYear' || category === 'longestNames')
    return items.flatMap((name) => under(name as string, count(children.firstNames, name as string)));
  if (category.startsWith('commonNameBySchool'))
    return items.flatMap((item) => {
      const { name, school } = item as { name: string; school: string };
      return under(name, count(children.bySchool, `${school}\u0000${name}`));
    });
  return [];
}

/** The festival as a participant list file, as an operator imports it. */
export const rareFestivalCsv = (): string =>
  ['name,school,year', ...RARE_FESTIVAL.map((row) => `${row.name},${row.school},${row.year}`)].join('\n');
