import type { StoreLocation } from '../config/index.js';
import type { JsonValue } from '../domain/jsonb-order.js';
import type { EditionTally } from '../domain/statistics/tally.js';
import type { ParticipantRecord, StatisticRow } from '../domain/types.js';

/**
 * Opaque; moves with every committed change to what a read model is built from, not with
 * the updating flag (a server reads that on every poll and serves it without a rebuild).
 */
export type StoreVersion = string;

/** The connection no longer sees the store on disk: every connection to it must be reopened. */
export class StaleConnectionError extends Error {}

/** Takes one participant row as it is read (no object per row: millions are read at once). */
type TakeParticipant = (name: string, school: string, year: number) => void;

/** Reads that all see one committed state of the store (inside one read transaction). */
export interface StoreSnapshot {
  readVersion(): Promise<StoreVersion>;
  readYears(): Promise<YearRow[]>;
  readStatistics(): Promise<StoredStatistic[]>;
  /** `undefined` if never computed by us. */
  readStatisticsRule(): Promise<StatisticsRule | undefined>;
  /** Years ascending; none where none are stored (plain SQL, an older version). */
  readEditionTallies(): Promise<StoredTally[]>;
  /** Passes every participant but those of the `withheld` years to `take`; returns how many. */
  readParticipants(withheld: readonly number[], take: TakeParticipant): Promise<number>;
  readSchoolLabels(): Promise<SchoolLabel[]>;
}

/** An edition's tally as stored, with the fingerprint of the rows it stands for. */
export interface StoredTally {
  year: number;
  /** `editionFingerprints` of the edition's rows when it was made, or when a removal took rows away since. */
  recordsFingerprint: string;
  tally: EditionTally;
}

export type YearRow = Pick<YearStatus, 'year' | 'isReady'>;

/** A `statistics` row as the API and the pages serve it. `undefined` stands for SQL NULL. */
export interface StoredStatistic {
  category: string;
  year: string;
  publicData: JsonValue | undefined;
  /** The longer list the pages show (up to 250 items); the API serves `publicData` only. */
  fullData: JsonValue | undefined;
  /** The API's (Spanish). */
  summary: string | null;
  /** The hand-written Basque summary if set, else the generated one. */
  basqueSummary: string | null;
  /** When its figures were computed (every recompute writes the rows anew). */
  createdAt: string | null;
}

export interface UpdatingStatus {
  isUpdating: boolean;
  note: string | null;
  updatedAt: string | null;
}

/** What the server needs: reads only. */
export interface ReadStore {
  /** For logs, without credentials. */
  readonly description: string;
  /** Where a worker thread opens its own connection to build a model. */
  readonly location: StoreLocation;
  readVersion(): Promise<StoreVersion>;
  /** The `sys_status` flag, read on every poll. */
  readUpdating(): Promise<boolean>;
  /** Everything `read` reads is one committed state. */
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
  /** `k`: no list names a name that fewer children bear in its scope. */
  minPublishedCount: number;
  computedAt: string;
}

/** Spanish (the API's, `statistics.summary`) and Basque (the pages'). */
export const SUMMARY_LANGUAGES = ['es', 'eu'] as const;
/** The longest hand-written summary, in characters (the generated ones have a few hundred). */
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
/** How the operator's messages name each of those languages. */
export const LABEL_LANGUAGE_NAMES: Readonly<Record<LabelLanguage, string>> = { eu: 'Basque' };
/** In characters: as long as a list's school by default (MAX_SCHOOL_LENGTH). */
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
  /** Records deleted when the request was carried out. */
  records: number;
  removedAt: string | null;
}

