import type { JsonValue } from '../domain/jsonb-order.js';
import type { EditionTally } from '../domain/statistics/tally.js';

/** Opaque; moves with every commit to what a read model is built from, not with the updating flag. */
export type StoreVersion = string;

export interface StoredTally {
  year: number;
  /** `editionFingerprints` of the edition's rows when it was made, or after a removal since. */
  recordsFingerprint: string;
  tally: EditionTally;
}

export type YearRow = Pick<YearStatus, 'year' | 'isReady'>;

/** A `statistics` row; `undefined` stands for SQL NULL. */
export interface StoredStatistic {
  category: string;
  year: string;
  publicData: JsonValue | undefined;
  /** The longer list the pages show; the API serves `publicData` only. */
  fullData: JsonValue | undefined;
  summary: string | null;
  /** The hand-written Basque summary if set, else the generated one. */
  basqueSummary: string | null;
  createdAt: string | null;
}

export interface UpdatingStatus {
  isUpdating: boolean;
  note: string | null;
  updatedAt: string | null;
}

export interface YearStatus {
  year: string;
  isReady: boolean;
  /** Participants and distinct schools of the year; for `global`, of every year. */
  participants: number;
  schools: number;
  statistics: number;
  /** What loaded the year's participants (`demo(seed=1, scale=1)`, a file). */
  source: string | null;
}

/** The small-count rule the statistics were last computed under (DESIGN §5). */
export interface StatisticsRule {
  minPublishedCount: number;
  computedAt: string;
}

export const SUMMARY_LANGUAGES = ['es', 'eu'] as const;
export const MAX_SUMMARY_CHARACTERS = 4000;
export type SummaryLanguage = (typeof SUMMARY_LANGUAGES)[number];

/** A summary written by hand (`tamborrada summary set`), kept across recomputes. */
export interface ManualSummary {
  year: string;
  category: string;
  lang: SummaryLanguage;
  summary: string;
  updatedAt: string | null;
}

/** The languages a school can be named in besides the lists' own (Spanish). */
export const LABEL_LANGUAGES = ['eu'] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];
export const LABEL_LANGUAGE_NAMES: Readonly<Record<LabelLanguage, string>> = { eu: 'Basque' };
/** As long as a list's school by default (MAX_SCHOOL_LENGTH). */
export const MAX_LABEL_CHARACTERS = 150;

/** A school's name on the pages of another language: the API, the CSV files and the search keep the lists'. */
export interface SchoolLabel {
  school: string;
  lang: LabelLanguage;
  label: string;
  updatedAt: string | null;
}

/** A family's request that one child be removed, as the store keeps it: no name. */
export interface Removal {
  /** The keyed hash of the name and the school (src/import/removals.ts). */
  nameKey: string;
  school: string;
  /** Undefined: every year. */
  year: number | undefined;
  records: number;
  removedAt: string | null;
}

/** Nothing, the public project's tables only, our schema as an older version left it, or all of it. */
export type SchemaState = 'empty' | 'unmigrated' | 'outdated' | 'migrated';
