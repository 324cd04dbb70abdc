/** One child taking part in one year's festival, as stored. */
export interface ParticipantRecord {
  name: string;
  school: string;
  year: number;
}

export type StatisticScope = 'yearly' | 'global';

/** A computed statistic, ready for the `statistics` table; `summary` is the API's (Spanish). */
export interface StatisticRow {
  category: string;
  scope: StatisticScope;
  /** A 4-digit year or `global`. */
  year: string;
  publicData: unknown;
  fullData: unknown;
  summary: string;
  basqueSummary: string;
}
