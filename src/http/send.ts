import Negotiator from 'negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CACHE,
  prepareJson,
  prepareJsonText,
  type PreparedResponse,
  type Representation,
} from '../read-model/prepared-response.js';

type Encoding = 'br' | 'gzip' | 'identity';
const OFFERED: Encoding[] = ['br', 'gzip', 'identity'];

/** Accept-Encoding values repeat endlessly; negotiate each distinct one once. */
const negotiated = new Map<string, Encoding>();
const NEGOTIATION_CACHE_LIMIT = 256;

function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let choice = negotiated.get(acceptEncoding);
  if (choice === undefined) {
    const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as {
      // negotiator 1.x takes the server's preference for ties; its published types predate that.
      encoding(available: Encoding[], options: { preferred: Encoding[] }): string | undefined;
    };
    choice = (negotiator.encoding(OFFERED, { preferred: OFFERED }) as Encoding | undefined) ?? 'identity';
    if (negotiated.size >= NEGOTIATION_CACHE_LIMIT) negotiated.clear();
    negotiated.set(acceptEncoding, choice);
  }
  return choice;
}

function pickRepresentation(prepared: PreparedResponse, acceptEncoding: string | undefined): Representation {
  if (!prepared.gzip && !prepared.br) return prepared.identity;
  const encoding = chooseEncoding(acceptEncoding);
  if (encoding === 'br' && prepared.br) return prepared.br;
  if (encoding === 'gzip' && prepared.gzip) return prepared.gzip;
  return prepared.identity;
}

/** True when `If-None-Match` names any representation of this answer (weak comparison). */
function notModified(prepared: PreparedResponse, ifNoneMatch: string | undefined): boolean {
  if (ifNoneMatch === undefined || prepared.identity.etag === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const tags = [prepared.identity.etag, prepared.gzip?.etag, prepared.br?.etag];
  return ifNoneMatch.split(',').some((candidate) => tags.includes(candidate.trim().replace(/^W\//, '')));
}

/** Writes answers; the only per-app setting is the CORS origin. */
export interface Responder {
  /** A prepared answer: a lookup and a write, nothing computed. */
  sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedResponse): FastifyReply;
  /** An answer built per request (participant search): only the chosen coding, at low effort. */
  sendDynamicJson(
    request: FastifyRequest,
    reply: FastifyReply,
    statusCode: number,
    json: string,
  ): FastifyReply;
  /** An `{error, details?}` answer built on the spot (unexpected failures). */
  sendError(reply: FastifyReply, statusCode: number, body: { error: string; details?: string }): FastifyReply;
}

export function createResponder(corsOrigin: string): Responder {
  const sendPrepared: Responder['sendPrepared'] = (request, reply, prepared) => {
    const representation = pickRepresentation(prepared, request.headers['accept-encoding']);
    reply.headers(representation.headers).header('access-control-allow-origin', corsOrigin);
    if (prepared.statusCode === 200 && notModified(prepared, request.headers['if-none-match'])) {
      return reply.removeHeader('content-encoding').code(304).send();
    }
    return reply.code(prepared.statusCode).send(representation.body);
  };
  return {
    sendPrepared,
    sendDynamicJson(request, reply, statusCode, json) {
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      const prepared = prepareJsonText(statusCode, json, CACHE.none, {
        etag: statusCode === 200,
        codings: encoding === 'identity' ? [] : [encoding === 'br' ? 'br' : 'gzip'],
        effort: 'fast',
      });
      return sendPrepared(request, reply, prepared);
    },
    sendError(reply, statusCode, body) {
      const prepared = prepareJson(statusCode, body, CACHE.none, { codings: [] });
      return reply
        .headers(prepared.identity.headers)
        .header('access-control-allow-origin', corsOrigin)
        .code(statusCode)
        .send(prepared.identity.body);
    },
  };
}
