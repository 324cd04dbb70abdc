/** Why a request never got an answer: the words of the error's innermost cause (`ECONNREFUSED`, `ENOTFOUND`…). */
function reasonOf(error: unknown): string {
  let innermost = error;
  while (innermost instanceof Error && innermost.cause !== undefined) innermost = innermost.cause;
  if (!(innermost instanceof Error)) return String(innermost);
  // Node's network errors carry a code; a refused `localhost` is an AggregateError with an empty message.
  const code = (innermost as Error & { code?: unknown }).code;
  return typeof code === 'string' ? code : innermost.message || innermost.name;
}

/**
 * The server could not be reached: nothing answered at `url` (refused, unknown host, a
 * connection cut before any answer). An answer with an error status is no such error: the
 * request's `error` holds its JSON. `cause` is the error `fetch` threw.
 */
export class ServerUnreachableError extends Error {
  override readonly name = 'ServerUnreachableError';
  /** The address asked for. */
  readonly url: string;
  /** `ECONNREFUSED`, `ENOTFOUND`…, or the cause's message where it has no code. */
  readonly reason: string;

  constructor(url: string, cause: unknown) {
    const reason = reasonOf(cause);
    super(`Cannot reach ${url}: ${reason}`, { cause });
    this.url = url;
    this.reason = reason;
  }
}

/** Whether `error` is the caller's own abort or timeout (`AbortSignal`), which stays as it is. */
export const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
