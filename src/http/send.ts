import Negotiator from 'negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CACHE,
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
    const preferred = negotiator.encoding(OFFERED, { preferred: OFFERED });
    choice = (preferred as Encoding | undefined) ?? 'identity';
    if (negotiated.size >= NEGOTIATION_CACHE_LIMIT) negotiated.clear();
    negotiated.set(acceptEncoding, choice);
  }
  return choice;
}

function pickRepresentation(
  prepared: PreparedResponse,
  acceptEncoding: string | undefined,
): [Representation, Encoding] {
  if (!prepared.gzip && !prepared.br) return [prepared.identity, 'identity'];
  const encoding = chooseEncoding(acceptEncoding);
  if (encoding === 'br' && prepared.br) return [prepared.br, 'br'];
  if (encoding === 'gzip' && prepared.gzip) return [prepared.gzip, 'gzip'];
  return [prepared.identity, 'identity'];
}

/** True when `If-None-Match` names any representation of this answer (weak comparison). */
function notModified(prepared: PreparedResponse, ifNoneMatch: string | undefined): boolean {
  if (ifNoneMatch === undefined || prepared.identity.etag === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const tags = [prepared.identity.etag, prepared.gzip?.etag, prepared.br?.etag];
  return ifNoneMatch.split(',').some((candidate) => tags.includes(candidate.trim().replace(/^W\//, '')));
}

/** Writes a prepared answer: a lookup and a write, nothing computed. */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedResponse,
): FastifyReply {
  const [representation, encoding] = pickRepresentation(prepared, request.headers['accept-encoding']);
  reply.header('cache-control', prepared.cacheControl);
  if (prepared.gzip || prepared.br) reply.header('vary', 'Accept-Encoding');
  if (representation.etag) reply.header('etag', representation.etag);
  if (prepared.statusCode === 200 && notModified(prepared, request.headers['if-none-match'])) {
    return reply.code(304).send();
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.code(prepared.statusCode).send(representation.body);
}

/** Answers built per request (participant search): only the chosen coding, at low effort. */
export function sendDynamicJson(
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  json: string,
  cacheControl: string = CACHE.none,
): FastifyReply {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const prepared = prepareJsonText(statusCode, json, cacheControl, {
    etag: statusCode === 200,
    codings: encoding === 'identity' ? [] : [encoding === 'br' ? 'br' : 'gzip'],
    effort: 'fast',
  });
  return sendPrepared(request, reply, prepared);
}
