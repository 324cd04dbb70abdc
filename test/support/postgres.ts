import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** The superuser URL of the test server (started once per run by postgres-global-setup.ts). */
export function postgresAdminUrl(): string {
  return inject('postgresAdminUrl');
}

/** The same server and credentials, another database and/or role. */
export function postgresUrl(base: string, changes: { database?: string; user?: string; password?: string }) {
  const url = new URL(base);
  if (changes.database !== undefined) url.pathname = `/${encodeURIComponent(changes.database)}`;
  if (changes.user !== undefined) url.username = encodeURIComponent(changes.user);
  if (changes.password !== undefined) url.password = encodeURIComponent(changes.password);
  return url.toString();
}

/** A unique lower-case identifier (databases and roles are shared by parallel test files). */
export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** Runs statements on the admin connection. */
export async function adminQuery(sql: string, url = postgresAdminUrl()): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

let version: Promise<number> | undefined;

/** `server_version_num` of the test server (150000 for 15.0). */
export function serverVersion(): Promise<number> {
  version ??= adminQuery('SHOW server_version_num').then((result) =>
    Number((result.rows[0] as { server_version_num: string }).server_version_num),
  );
  return version;
}

export interface TestDatabase {
  name: string;
  /** Superuser URL of this database. */
  url: string;
  /** A connected superuser client on this database, for plain SQL. */
  client: pg.Client;
  drop(): Promise<void>;
}

/** A fresh, empty database of its own. */
export async function createTestDatabase(prefix = 'tamborrada_test'): Promise<TestDatabase> {
  const name = uniqueName(prefix);
  // FILE_COPY (PostgreSQL 15+) copies the small template faster than the default WAL_LOG.
  const fileCopy = (await serverVersion()) >= 150000 ? ' STRATEGY FILE_COPY' : '';
  await adminQuery(`CREATE DATABASE ${name}${fileCopy}`);
  const url = postgresUrl(postgresAdminUrl(), { database: name });
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return {
    name,
    url,
    client,
    async drop() {
      await client.end().catch(() => undefined);
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A login role that may only read: CONNECT on the database, USAGE on the schema, SELECT
 * on its tables (present and future ones created by the admin), no TEMP, read-only
 * transactions by default. Dropped by `drop`.
 */
export async function createReadOnlyRole(
  database: TestDatabase,
  { budgets = false }: { budgets?: boolean } = {},
): Promise<{ user: string; url: string; drop(): Promise<void> }> {
  const user = uniqueName('reader');
  const password = randomBytes(12).toString('hex');
  await adminQuery(`CREATE ROLE ${user} LOGIN PASSWORD '${password}'`);
  // As docs/postgresql.md suggests: even a slip could not write.
  await adminQuery(`ALTER ROLE ${user} SET default_transaction_read_only = on`);
  await database.client.query(`
    REVOKE ALL ON DATABASE ${database.name} FROM PUBLIC;
    REVOKE ALL ON SCHEMA public FROM PUBLIC;
    GRANT CONNECT ON DATABASE ${database.name} TO ${user};
    GRANT USAGE ON SCHEMA public TO ${user};
    GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${user};
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO ${user};`);
  // The search budgets' table, as docs/postgresql.md grants it (after migrate made it).
  if (budgets)
    await database.client.query(
      `GRANT SELECT, INSERT, UPDATE, DELETE ON tamborrada_search_budgets TO ${user}`,
    );
  return {
    user,
    url: postgresUrl(database.url, { user, password }),
    async drop() {
      await adminQuery(`DROP ROLE IF EXISTS ${user}`);
    },
  };
}
