import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import {
  COMPRESSION_THRESHOLD_BYTES,
  compressedComputed,
  computedRepresentation,
  type Answer,
  type ComputedJson,
  type Representation,
} from '../answer/answer.js';

type Encoding = 'br' | 'gzip' | 'identity';
const OFFERED: Encoding[] = ['br', 'gzip', 'identity'];

/**
 * Accept-Encoding values repeat endlessly; negotiate each distinct one once (about 1 µs of
 * CPU per request saved, some 8 % of a small answer: docs/performance.md, "Caches").
 */
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

/** True when `If-None-Match` names one of the tags (weak comparison). */
function namesTag(ifNoneMatch: string, tags: readonly (string | undefined)[]): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => tags.includes(candidate.trim().replace(/^W\//, '')));
}

/**
 * The headers written with a representation: its own and CORS; with the body, its
 * length; for a 304 (no body), no coding and no length.
 */
function wireHeaders(representation: Representation, corsOrigin: string | undefined, notModified: boolean) {
  // Object.assign, not a spread, which V8 does slowly for such keys (search answers
  // get their headers per request).
  const headers: OutgoingHttpHeaders = Object.assign({}, representation.headers);
  if (corsOrigin !== undefined) headers['access-control-allow-origin'] = corsOrigin;
  if (notModified) delete headers['content-encoding'];
  else headers['content-length'] = representation.length;
  return headers;
}

/**
 * Writes an answer to Node's response: the representation the request accepts, or 304
 * when `If-None-Match` names it. The only per-server setting is the CORS origin (none: no
 * header). The dispatcher writes every answer through it.
 */
export function createResponder(corsOrigin: string | undefined) {
  return (request: IncomingMessage, response: ServerResponse, answer: Answer): void => {
    // A computed answer (a search) is compressed only when large enough and accepted.
    const computed = answer.kind === 'computed';
    const encoding =
      computed || answer.gzip || answer.br ? chooseEncoding(request.headers['accept-encoding']) : 'identity';
    const prepared = !computed
      ? answer
      : encoding !== 'identity' && Buffer.byteLength(answer.json) > COMPRESSION_THRESHOLD_BYTES
        ? compressedComputed(answer, encoding)
        : undefined;
    const representation = prepared
      ? (encoding !== 'identity' && prepared[encoding]) || prepared.identity
      : computedRepresentation(answer as ComputedJson);
    const tags = prepared
      ? [prepared.identity.etag, prepared.gzip?.etag, prepared.br?.etag]
      : [representation.etag];
    const ifNoneMatch = request.headers['if-none-match'];
    const notModified =
      answer.statusCode === 200 &&
      ifNoneMatch !== undefined &&
      tags[0] !== undefined &&
      namesTag(ifNoneMatch, tags);
    response.writeHead(
      notModified ? 304 : answer.statusCode,
      wireHeaders(representation, corsOrigin, notModified),
    );
    response.end(notModified ? undefined : representation.body);
  };
}
