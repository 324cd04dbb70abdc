/** Where a path, address or secret may start: not inside a word such as `read/write`. */
const START = String.raw`(?<=^|[\s'"(\[=,;<>])`;

/** What a 500 answer's `details` and the logs must never show: URLs, settings, credentials, names, paths, addresses. */
const REDACTIONS: readonly (readonly [RegExp, string])[] = [
  [/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"]*/gi, '<url>'],
  [
    /\b(password|passwd|pwd|user|host|hostaddr|port|dbname|passfile|sslkey|sslcert|sslrootcert|sslpassword)\s*=\s*(?:'[^']*'|"[^"]*"|[^\s,;]+)/gi,
    '$1=<redacted>',
  ],
  [new RegExp(`${START}[^\\s'"@/:]+:[^\\s'"@/]+@[^\\s'"/,;]+`, 'g'), '<credentials>'],
  [/\b(user|role|database|host|schema)\s+"[^"]*"/gi, '$1 <redacted>'],
  [new RegExp(`${START}(?:[A-Za-z]:[\\\\/]|\\\\\\\\|~/|\\.{1,2}/|/)[^\\s'"(),;]*`, 'g'), '<path>'],
  [/\b(getaddrinfo\s+[A-Z_]+)\s+[^\s,;]+/g, '$1 <host>'],
  [/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b/g, '<address>'],
  [/\[[0-9a-f:.]*:[0-9a-f:.]*\](?::\d{1,5})?/gi, '<address>'],
  [
    new RegExp(`${START}(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}(?::\\d{1,5})?(?=$|[\\s'",;)])`, 'gi'),
    '<address>',
  ],
];

const MAX_LENGTH = 200;

function redact(text: string): string {
  for (const [pattern, replacement] of REDACTIONS) text = text.replace(pattern, replacement);
  return text;
}

/** `user "ana"` and `role "ana"`, as PostgreSQL quotes the role `ana`. */
function namesOfRole(role: string): RegExp {
  return new RegExp(`(\\b(?:user|role) "${role.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}")`, 'g');
}

/**
 * The error's code and the first line of its message, redacted. The CLI passes `connectedAs`,
 * its role: where PostgreSQL names it, it stays (the operator fixes its rights from there).
 */
export function describeStoreError(error: unknown, { connectedAs }: { connectedAs?: string } = {}): string {
  const raw = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  let message = (raw.split(/\r?\n/, 1)[0] ?? '')
    // A stack frame written on the same line, and control characters.
    .replace(/\s+at\s+(?:\S+\s+)?\(?[^\s()]+:\d+:\d+\)?.*$/, '')
    .replace(/\p{Cc}/gu, ' ');
  message =
    connectedAs === undefined || connectedAs === ''
      ? redact(message)
      : message
          .split(namesOfRole(connectedAs))
          // The split keeps each naming of the role at an odd index: the rest is redacted.
          .map((part, index) => (index % 2 === 1 ? part : redact(part)))
          .join('');
  message = message.trim().slice(0, MAX_LENGTH);
  if (message === '') message = 'unknown error';
  const safeCode = typeof code === 'string' && /^[A-Za-z0-9_.-]{1,40}$/.test(code) ? code : undefined;
  return safeCode !== undefined && !message.includes(safeCode) ? `${safeCode}: ${message}` : message;
}

/** Where waiting will not help: bad password, role or database refused, missing right, read-only role. */
const MISCONFIGURATION_CODES = new Set(['28P01', '28000', '3D000', '42501', '25006']);

/** PostgreSQL's `insufficient_privilege`. */
export function isPostgresPermissionDenied(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '42501';
}

export function isPostgresMisconfiguration(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && MISCONFIGURATION_CODES.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
