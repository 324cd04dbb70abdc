import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import {
  COMPRESSION_THRESHOLD_BYTES,
  compressedComputed,
  computedRepresentation,
  type Answer,
  type ComputedJson,
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

function pickRepresentation(prepared: PreparedResponse, encoding: Encoding): Representation {
  if (encoding === 'br' && prepared.br) return prepared.br;
  if (encoding === 'gzip' && prepared.gzip) return prepared.gzip;
  return prepared.identity;
}

/** True when `If-None-Match` names one of the tags (weak comparison). */
function namesTag(ifNoneMatch: string, tags: readonly (string | undefined)[]): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => tags.includes(candidate.trim().replace(/^W\//, '')));
}

/** Every tag of an answer: `If-None-Match` with any of them means the client has it. */
function tagsOf(prepared: PreparedResponse): (string | undefined)[] {
  return [prepared.identity.etag, prepared.gzip?.etag, prepared.br?.etag];
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
  else headers['content-length'] = representation.length;
  return headers;
}

/** Writes answers; the only per-server setting is the CORS origin. */
export interface Responder {
  /**
   * Writes an answer to Node's response: the representation the request accepts, or
   * 304 when `If-None-Match` names it. The dispatcher writes every answer through it.
   */
  write(request: IncomingMessage, response: ServerResponse, answer: Answer): void;
}

export function createResponder(corsOrigin: string): Responder {
  // Prepared answers live as long as their read model: their wire headers are built once.
  const kept = new WeakMap<Representation, [full: OutgoingHttpHeaders, notModified: OutgoingHttpHeaders]>();
  const keptHeaders = (representation: Representation, notModified: boolean) => {
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
  // A computed answer's headers are written once.
  const freshHeaders = (representation: Representation, notModified: boolean) =>
    wireHeaders(representation, corsOrigin, notModified);

  /** The one way an answer leaves: 304 when the client holds one of its tags, else the representation. */
  const send = (
    request: IncomingMessage,
    response: ServerResponse,
    statusCode: number,
    representation: Representation,
    tags: readonly (string | undefined)[],
    headersOf: (representation: Representation, notModified: boolean) => OutgoingHttpHeaders,
  ) => {
    const ifNoneMatch = request.headers['if-none-match'];
    if (
      statusCode === 200 &&
      ifNoneMatch !== undefined &&
      tags[0] !== undefined &&
      namesTag(ifNoneMatch, tags)
    ) {
      response.writeHead(304, headersOf(representation, true));
      response.end();
      return;
    }
    response.writeHead(statusCode, headersOf(representation, false));
    response.end(representation.body);
  };

  /**
   * A computed answer goes out as its text: headers and text in one write (Node joins
   * the two when the body is a string). Compressed only when large enough and accepted.
   */
  const sendComputed = (request: IncomingMessage, response: ServerResponse, answer: ComputedJson) => {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity' && Buffer.byteLength(answer.json) > COMPRESSION_THRESHOLD_BYTES) {
      const prepared = compressedComputed(answer, encoding);
      const representation = pickRepresentation(prepared, encoding);
      return send(request, response, 200, representation, tagsOf(prepared), freshHeaders);
    }
    const representation = computedRepresentation(answer);
    send(request, response, 200, representation, [representation.etag], freshHeaders);
  };

  return {
    write(request, response, answer) {
      if (answer.kind === 'computed') return sendComputed(request, response, answer);
      const encoding =
        answer.gzip || answer.br ? chooseEncoding(request.headers['accept-encoding']) : 'identity';
      const representation = pickRepresentation(answer, encoding);
      send(request, response, answer.statusCode, representation, tagsOf(answer), keptHeaders);
    },
  };
}
