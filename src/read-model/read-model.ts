import { apiErrors } from '../domain/api-messages.js';
import { CACHE, prepareError, prepareJson, type PreparedResponse } from './prepared-response.js';
import { ParticipantIndex } from './participant-index.js';
import type { StatisticsCatalog } from './statistics-catalog.js';

/** Companies and participant search: the participants of the published years. */
export type ParticipantDirectory = { index: ParticipantIndex; companiesAnswer: PreparedResponse };

export function buildParticipantDirectory(index: ParticipantIndex): ParticipantDirectory {
  const { companies } = index;
  if (companies.length === 0) return { index, companiesAnswer: prepareError(apiErrors.noCompanies) };
  return {
    index,
    companiesAnswer: prepareJson(200, { companies }, CACHE.week, { etag: true, effort: 'build' }),
  };
}

/**
 * Everything the data operations answer from: what was built for one version of the store,
 * and the updating flag as last read (a flip swaps in a copy with the other flag, no rebuild).
 */
export interface ReadModel {
  /** Increases with every rebuild (not with a flip of the flag); exposed in logs and metrics. */
  version: number;
  builtAt: Date;
  catalog: StatisticsCatalog;
  directory: ParticipantDirectory;
  /** `sys_status.is_updating`: the statistics operation answers `{"isUpdating":true}`. */
  isUpdating: boolean;
}
