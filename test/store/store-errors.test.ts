/**
 * `details` of a 500 answer (and the logs, and the CLI's one-line errors) say what went
 * wrong without file paths, connection strings, credentials, addresses or stack traces.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeStoreError } from '../../src/store/store-errors.js';

const error = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('describeStoreError', () => {
  it.each([
    // SQLite (better-sqlite3)
    [
      error('unable to open database file', 'SQLITE_CANTOPEN'),
      'SQLITE_CANTOPEN: unable to open database file',
    ],
    [error('file is not a database', 'SQLITE_NOTADB'), 'SQLITE_NOTADB: file is not a database'],
    [error('no such table: participants', 'SQLITE_ERROR'), 'SQLITE_ERROR: no such table: participants'],
    [error('disk I/O error', 'SQLITE_IOERR_READ'), 'SQLITE_IOERR_READ: disk I/O error'],
    // File system
    [
      error("ENOENT: no such file or directory, open '/var/lib/tamborrada/tamborrada.db'", 'ENOENT'),
      "ENOENT: no such file or directory, open '<path>'",
    ],
    [
      error("EACCES: permission denied, open 'C:\\srv\\tamborrada\\data.db'", 'EACCES'),
      "EACCES: permission denied, open '<path>'",
    ],
    [
      error('cannot open ./data/tamborrada.db or ../x.db or ~/y.db'),
      'cannot open <path> or <path> or <path>',
    ],
    [error('read/write lock failed'), 'read/write lock failed'],
    // PostgreSQL (pg)
    [
      error('password authentication failed for user "tamborrada_api"', '28P01'),
      '28P01: password authentication failed for user <redacted>',
    ],
    [error('database "tamborrada" does not exist', '3D000'), '3D000: database <redacted> does not exist'],
    [
      error(
        'no pg_hba.conf entry for host "10.1.2.3", user "api", database "tamborrada", no encryption',
        '28000',
      ),
      '28000: no pg_hba.conf entry for host <redacted>, user <redacted>, database <redacted>, no encryption',
    ],
    [error('syntax error at or near "SELEC"', '42601'), '42601: syntax error at or near "SELEC"'],
    // Network
    [error('connect ECONNREFUSED 10.0.0.5:5432', 'ECONNREFUSED'), 'connect ECONNREFUSED <address>'],
    [error('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), 'connect ECONNREFUSED <address>'],
    [error('connect ECONNREFUSED [fe80::1]:5432', 'ECONNREFUSED'), 'connect ECONNREFUSED <address>'],
    [error('getaddrinfo ENOTFOUND db.internal.example.org', 'ENOTFOUND'), 'getaddrinfo ENOTFOUND <host>'],
    // Connection strings
    [
      error('invalid connection string postgres://api:s3cr3t@db.example.org:5432/tamborrada?sslmode=require'),
      'invalid connection string <url>',
    ],
    [
      error(
        "cannot connect with host=db.example.org port=5432 user=api password='s3 cr3t' dbname=tamborrada",
      ),
      'cannot connect with host=<redacted> port=<redacted> user=<redacted> password=<redacted> dbname=<redacted>',
    ],
    [error('login api:s3cr3t@db.example.org refused'), 'login <credentials> refused'],
    // Stack traces
    [
      error('boom\n    at SqliteStore.readYears (/work/main/src/store/sqlite-store.ts:110:8)\n    at async'),
      'boom',
    ],
    [error('boom at Object.<anonymous> (/home/app/dist/store.js:10:5)'), 'boom'],
    // Not errors
    ['a plain string with /etc/tamborrada.conf', 'a plain string with <path>'],
    [undefined, 'undefined'],
    [error('', 'SQLITE_BUSY'), 'SQLITE_BUSY: unknown error'],
  ])('%o → %s', (input, expected) => {
    expect(describeStoreError(input)).toBe(expected);
  });

  it('never returns a path, a URL, a password or a stack frame, whatever the message', () => {
    const secret = fc.constantFrom(
      '/var/lib/tamborrada/tamborrada.db',
      '/tmp/tamborrada-test-abc/test.db',
      'postgres://api:Sup3rS3cret@db.internal:5432/tamborrada',
      'postgresql://writer:pa55word@10.0.0.7/tamborrada',
      'password=Sup3rS3cret',
      '    at Object.<anonymous> (/work/main/src/server.ts:1:2)',
    );
    fc.assert(
      fc.property(
        fc.tuple(fc.string({ maxLength: 40 }), secret, fc.string({ maxLength: 40 })),
        fc.constantFrom(' ', "'", '"', '(', '\n', ', '),
        ([before, hidden, after], around) => {
          const details = describeStoreError(error(`${before}${around}${hidden}${around}${after}`));
          expect(details).not.toMatch(
            /Sup3rS3cret|pa55word|\/var\/lib|\/tmp\/tamborrada|\/work\/main|:\d+:\d+\)/,
          );
          expect(details.length).toBeLessThanOrEqual(240);
          expect(details).not.toContain('\n');
        },
      ),
      { numRuns: 500 },
    );
  });

  it("the CLI's form names the role the command connected as, and nothing else PostgreSQL names", () => {
    const connectedAs = { connectedAs: 'tamborrada_writer' };
    expect(
      describeStoreError(
        error('password authentication failed for user "tamborrada_writer"', '28P01'),
        connectedAs,
      ),
    ).toBe('28P01: password authentication failed for user "tamborrada_writer"');
    expect(describeStoreError(error('role "tamborrada_writer" does not exist', '28000'), connectedAs)).toBe(
      '28000: role "tamborrada_writer" does not exist',
    );
    expect(
      describeStoreError(
        error(
          'no pg_hba.conf entry for host "10.1.2.3", user "tamborrada_writer", database "tamborrada", no encryption',
          '28000',
        ),
        connectedAs,
      ),
    ).toBe(
      '28000: no pg_hba.conf entry for host <redacted>, user "tamborrada_writer", database <redacted>, no encryption',
    );
    // Another role, a database of the same name, a role named like a pattern: redacted.
    for (const [message, role, expected] of [
      [
        'permission denied to set role "admin"',
        'tamborrada_writer',
        'permission denied to set role <redacted>',
      ],
      [
        'database "tamborrada_writer" does not exist',
        'tamborrada_writer',
        'database <redacted> does not exist',
      ],
      [
        'password authentication failed for user "ab"',
        'a.',
        'password authentication failed for user <redacted>',
      ],
    ] as const)
      expect(describeStoreError(error(message), { connectedAs: role })).toBe(expected);
    // The server's `details` and logs name no role at all.
    expect(
      describeStoreError(error('password authentication failed for user "tamborrada_writer"', '28P01')),
    ).toBe('28P01: password authentication failed for user <redacted>');
  });
});
