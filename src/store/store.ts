import type { StoreLocation } from '../config/index.js';
import type { JsonValue } from '../domain/jsonb-order.js';
import type { EditionTally } from '../domain/statistics/tally.js';
import type { ParticipantRecord, StatisticRow } from '../domain/types.js';

/** Opaque; moves with every commit to what a read model is built from, not with the updating flag. */
export type StoreVersion = string;

/** The connection no longer sees the store on disk: every connection to it must be reopened. */
export class StaleConnectionError extends Error {}

type TakeParticipant = (name: string, school: string, year: number) => void;

/** Reads that all see one committed state of the store (inside one read transaction). */
export interface StoreSnapshot {
  readVersion(): Promise<StoreVersion>;
  readYears(): Promise<YearRow[]>;
  readStatistics(): Promise<StoredStatistic[]>;
  /** `undefined` if never computed by us. */
  readStatisticsRule(): Promise<StatisticsRule | undefined>;
  /** Years ascending; none where none are stored. */
  readEditionTallies(): Promise<StoredTally[]>;
  /** Passes each participant but the `withheld` years' to `take` (no object per row: millions); returns how many. */
  readParticipants(withheld: readonly number[], take: TakeParticipant): Promise<number>;
  readSchoolLabels(): Promise<SchoolLabel[]>;
}

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

export interface ReadStore {
  /** For logs, without credentials. */
  readonly description: string;
  /** Where a worker thread opens its own connection to build a model. */
  readonly location: StoreLocation;
  readVersion(): Promise<StoreVersion>;
  /** The `sys_status` flag, read on every poll. */
  readUpdating(): Promise<boolean>;
  readSnapshot<T>(read: (snapshot: StoreSnapshot) => Promise<T>): Promise<T>;
  /** Push notice of a committed change (PostgreSQL); one listener per store. */
  onChange?(listener: () => void): void;
  close(): Promise<void>;
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

/** The writes of one operator command, all inside one transaction. */
export interface WriteTransaction {
  deleteParticipantsOfYears(years: readonly number[]): Promise<void>;
  /** Inserts in batches; `onInserted` hears how many rows are in so far. */
  insertParticipants(rows: readonly ParticipantRecord[], onInserted?: (rows: number) => void): Promise<void>;
  readParticipants(): Promise<ParticipantRecord[]>;
  /** Replaces every statistic and its generated Basque summary; hand-written summaries are kept. */
  replaceStatistics(rows: readonly StatisticRow[], minPublishedCount: number): Promise<void>;
  readEditionTallies(): Promise<StoredTally[]>;
  writeEditionTally(tally: EditionTally, recordsFingerprint: string): Promise<void>;
  setTallyFingerprint(year: number, recordsFingerprint: string): Promise<void>;
  deleteEditionTallies(years: readonly number[]): Promise<void>;
  setReady(years: readonly string[], ready: boolean): Promise<void>;
  unpublishYearsWithoutStatistics(): Promise<void>;
  /** Years flagged not ready: their participants stay stored, and every statistic leaves them out. */
  readWithheldYears(): Promise<number[]>;
  /** Forgets a year's flag and the note of what loaded it. */
  forgetYear(year: string): Promise<void>;
  recordSource(years: readonly number[], source: string): Promise<void>;
  setUpdating(isUpdating: boolean, note: string | null): Promise<void>;
  setManualSummary(year: string, category: string, summary: string, lang?: SummaryLanguage): Promise<boolean>;
  /** False if there was none. A Basque one gives way at once; a Spanish one at the next recompute. */
  unsetManualSummary(year: string, category: string, lang?: SummaryLanguage): Promise<boolean>;
  readYearStatuses(): Promise<YearStatus[]>;
  readStatisticsRule(): Promise<StatisticsRule | undefined>;
  /** Whether a statistic has no generated Basque summary, or no tally is stored (an older version's). */
  lacksBasqueOrTallies(): Promise<boolean>;
  readSchoolParticipants(school: string): Promise<ParticipantRecord[]>;
  /** Deletes the rows with exactly this name, school and year; returns how many. */
  deleteParticipant(record: ParticipantRecord): Promise<number>;
  readRemovalSecret(): Promise<string>;
  /** False when one with the same hash and year was recorded already. */
  recordRemoval(removal: Omit<Removal, 'removedAt'>): Promise<boolean>;
  readRemovals(): Promise<Removal[]>;
  /** Every school with a participant, whatever its year's flag. */
  readSchools(): Promise<string[]>;
  setSchoolLabel(school: string, lang: LabelLanguage, label: string): Promise<void>;
  unsetSchoolLabels(school: string, langs: readonly LabelLanguage[]): Promise<number>;
}

/** Nothing, the public project's tables only, our schema as an older version left it, or all of it. */
export type SchemaState = 'empty' | 'unmigrated' | 'outdated' | 'migrated';

/** What the operator's commands need on top of reading. */
export interface WriteStore
  extends
    ReadStore,
    Pick<WriteTransaction, 'readYearStatuses' | 'readStatisticsRule' | 'readRemovals' | 'readRemovalSecret'> {
  readSchemaState(): Promise<SchemaState>;
  /** Creates what is missing; false when the schema was current already. */
  migrate(): Promise<boolean>;
  transaction<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T>;
  readUpdatingStatus(): Promise<UpdatingStatus>;
  readManualSummaries(): Promise<ManualSummary[]>;
  readSchoolLabels(): Promise<SchoolLabel[]>;
  /** Overwrites what deleted rows left in the store's files; undefined when done, else why not. */
  eraseDeletedRows(): Promise<string | undefined>;
}
