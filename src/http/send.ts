import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  bodyTag,
  CACHE,
  COMPRESSION_THRESHOLD_BYTES,
  prepareJson,
  prepareJsonText,
  representationHeaders,
  type PreparedResponse,
  type Representation,
} from '../read-model/prepared-response.js';
import { isSearchAnswer, type Answer } from './operations.js';

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

/** True when `If-None-Match` names one of the tags (weak comparison). */
function namesTag(ifNoneMatch: string, tags: readonly (string | undefined)[]): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => tags.includes(candidate.trim().replace(/^W\//, '')));
}

/** True when `If-None-Match` names any representation of this answer. */
function notModified(prepared: PreparedResponse, ifNoneMatch: string | undefined): boolean {
  if (ifNoneMatch === undefined || prepared.identity.etag === undefined) return false;
  return namesTag(ifNoneMatch, [prepared.identity.etag, prepared.gzip?.etag, prepared.br?.etag]);
}

/** A compressed search answer, prepared for this request only: just its coding, at low effort. */
function prepareCompressedSearchAnswer(json: string, coding: 'br' | 'gzip'): PreparedResponse {
  return prepareJsonText(200, json, CACHE.none, { etag: true, codings: [coding], effort: 'fast' });
}

/**
 * The headers written with a representation: its own and CORS; with the body, its
 * length; for a 304 (no body), no coding and no length.
 */
function wireHeaders(representation: Representation, corsOrigin: string, notModified: boolean) {
  // Object.assign, not a spread, which V8 does slowly for such keys (search answers
  // get their headers per request).
  const headers: OutgoingHttpHeaders = Object.assign({}, representation.headers);
  headers['access-control-allow-origin'] = corsOrigin;
  if (notModified) delete headers['content-encoding'];
  else headers['content-length'] = representation.body.length;
  return headers;
}

type HeadersOf = (representation: Representation, notModified: boolean) => OutgoingHttpHeaders;

/** Writes answers; the only per-app setting is the CORS origin. */
export interface Responder {
  /**
   * Writes an answer to Node's response: the representation the request accepts, or 304
   * when `If-None-Match` names it. Used by the fast lane and, through `sendAnswer`, by
   * Fastify's routes, so both write the same bytes.
   */
  write(request: IncomingMessage, response: ServerResponse, answer: Answer): void;
  /** `write` from a Fastify route (the reply is handed over to it). */
  sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply;
  /** An `{error, details?}` answer built on the spot (unexpected failures). */
  sendError(reply: FastifyReply, statusCode: number, body: { error: string; details?: string }): FastifyReply;
}

export function createResponder(corsOrigin: string): Responder {
  // Prepared answers live as long as their read model: their headers are built once.
  const kept = new WeakMap<Representation, [full: OutgoingHttpHeaders, notModified: OutgoingHttpHeaders]>();
  const keptHeaders: HeadersOf = (representation, notModified) => {
    let headers = kept.get(representation);
    if (headers === undefined) {
      headers = [
        wireHeaders(representation, corsOrigin, false),
        wireHeaders(representation, corsOrigin, true),
      ];
      kept.set(representation, headers);
    }
    return headers[notModified ? 1 : 0];
  };
  // A compressed search answer is written once.
  const freshHeaders: HeadersOf = (representation, notModified) =>
    wireHeaders(representation, corsOrigin, notModified);

  const writePrepared = (
    request: IncomingMessage,
    response: ServerResponse,
    prepared: PreparedResponse,
    headersOf: HeadersOf,
  ) => {
    const representation = pickRepresentation(prepared, request.headers['accept-encoding']);
    if (prepared.statusCode === 200 && notModified(prepared, request.headers['if-none-match'])) {
      response.writeHead(304, headersOf(representation, true));
      response.end();
      return;
    }
    response.writeHead(prepared.statusCode, headersOf(representation, false));
    response.end(representation.body);
  };

  /**
   * A search answer as its JSON text: headers and text go out in one write, with no
   * buffer in between (Node joins the two when the body is a string). Compressed only
   * when it is large enough and the client accepts it.
   */
  const writeSearch = (request: IncomingMessage, response: ServerResponse, json: string) => {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const length = Buffer.byteLength(json);
    if (encoding !== 'identity' && length > COMPRESSION_THRESHOLD_BYTES) {
      return writePrepared(request, response, prepareCompressedSearchAnswer(json, encoding), freshHeaders);
    }
    const etag = bodyTag(json);
    const headers: OutgoingHttpHeaders = representationHeaders(CACHE.none, etag);
    headers['access-control-allow-origin'] = corsOrigin;
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && namesTag(ifNoneMatch, [etag])) {
      response.writeHead(304, headers);
      response.end();
      return;
    }
    headers['content-length'] = length;
    response.writeHead(200, headers);
    response.end(json);
  };

  const write: Responder['write'] = (request, response, answer) => {
    if (isSearchAnswer(answer)) writeSearch(request, response, answer.json);
    else writePrepared(request, response, answer, keptHeaders);
  };

  return {
    write,
    sendAnswer(request, reply, answer) {
      reply.hijack();
      write(request.raw, reply.raw, answer);
      return reply;
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
