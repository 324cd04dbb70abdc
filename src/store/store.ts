import type { StoreLocation } from '../config/index.js';
import type { StoreSnapshot } from './sql-reads.js';
import type { WriteTransaction } from './sql-writes.js';
import type { ManualSummary, SchemaState, SchoolLabel, StoreVersion, UpdatingStatus } from './rows.js';

export * from './rows.js';
export type { StoreSnapshot } from './sql-reads.js';
export type { WriteTransaction } from './sql-writes.js';

/** The connection no longer sees the store on disk: every connection to it must be reopened. */
export class StaleConnectionError extends Error {}

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
