import { CATEGORY_IDS, type CategoryId } from '../domain/categories.js';
import type { ReadModel } from '../read-model/read-model.js';
import type { Participation } from './pages/search-page.js';
import type { StatisticRecord } from './year-statistics.js';

/** Everything the pages show of one read model: records and matches, never an answer's bytes. */
export interface SiteData {
  /** The ready years in the order of `/api/years`. */
  years: readonly string[];
  yearSet: ReadonlySet<string>;
  /** The first record of each statistic of a year (what `/api/category` lists first); none for another year. */
  recordsOf(year: string): ReadonlyMap<CategoryId, StatisticRecord>;
  /** The schools served, in Spanish order. */
  companies: readonly string[];
  /** Participants served, per school and year. */
  rowsBySchool: ReadonlyMap<string, ReadonlyMap<number, number>>;
  /** The children of a school served (distinct names), or undefined when it is not served. */
  childrenOf(school: string): number | undefined;
  /** What the API's search finds of an already normalised name in a school. */
  search(normalizedName: string, school: string): readonly Participation[];
}

/**
 * The one adapter between the read model and the pages. Today's read model keeps prepared
 * answers, so the records and matches are read back from their JSON here and nowhere else.
 */
export function siteData({ catalog, directory: { index } }: ReadModel): SiteData {
  const records = new Map<string, ReadonlyMap<CategoryId, StatisticRecord>>();
  return {
    years: catalog.years,
    yearSet: catalog.yearSet,
    recordsOf(year) {
      let ofYear = records.get(year);
      if (ofYear === undefined && catalog.yearSet.has(year)) {
        const answers = catalog.categoryByYear.get(year);
        const fullData = catalog.fullDataByYear.get(year);
        const made = new Map<CategoryId, StatisticRecord>();
        for (const category of CATEGORY_IDS) {
          const body = answers?.get(category)?.identity.body.toString();
          const first =
            body &&
            (JSON.parse(body) as { stats: { public_data: unknown; summary: string | null }[] }).stats[0];
          if (first)
            made.set(category, {
              publicData: first.public_data,
              fullData: fullData?.get(category),
              summary: first.summary,
            });
        }
        records.set(year, (ofYear = made));
      }
      return ofYear ?? new Map();
    },
    companies: index.companies,
    rowsBySchool: index.rowsBySchool,
    childrenOf: (school) => index.childrenOf(school),
    search(normalizedName, school) {
      const json = index.search(normalizedName, school)?.json;
      return json === undefined ? [] : (JSON.parse(json) as { participants: Participation[] }).participants;
    },
  };
}
