import type { IncomingMessage } from 'node:http';
import { PREPARED_ERRORS, type Answer } from '../answer/answer.js';
import type { Query } from '../domain/validation.js';
import { parseQuery } from './query.js';

/** A posted form holds a name and a school: a few hundred bytes. */
const FORM_BODY_LIMIT = 8 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * Reads a posted form: `application/x-www-form-urlencoded` only (415), at most
 * `FORM_BODY_LIMIT` bytes (413); `refuse` gets the refusal, `then` the fields.
 */
export function readForm(
  request: IncomingMessage,
  refuse: (answer: Answer) => void,
  then: (form: Query) => void,
) {
  const type = (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type !== FORM_TYPE) return refuse(PREPARED_ERRORS.unsupportedMediaType);
  if (Number(request.headers['content-length'] ?? 0) > FORM_BODY_LIMIT)
    return refuse(PREPARED_ERRORS.payloadTooLarge);
  const chunks: Buffer[] = [];
  let length = 0;
  request.on('data', (chunk: Buffer) => {
    if (length > FORM_BODY_LIMIT) return;
    length += chunk.length;
    if (length > FORM_BODY_LIMIT) refuse(PREPARED_ERRORS.payloadTooLarge);
    else chunks.push(chunk);
  });
  request.on('end', () => {
    if (length <= FORM_BODY_LIMIT) then(parseQuery(Buffer.concat(chunks).toString('utf8')));
  });
  // A client that goes away mid-body gets no answer: there is no one to read it.
  request.on('error', () => undefined);
}