/** The writes of one operator command, all inside one transaction. */
export interface WriteTransaction {
  deleteParticipantsOfYears(years: readonly number[]): Promise<void>;
  /** Inserts in batches; `onInserted` hears how many rows are in so far, after each batch. */
  insertParticipants(rows: readonly ParticipantRecord[], onInserted?: (rows: number) => void): Promise<void>;
  readParticipants(): Promise<ParticipantRecord[]>;
  /** Replaces every statistic and its generated Basque summary; hand-written summaries are kept. */
  replaceStatistics(rows: readonly StatisticRow[], minPublishedCount: number): Promise<void>;
  readEditionTallies(): Promise<StoredTally[]>;
  /** Stores (replaces) an edition's tally, made from the rows of `recordsFingerprint`. */
  writeEditionTally(tally: EditionTally, recordsFingerprint: string): Promise<void>;
  /** After a removal: the rows the edition's tally now stands for. */
  setTallyFingerprint(year: number, recordsFingerprint: string): Promise<void>;
  deleteEditionTallies(years: readonly number[]): Promise<void>;
  /** Flags years ready (published) or not. */
  setReady(years: readonly string[], ready: boolean): Promise<void>;
  unpublishYearsWithoutStatistics(): Promise<void>;
  /** Years flagged not ready: their participants stay stored, and every statistic leaves them out. */
  readWithheldYears(): Promise<number[]>;
  /** Forgets a year's flag and the note of what loaded it. */
  forgetYear(year: string): Promise<void>;
  recordSource(years: readonly number[], source: string): Promise<void>;
  setUpdating(isUpdating: boolean, note: string | null): Promise<void>;
  /** Overrides a row's summary in one language, across recomputes; false if no row. */
  setManualSummary(year: string, category: string, summary: string, lang?: SummaryLanguage): Promise<boolean>;
  /**
   * Drops a hand-written summary; false if there was none. A Basque one gives way to the
   * generated text at once; a Spanish one at the next recompute.
   */
  unsetManualSummary(year: string, category: string, lang?: SummaryLanguage): Promise<boolean>;
  readYearStatuses(): Promise<YearStatus[]>;
  readStatisticsRule(): Promise<StatisticsRule | undefined>;
  /** Whether a statistic has no generated Basque summary, or no tally is stored (computed by an older version). */
  lacksBasqueOrTallies(): Promise<boolean>;
  /** The participants of one school, every year. */
  readSchoolParticipants(school: string): Promise<ParticipantRecord[]>;
  /** Deletes the rows with exactly this name, school and year; returns how many. */
  deleteParticipant(record: ParticipantRecord): Promise<number>;
  /** The key of every removal's hash, made by `migrate`. */
  readRemovalSecret(): Promise<string>;
  /** Records a removal; false when one with the same hash and year was recorded already. */
  recordRemoval(removal: Omit<Removal, 'removedAt'>): Promise<boolean>;
  readRemovals(): Promise<Removal[]>;
  /** Every school with a participant, whatever its year's flag, as written. */
  readSchools(): Promise<string[]>;
  /** Gives (replaces) a school's name in a language. */
  setSchoolLabel(school: string, lang: LabelLanguage, label: string): Promise<void>;
  /** Drops a school's names in these languages; how many there were. */
  unsetSchoolLabels(school: string, langs: readonly LabelLanguage[]): Promise<number>;
}

/** Nothing, the public project's tables only, our schema as an older version left it, or all of it. */
export type SchemaState = 'empty' | 'unmigrated' | 'outdated' | 'migrated';

/** What the operator's commands need on top of reading, some of a transaction's reads among it. */
export interface WriteStore
  extends
    ReadStore,
    Pick<WriteTransaction, 'readYearStatuses' | 'readStatisticsRule' | 'readRemovals' | 'readRemovalSecret'> {
  readSchemaState(): Promise<SchemaState>;
  /** Creates what is missing; true when anything was (false: the schema was current already). */
  migrate(): Promise<boolean>;
  transaction<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T>;
  readUpdatingStatus(): Promise<UpdatingStatus>;
  readManualSummaries(): Promise<ManualSummary[]>;
  readSchoolLabels(): Promise<SchoolLabel[]>;
  /** Overwrites what deleted rows left in the store's files; undefined when done, else why not. */
  eraseDeletedRows(): Promise<string | undefined>;
}
