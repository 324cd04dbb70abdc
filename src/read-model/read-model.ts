import type { SchoolLabel } from '../store/store.js';
import type { NameIndex } from './name-index.js';
import type { ParticipantIndex } from './participant-index.js';
import type { StatisticsRecords } from './statistics-records.js';

/**
 * Everything the data operations and the pages answer from: the records built from one
 * version of the store, and the updating flag as last read (a flip swaps in a copy with
 * the other flag, the records shared, no rebuild).
 */
export interface ReadModel {
  /** Increases with every rebuild (not with a flip of the flag); exposed in logs and metrics. */
  version: number;
  builtAt: Date;
  statistics: StatisticsRecords;
  /** The participants of the published years, by school: companies and participant search. */
  participants: ParticipantIndex;
  /** The first names and surnames with a page (at least k children bear them): the facts each shows. */
  names: NameIndex;
  /** The schools' names on the pages of other languages (`school label`); the API keeps the lists' names. */
  schoolLabels: readonly SchoolLabel[];
  /** `sys_status.is_updating`: the statistics operation answers `{"isUpdating":true}`. */
  isUpdating: boolean;
}
