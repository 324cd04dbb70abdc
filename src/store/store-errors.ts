/**
 * A short technical reason for the `details` of a 500 answer and for logs: the
 * error's code and message, without file paths, connection strings or stack traces.
 */
export function describeStoreError(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const message = raw
    .split('\n')[0]!
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>')
    .replace(/(?:[A-Za-z]:)?(?:\.{0,2}\/[^\s'"]+)+/g, '<path>')
    .replace(/password\S*/gi, '<redacted>')
    .slice(0, 200);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}
