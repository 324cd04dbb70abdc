import { apiErrors, PING_MESSAGE, STORE_NOT_LOADED } from '../domain/api-messages.js';
import { decideCategory, decideParticipants, decideStatistics, type Query } from '../domain/validation.js';
import type { FollowerState } from '../read-model/follower.js';
import { CACHE, prepareError, prepareJson, type Answer } from '../read-model/prepared-response.js';
import type { ReadModel } from '../read-model/read-model.js';
import { CATEGORY_NOT_FOUND, UPDATING_ANSWER } from '../read-model/statistics-catalog.js';

/** Where the data operations read the current model from (the follower). */
export interface ModelSource {
  readonly state: FollowerState;
}

/** One of the six operations: from the query and the current model to the answer. */
export type Operation = (query: Query, source: ModelSource) => Answer;

const PONG = prepareJson(200, { ok: true, message: PING_MESSAGE }, CACHE.none);
const YEAR_REQUIRED = prepareError(apiErrors.yearRequired);
const STATISTICS_YEAR_FORMAT = prepareError(apiErrors.yearFormatStatistics);
const CATEGORY_PARAMS_REQUIRED = prepareError(apiErrors.categoryParamsRequired);
const CATEGORY_INVALID = prepareError(apiErrors.invalidCategory);
const CATEGORY_YEAR_FORMAT = prepareError(apiErrors.yearFormatCategory);
const PARTICIPANT_PARAMS_REQUIRED = prepareError(apiErrors.participantParamsRequired);
const NAME_TOO_SHORT = prepareError(apiErrors.nameTooShort);
const NO_PARTICIPANTS = prepareError(apiErrors.noParticipants);
const NOT_LOADED = prepareError(apiErrors.storeFailure, STORE_NOT_LOADED);

/** The operations that read data answer 500 until the first successful load. */
function fromModel(answer: (query: Query, model: ReadModel) => Answer): Operation {
  return (query, source) => {
    const state = source.state;
    switch (state.kind) {
      case 'ready':
        return answer(query, state.model);
      case 'failed':
        return prepareError(apiErrors.storeFailure, state.details);
      case 'loading':
        return NOT_LOADED;
    }
  };
}

function statistics(query: Query, { catalog }: ReadModel): Answer {
  const decision = decideStatistics(query, catalog.yearSet);
  switch (decision.kind) {
    case 'yearRequired':
      return YEAR_REQUIRED;
    case 'yearFormat':
      return STATISTICS_YEAR_FORMAT;
    case 'yearUnknown':
      return catalog.statisticsInvalidYear;
    case 'ok':
      return catalog.isUpdating ? UPDATING_ANSWER : catalog.statisticsByYear.get(decision.year)!;
  }
}

function category(query: Query, { catalog }: ReadModel): Answer {
  const decision = decideCategory(query, catalog.yearSet);
  switch (decision.kind) {
    case 'paramsRequired':
      return CATEGORY_PARAMS_REQUIRED;
    case 'categoryInvalid':
      return CATEGORY_INVALID;
    case 'yearFormat':
      return CATEGORY_YEAR_FORMAT;
    case 'yearUnknown':
      return catalog.categoryInvalidYear;
    case 'ok':
      return catalog.categoryByYear.get(decision.year)?.get(decision.category) ?? CATEGORY_NOT_FOUND;
  }
}

function participants(query: Query, { directory }: ReadModel): Answer {
  const decision = decideParticipants(query);
  switch (decision.kind) {
    case 'paramsRequired':
      return PARTICIPANT_PARAMS_REQUIRED;
    case 'nameTooShort':
      return NAME_TOO_SHORT;
    case 'ok': {
      const json = directory.index.searchJson(decision.normalizedName, decision.company);
      return json === undefined ? NO_PARTICIPANTS : { kind: 'computed', statusCode: 200, json };
    }
  }
}

/** The six operations of the spec (routes.ts gives each its path). */
export const operations = {
  ping: (() => PONG) satisfies Operation,
  listYears: fromModel((_query, model) => model.catalog.yearsAnswer),
  getStatistics: fromModel(statistics),
  getCategory: fromModel(category),
  listCompanies: fromModel((_query, model) => model.directory.companiesAnswer),
  searchParticipants: fromModel(participants),
} as const;
