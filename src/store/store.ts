import type { StoreLocation } from '../config/index.js';
import type { JsonValue } from '../domain/jsonb-order.js';
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
  /** Passes every participant but those of the `withheld` years to `take`; returns how many. */
  readParticipants(withheld: readonly number[], take: TakeParticipant): Promise<number>;
}

export interface YearRow {
  year: string;
  isReady: boolean;
}

/** A `statistics` row as the API and the pages serve it. `undefined` stands for SQL NULL. */
export interface StoredStatistic {
  category: string;
  year: string;
  publicData: JsonValue | undefined;
  /** The longer list the pages show (up to 250 items); the API serves `publicData` only. */
  fullData: JsonValue | undefined;
  summary: string | null;
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

/** A summary written by hand (`tamborrada summary set`), kept across recomputes. */
export interface ManualSummary {
  year: string;
  category: string;
  summary: string;
  updatedAt: string | null;
}

/** The writes of one operator command, all inside one transaction. */
export interface WriteTransaction {
  deleteParticipantsOfYears(years: readonly number[]): Promise<void>;
  /** Inserts in batches; `onInserted` hears how many rows are in so far, after each batch. */
  insertParticipants(rows: readonly ParticipantRecord[], onInserted?: (rows: number) => void): Promise<void>;
  readParticipants(): Promise<ParticipantRecord[]>;
  /** Replaces every statistic; hand-written summaries (set with `setManualSummary`) are kept. */
  replaceStatistics(rows: readonly StatisticRow[]): Promise<void>;
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
  /** Overwrites the summary of an existing row and keeps it across recomputes; false if no row. */
  setManualSummary(year: string, category: string, summary: string): Promise<boolean>;
  /** Drops a hand-written summary; false if there was none. */
  unsetManualSummary(year: string, category: string): Promise<boolean>;
  readYearStatuses(): Promise<YearStatus[]>;
}

/** Nothing, the public project's tables only, our schema as an older version left it, or all of it. */
export type SchemaState = 'empty' | 'unmigrated' | 'outdated' | 'migrated';

/** What the operator's commands need on top of reading. */
export interface WriteStore extends ReadStore {
  readSchemaState(): Promise<SchemaState>;
  migrate(): Promise<void>;
  transaction<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T>;
  readUpdatingStatus(): Promise<UpdatingStatus>;
  readYearStatuses(): Promise<YearStatus[]>;
  readManualSummaries(): Promise<ManualSummary[]>;
}
