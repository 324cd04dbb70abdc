/** The shapes a statistic's `public_data` may take (src/domain/answer-shapes.ts gives each its schema). */
export type PublicDataShape =
  | 'ranked'
  | 'yearCounts'
  | 'figure'
  | 'names'
  | 'nameBySchool'
  | 'evolution'
  | 'constant'
  | 'newSchools'
  | 'none';

/** How a page shows a statistic (src/web/statistic-sections.tsx draws each kind). */
export type StatisticView =
  'text' | 'figure' | 'series' | 'ranking' | 'list' | 'lengths' | 'evolution' | 'constant';

/** What a statistic is: everything else (API shapes, computed rows, pages, CSV files) derives from it. */
export interface Statistic {
  id: string;
  scope: 'yearly' | 'global' | 'both';
  /** The shape of its `public_data`. */
  shape: PublicDataShape;
  /** What its list names: the pages link each to its page. */
  items?: 'firstNames' | 'surnames' | 'schools';
  /** Its summary counts every item: the page and the CSV file list the whole of `full_data`. */
  complete?: true;
  view: StatisticView;
  /** Its place on a page, ascending. */
  page: number;
}

/** The statistics of the spec (§2.2, DESIGN §3), in the order of the computed rows. */
// prettier-ignore
export const STATISTICS = [
  { id: 'intro',                    scope: 'both',   shape: 'none',                                              view: 'text',      page: 0 },
  { id: 'totalParticipantsByYear',  scope: 'yearly', shape: 'yearCounts',                                        view: 'figure',    page: 10 },
  { id: 'totalParticipants',        scope: 'global', shape: 'yearCounts',                                        view: 'series',    page: 60 },
  { id: 'topNamesByYear',           scope: 'yearly', shape: 'ranked',       items: 'firstNames',                 view: 'ranking',   page: 70 },
  { id: 'topNames',                 scope: 'global', shape: 'ranked',       items: 'firstNames',                 view: 'ranking',   page: 80 },
  { id: 'namesDiversityByYear',     scope: 'yearly', shape: 'figure',                                            view: 'figure',    page: 20 },
  { id: 'namesDiversity',           scope: 'global', shape: 'figure',                                            view: 'figure',    page: 40 },
  { id: 'topSurnamesByYear',        scope: 'yearly', shape: 'ranked',       items: 'surnames',                   view: 'ranking',   page: 90 },
  { id: 'topSurnames',              scope: 'global', shape: 'ranked',       items: 'surnames',                   view: 'ranking',   page: 100 },
  { id: 'surnamesDiversityByYear',  scope: 'yearly', shape: 'figure',                                            view: 'figure',    page: 30 },
  { id: 'surnamesDiversity',        scope: 'global', shape: 'figure',                                            view: 'figure',    page: 50 },
  { id: 'topSchoolsByYear',         scope: 'yearly', shape: 'ranked',       items: 'schools',    complete: true, view: 'ranking',   page: 130 },
  { id: 'topSchools',               scope: 'global', shape: 'ranked',       items: 'schools',    complete: true, view: 'ranking',   page: 140 },
  { id: 'commonNameBySchoolByYear', scope: 'yearly', shape: 'nameBySchool', items: 'schools',    complete: true, view: 'list',      page: 180 },
  { id: 'commonNameBySchool',       scope: 'global', shape: 'nameBySchool', items: 'schools',    complete: true, view: 'list',      page: 190 },
  { id: 'newNamesByYear',           scope: 'yearly', shape: 'names',        items: 'firstNames', complete: true, view: 'list',      page: 110 },
  { id: 'newSchoolsByYear',         scope: 'yearly', shape: 'newSchools',   items: 'schools',    complete: true, view: 'list',      page: 150 },
  { id: 'longestNames',             scope: 'global', shape: 'names',        items: 'firstNames',                 view: 'lengths',   page: 120 },
  { id: 'schoolsEvolution',         scope: 'global', shape: 'evolution',    items: 'schools',    complete: true, view: 'evolution', page: 160 },
  { id: 'mostConstantSchools',      scope: 'global', shape: 'constant',     items: 'schools',    complete: true, view: 'constant',  page: 170 },
  { id: 'outro',                    scope: 'both',   shape: 'none',                                              view: 'text',      page: 200 },
] as const satisfies readonly Statistic[];

export type CategoryId = (typeof STATISTICS)[number]['id'];

const byId: ReadonlyMap<string, Statistic> = new Map(
  STATISTICS.map((statistic) => [statistic.id, statistic]),
);

export function statisticOf(category: CategoryId): Statistic {
  return byId.get(category)!;
}

export function isCategoryId(value: string): value is CategoryId {
  return byId.has(value);
}

/** Every category id in code-point order (the OpenAPI document's and the CLI's). */
export const CATEGORY_IDS: readonly CategoryId[] = STATISTICS.map((statistic) => statistic.id).sort();

export const categoriesOf = (scope: 'yearly' | 'global'): CategoryId[] =>
  STATISTICS.filter((statistic) => statistic.scope === scope || statistic.scope === 'both').map(
    (statistic) => statistic.id,
  );

export const PAGE_ORDER: readonly CategoryId[] = [...STATISTICS]
  .sort((a, b) => a.page - b.page)
  .map((statistic) => statistic.id);

export const GLOBAL_YEAR = 'global';
