import { apiErrors } from '../domain/api-messages.js';
import { CACHE, prepareError, prepareJson, type Answer, type PreparedResponse } from './prepared-response.js';
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
 * A participant search that passed validation and has not run yet: the search budgets
 * (src/http/search-budget.ts) decide whether it may run, then charge what it showed.
 */
export interface PendingSearch {
  readonly kind: 'search';
  /** The API's search (names that contain the input) or the web form's (the whole name typed). */
  channel: 'api' | 'form';
  school: string;
  /** The school's children in the served model; undefined when no such school is served. */
  children: number | undefined;
  /** The answer, and the distinct names it shows (their search keys; none when it found nobody). */
  run(): { answer: Answer; names: readonly string[] };
  /** The answer when a budget refuses it (429). */
  refused(): Answer;
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
