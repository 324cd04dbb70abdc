import type { StoreLocation } from '../config/index.js';
import type { JsonValue } from '../domain/jsonb-order.js';
import type { EditionTally } from '../domain/statistics/tally.js';
import type { ParticipantRecord, StatisticRow } from '../domain/types.js';

/**
 * Opaque; moves with every committed change to what a read model is built from (participants,
 * statistics, the years' flags), and with the store itself. Not with the updating flag:
 * a server reads that on every poll and serves it without a rebuild.
 */
export type StoreVersion = string;

/** The connection no longer sees the store on disk: every connection to it must be reopened. */
export class StaleConnectionError extends Error {}

/** Takes one participant row as it is read (no object per row: millions are read at once). */
export type TakeParticipant = (name: string, school: string, year: number) => void;

/** Reads that all see one committed state of the store (inside one read transaction). */
export interface StoreSnapshot {
  readVersion(): Promise<StoreVersion>;
  readYears(): Promise<YearRow[]>;
  readStatistics(): Promise<StoredStatistic[]>;
  /** The small-count rule the statistics were computed under; `undefined` if never computed by us. */
  readStatisticsRule(): Promise<StatisticsRule | undefined>;
  /** The editions' stored tallies, years ascending; none where none are (plain SQL, an older version). */
  readEditionTallies(): Promise<StoredTally[]>;
  /** Passes every participant but those of the `withheld` years to `take`; returns how many. */
  readParticipants(withheld: readonly number[], take: TakeParticipant): Promise<number>;
  /** The schools' names in other languages (`school label`); none where the store has no such table. */
  readSchoolLabels(): Promise<SchoolLabel[]>;
}

/** An edition's tally as stored, with the fingerprint of the rows it stands for. */
export interface StoredTally {
  year: number;
  /** `editionFingerprints` of the edition's stored rows when it was made, or when a removal took rows away since. */
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
  /** For the Basque pages: the hand-written Basque summary if set, else the generated one; null when none is stored. */
  basqueSummary: string | null;
  /** When its figures were computed (`created_at`: every recompute writes the rows anew), as text. */
  createdAt: string | null;
}

export interface UpdatingStatus {
  isUpdating: boolean;
  note: string | null;
  updatedAt: string | null;
}

/** What the server needs: reads only. */
export interface ReadStore {
  /** Short description for logs, without credentials. */
  readonly description: string;
  /** Where the store is: a worker thread opens its own connection there to build a model. */
  readonly location: StoreLocation;
  readVersion(): Promise<StoreVersion>;
  /** The `sys_status` flag, read on every poll (right after `readVersion`). */
  readUpdating(): Promise<boolean>;
  /** Runs `read` inside one read transaction: everything it reads is one committed state. */
  readSnapshot<T>(read: (snapshot: StoreSnapshot) => Promise<T>): Promise<T>;
  /** Push notice of a committed change, where the engine has one (PostgreSQL); one listener per store. */
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
  /** What loaded the year's participants (`demo(seed=1, scale=1)`, a file), when known. */
  source: string | null;
}

/** The small-count rule the statistics were last computed under (DESIGN §5). */
export interface StatisticsRule {
  /** `k`: no list names a name that fewer children bear in its scope. */
  minPublishedCount: number;
  /** When the statistics were last computed, as the engine writes it. */
  computedAt: string;
}

/** The languages of the summaries: Spanish (the API's, `statistics.summary`) and Basque (the pages'). */
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

/** The languages a school can be given a name in besides the lists' own (Spanish: the API's and the Spanish pages'). */
export const LABEL_LANGUAGES = ['eu'] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];
/** How the operator's messages name each of those languages. */
export const LABEL_LANGUAGE_NAMES: Readonly<Record<LabelLanguage, string>> = { eu: 'Basque' };
/** The longest name a school can be given, in characters: as long as a list's school by default (MAX_SCHOOL_LENGTH). */
export const MAX_LABEL_CHARACTERS = 150;

/**
 * A school's name on the pages of another language (`tamborrada school label`), such as the
 * lists' catch-all "Otras compañías": the API, the CSV files and the search keep the lists' name.
 */
export interface SchoolLabel {
  school: string;
  lang: LabelLanguage;
  label: string;
  updatedAt: string | null;
}

/**
 * A family's request that one child be removed, as the store keeps it: no name, only a
 * keyed hash of the normalised whole name and the school (the store's secret is the key).
 */
