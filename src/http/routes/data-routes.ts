import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiMessages } from '../../domain/texts.js';
import { decideCategory, decideParticipants, decideStatistics, type Query } from '../../domain/validation.js';
import type { ReadModelFollower } from '../../read-model/follower.js';
import { prepareError } from '../../read-model/prepared-response.js';
import type { ReadModel } from '../../read-model/read-model.js';
import { CATEGORY_NOT_FOUND, UPDATING_ANSWER } from '../../read-model/statistics-catalog.js';
import type { Responder } from '../send.js';
import { documentedRoute, type DocumentedPath } from '../schemas.js';

const YEAR_REQUIRED = prepareError(404, apiMessages.yearRequired);
const STATISTICS_YEAR_FORMAT = prepareError(404, apiMessages.yearFormatStatistics);
const CATEGORY_PARAMS_REQUIRED = prepareError(400, apiMessages.categoryParamsRequired);
const CATEGORY_INVALID = prepareError(400, apiMessages.invalidCategory);
const CATEGORY_YEAR_FORMAT = prepareError(400, apiMessages.yearFormatCategory);
const PARTICIPANT_PARAMS_REQUIRED = prepareError(400, apiMessages.participantParamsRequired);
const NAME_TOO_SHORT = prepareError(400, apiMessages.nameTooShort);
const NO_PARTICIPANTS = prepareError(500, apiMessages.noParticipants);

type DataHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  model: ReadModel,
  query: Query,
) => FastifyReply;

/** The five operations that read data; before the first successful load they answer 500. */
export function registerDataRoutes(
  app: FastifyInstance,
  follower: ReadModelFollower,
  { sendPrepared, sendDynamicJson }: Responder,
): void {
  const route = (url: DocumentedPath, handler: DataHandler) =>
    app.get(url, documentedRoute(url), (request, reply) => {
      const state = follower.state;
      if (state.kind !== 'ready') {
        const details = state.kind === 'failed' ? state.details : 'El almacén de datos aún no se ha cargado';
        return sendPrepared(request, reply, prepareError(500, apiMessages.storeFailure, details));
      }
      return handler(request, reply, state.model, request.query as Query);
    });

  route('/api/years', (request, reply, model) => sendPrepared(request, reply, model.catalog.yearsAnswer));

  route('/api/statistics', (request, reply, { catalog }, query) => {
    const decision = decideStatistics(query, catalog.yearSet);
    switch (decision.kind) {
      case 'yearRequired':
        return sendPrepared(request, reply, YEAR_REQUIRED);
      case 'yearFormat':
        return sendPrepared(request, reply, STATISTICS_YEAR_FORMAT);
      case 'yearUnknown':
        return sendPrepared(request, reply, catalog.statisticsInvalidYear);
      case 'ok':
        if (catalog.isUpdating) return sendPrepared(request, reply, UPDATING_ANSWER);
        return sendPrepared(request, reply, catalog.statisticsByYear.get(decision.year)!);
    }
  });

  route('/api/category', (request, reply, { catalog }, query) => {
    const decision = decideCategory(query, catalog.yearSet);
    switch (decision.kind) {
      case 'paramsRequired':
        return sendPrepared(request, reply, CATEGORY_PARAMS_REQUIRED);
      case 'categoryInvalid':
        return sendPrepared(request, reply, CATEGORY_INVALID);
      case 'yearFormat':
        return sendPrepared(request, reply, CATEGORY_YEAR_FORMAT);
      case 'yearUnknown':
        return sendPrepared(request, reply, catalog.categoryInvalidYear);
      case 'ok':
        return sendPrepared(
          request,
          reply,
          catalog.categoryByYear.get(decision.year)?.get(decision.category) ?? CATEGORY_NOT_FOUND,
        );
    }
  });

  route('/api/companies', (request, reply, model) =>
    sendPrepared(request, reply, model.directory.companiesAnswer),
  );

  route('/api/participants', (request, reply, model, query) => {
    const decision = decideParticipants(query);
    switch (decision.kind) {
      case 'paramsRequired':
        return sendPrepared(request, reply, PARTICIPANT_PARAMS_REQUIRED);
      case 'nameTooShort':
        return sendPrepared(request, reply, NAME_TOO_SHORT);
      case 'ok': {
        const json = model.directory.index.searchJson(decision.normalizedName, decision.company);
        return json === undefined
          ? sendPrepared(request, reply, NO_PARTICIPANTS)
          : sendDynamicJson(request, reply, 200, json);
      }
    }
  });
}
