import type { JsonValue } from '../domain/jsonb-order.js';
import type { ParticipantRecord, StatisticRow } from '../domain/types.js';

/** The four tables the read model follows; each has its own change counter. */
export const STORE_PARTS = ['participants', 'statistics', 'available_years', 'sys_status'] as const;
export type StorePart = (typeof STORE_PARTS)[number];

/** Opaque per-table versions: a part whose version moved must be read again. */
export type ChangeVersions = Record<StorePart, string>;

export interface YearRow {
  year: string;
  isReady: boolean;
}

/** A `statistics` row as the API serves it. `publicData` is `undefined` for SQL NULL. */
export interface StoredStatistic {
  category: string;
  year: string;
  publicData: JsonValue | undefined;
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
  readChangeVersions(): Promise<ChangeVersions>;
  readYears(): Promise<YearRow[]>;
  readUpdating(): Promise<boolean>;
  readStatistics(): Promise<StoredStatistic[]>;
  readParticipants(): Promise<ParticipantRecord[]>;
  /** Push notification of a committed change, where the engine has one (PostgreSQL). */
  onChange?(listener: () => void): void;
  close(): Promise<void>;
}

export interface YearStatus {
  year: string;
  isReady: boolean;
  participants: number;
  statistics: number;
}

/** The writes of one operator command, all inside one transaction. */
export interface WriteTransaction {
  deleteParticipantsOfYears(years: readonly number[]): Promise<void>;
  /** Inserts in batches; `onInserted` hears how many rows are in so far, after each batch. */
  insertParticipants(rows: readonly ParticipantRecord[], onInserted?: (rows: number) => void): Promise<void>;
  readParticipants(): Promise<ParticipantRecord[]>;
  /** Replaces every statistic; hand-written summaries (set with `setManualSummary`) are kept. */
  replaceStatistics(rows: readonly StatisticRow[]): Promise<void>;
  /** Flags these years ready, and every year without statistics any more as not ready. */
  publishYears(years: readonly string[]): Promise<void>;
  setUpdating(isUpdating: boolean, note: string | null): Promise<void>;
  /** Overwrites the summary of an existing (year, category) row and keeps it across recomputes; false if no row. */
  setManualSummary(year: string, category: string, summary: string): Promise<boolean>;
}

/** What a store holds: nothing of ours, the public project's tables only, or our full schema. */
export type SchemaState = 'empty' | 'unmigrated' | 'migrated';

/** What the operator's commands need on top of reading. */
export interface WriteStore extends ReadStore {
  readSchemaState(): Promise<SchemaState>;
  migrate(): Promise<void>;
  transaction<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T>;
  readUpdatingStatus(): Promise<UpdatingStatus>;
  readYearStatuses(): Promise<YearStatus[]>;
}
