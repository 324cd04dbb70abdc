/** One child taking part in one year's festival, as stored. */
export interface ParticipantRecord {
  name: string;
  school: string;
  year: number;
}

export type StatisticScope = 'yearly' | 'global';

/** A computed statistic, ready to be written to the `statistics` table. */
export interface StatisticRow {
  category: string;
  scope: StatisticScope;
  /** A 4-digit year or `global`. */
  year: string;
  /** Any JSON value; `null` for `intro` and `outro`. */
  publicData: unknown;
  /** Any JSON value (the longer lists); `null` when there is nothing more to keep. */
  fullData: unknown;
  /** The Spanish summary: the API's. */
  summary: string;
  /** The same figures told in Basque, for the pages. */
  basqueSummary: string;
}
