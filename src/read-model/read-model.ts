import type { SchoolLabel } from '../store/store.js';
import type { NameIndex } from './name-index.js';
import type { ParticipantIndex } from './participant-index.js';
import type { StatisticsRecords } from './statistics-records.js';

/** What the API and the pages answer from: one version of the store, and the updating flag as last read. */
export interface ReadModel {
  /** Increases with every rebuild; in logs and metrics. */
  version: number;
  builtAt: Date;
  statistics: StatisticsRecords;
  /** The participants of the published years, by school. */
  participants: ParticipantIndex;
  /** The first names and surnames with a page (at least k children bear them). */
  names: NameIndex;
  /** The schools' names on the pages of other languages. */
  schoolLabels: readonly SchoolLabel[];
  /** `sys_status.is_updating`. */
  isUpdating: boolean;
}