export interface Removal {
  /** HMAC-SHA256 (hex) of the name and the school, keyed with the store's secret (src/import/removals.ts). */
  nameKey: string;
  school: string;
  /** The one year the request covers; undefined: every year. */
  year: number | undefined;
  /** Records deleted when the request was carried out (0: none were stored yet). */
  records: number;
  removedAt: string | null;
}

/** The writes of one operator command, all inside one transaction. */
export interface WriteTransaction {
  deleteParticipantsOfYears(years: readonly number[]): Promise<void>;
  /** Inserts in batches; `onInserted` hears how many rows are in so far, after each batch. */
  insertParticipants(rows: readonly ParticipantRecord[], onInserted?: (rows: number) => void): Promise<void>;
  readParticipants(): Promise<ParticipantRecord[]>;
  /**
   * Replaces every statistic and its generated Basque summary, computed under the
   * small-count rule's `minPublishedCount` (stored beside them); hand-written summaries
   * (set with `setManualSummary`) are kept.
   */
  replaceStatistics(rows: readonly StatisticRow[], minPublishedCount: number): Promise<void>;
  readEditionTallies(): Promise<StoredTally[]>;
  /** Stores an edition's tally (replacing its earlier one), made from the rows of `recordsFingerprint`. */
  writeEditionTally(tally: EditionTally, recordsFingerprint: string): Promise<void>;
  /** After rows were removed without changing what the edition publishes: the rows its tally now stands for. */
  setTallyFingerprint(year: number, recordsFingerprint: string): Promise<void>;
  deleteEditionTallies(years: readonly number[]): Promise<void>;
  /** Flags years ready (published) or not; a year without a flag yet gets one. */
  setReady(years: readonly string[], ready: boolean): Promise<void>;
  unpublishYearsWithoutStatistics(): Promise<void>;
  /** Years flagged not ready: their participants stay stored, and every statistic leaves them out. */
  readWithheldYears(): Promise<number[]>;
  /** Forgets a year: its flag and the note of what loaded it. */
  forgetYear(year: string): Promise<void>;
  /** Notes what loaded these years' participants (`demo(…)`, a file). */
  recordSource(years: readonly number[], source: string): Promise<void>;
  setUpdating(isUpdating: boolean, note: string | null): Promise<void>;
  /**
   * Overrides the summary of an existing row in one language (Spanish when not given) and
   * keeps it across recomputes; false if no row. The other language's summary is untouched.
   */
  setManualSummary(year: string, category: string, summary: string, lang?: SummaryLanguage): Promise<boolean>;
  /**
   * Drops a hand-written summary of one language (Spanish when not given); false if there
   * was none. A Basque one gives way to the generated Basque text at once; a Spanish one
   * only at the next recompute, which writes the generated text into `statistics`.
   */
  unsetManualSummary(year: string, category: string, lang?: SummaryLanguage): Promise<boolean>;
  readYearStatuses(): Promise<YearStatus[]>;
  /** The rule of the last recompute; `undefined` before any (or by an older version). */
  readStatisticsRule(): Promise<StatisticsRule | undefined>;
  /** Whether a statistic has no generated Basque summary, or no tally is stored (computed by an older version). */
  lacksBasqueOrTallies(): Promise<boolean>;
  /** Every school a participant of any year is in, as written. */
  readSchools(): Promise<string[]>;
  /** The participants of one school, every year. */
  readSchoolParticipants(school: string): Promise<ParticipantRecord[]>;
  /** Deletes the rows with exactly this name, school and year; returns how many. */
  deleteParticipant(record: ParticipantRecord): Promise<number>;
  /** The store's random secret, made by `migrate`: the key of every removal's hash. */
  readRemovalSecret(): Promise<string>;
  /** Records a removal; false when one with the same hash and year was recorded already. */
  recordRemoval(removal: Omit<Removal, 'removedAt'>): Promise<boolean>;
  readRemovals(): Promise<Removal[]>;
  /** Every school with a participant, whatever its year's flag. */
  readSchools(): Promise<string[]>;
  /** Gives a school its name in a language (replacing the one it had there). */
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
  /**
   * Overwrites what deleted rows left in the store's files, outside any transaction
   * (SQLite: VACUUM, then the WAL emptied; PostgreSQL: VACUUM FULL of the tables that
   * held them). Undefined when done, else why it could not be done.
   */
  eraseDeletedRows(): Promise<string | undefined>;
}
