import type { ParticipantRecord } from '../domain/types.js';
import { compareSpanish } from '../domain/collation.js';

const childKey = (record: { name: string; school: string }) => `${record.name}\u0000${record.school}`;

/** Collects from every stored participant the children (`name\0school`) of `years` and every year's schools. */
export function storedListsTaker(years: readonly number[]) {
  const wanted = new Set(years);
  const stored = { children: new Map<number, Set<string>>(), schools: new Map<number, Set<string>>() };
  const take = (name: string, school: string, year: number) => {
    const schools = stored.schools.get(year) ?? stored.schools.set(year, new Set()).get(year)!;
    schools.add(school);
    if (!wanted.has(year)) return;
    const children = stored.children.get(year) ?? stored.children.set(year, new Set()).get(year)!;
    children.add(childKey({ name, school }));
  };
  return { stored, take };
}

/** How importing a list would change one year. */
export type YearListChange = ReturnType<typeof compareLists>[number];

/** Per year of the list: children added, removed, kept; schools new and gone. `withheld`: rows not written. */
export function compareLists(
  records: readonly ParticipantRecord[],
  stored: ReturnType<typeof storedListsTaker>['stored'],
  withheld: readonly { year: number }[] = [],
) {
  const byYear = new Map<number, ParticipantRecord[]>();
  for (const { year } of withheld) if (!byYear.has(year)) byYear.set(year, []);
  for (const record of records)
    (byYear.get(record.year) ?? byYear.set(record.year, []).get(record.year)!).push(record);
  return [...byYear.keys()]
    .sort((a, b) => a - b)
    .map((year) => {
      const list = byYear.get(year)!;
      const before = stored.children.get(year) ?? new Set<string>();
      const kept = list.filter((record) => before.has(childKey(record))).length;
      // The schools are compared with this year if stored, else the latest stored before it.
      const comparedWith = stored.schools.has(year)
        ? year
        : Math.max(...[...stored.schools.keys()].filter((other) => other < year), -Infinity);
      const previous = stored.schools.get(comparedWith) ?? new Set<string>();
      const schools = new Set(list.map((record) => record.school));
      const sorted = (names: Iterable<string>) => [...names].sort(compareSpanish);
      return {
        year,
        added: list.length - kept,
        removed: before.size - kept,
        kept,
        withheld: withheld.filter((row) => row.year === year).length,
        schools: schools.size,
        comparedWith: Number.isFinite(comparedWith) ? comparedWith : undefined,
        newSchools: sorted([...schools].filter((school) => !previous.has(school))),
        goneSchools: sorted([...previous].filter((school) => !schools.has(school))),
      };
    });
}
