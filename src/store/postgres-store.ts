import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  POSTGRES_DEFAULTS,
  postgresLocation,
  type PostgresSettings,
  type StoreLocation,
} from '../config/index.js';
import { englishList } from '../domain/english-words.js';
import { CHANGE_CHANNEL, MIGRATE_LOCK_KEY, WRITE_LOCK_KEY, postgresSchema } from './postgres-schema.js';
import { SqlReads, SqlSnapshot, type Sql } from './sql-reads.js';
import { BASQUE_TABLES, LABELS_TABLE, OUR_TABLES, schemaStateOf } from './sql-schema.js';
import { SqlWrites } from './sql-writes.js';
import type { SchemaState, StoreSnapshot, StoreVersion, WriteStore, WriteTransaction } from './store.js';

const TIMING = {
  insertBatch: 20_000,
  participantsPerFetch: 10_000,
  closeWaitMs: 2_000,
  connectAttempts: 3,
  connectRetryMs: 250,
  /** Beyond the statement timeout: a server that stopped answering is noticed too. */
  clientTimeoutMarginMs: 5_000,
  olderTransactionsWaitMs: 30_000,
};
/** Not opened in time, and a database that cannot take one more now (starting up, full). */
const CONNECT_TIMED_OUT = /connection timeout|timeout exceeded when trying to connect/i;
const NOT_NOW = new Set(['57P03', '53300', 'ECONNRESET']);

type Queryable = pg.Pool | pg.PoolClient;

/** `postgresql://host:port/database`: without user or password. */
function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgresql://${parsed.host || 'localhost'}/${decodeURIComponent(parsed.pathname.slice(1))}`;
  } catch {
    return 'postgresql';
  }
}

/** The role a URL connects as, as `pg` settles it (the URL, `PGUSER`, the OS user). */
export function connectingRole(url: string): string | undefined {
  try {
    return new pg.Client({ connectionString: url }).user || undefined;
  } catch {
    return undefined;
  }
}

export function serverAddress(url: string): string {
  const parsed = URL.parse(url);
  return parsed ? `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}` : 'the configured server';
}

/** Settings of one connection; the URL's parameters (`sslmode`) win. */
export function clientConfig(
  url: string,
  settings: PostgresSettings,
  applicationName: string,
): pg.ClientConfig {
  const timeout = settings.statementTimeoutMs;
  return {
    connectionString: url,
    application_name: applicationName,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    keepAlive: true,
    ...(timeout > 0
      ? { statement_timeout: timeout, query_timeout: timeout + TIMING.clientTimeoutMarginMs }
      : {}),
  };
}

/** A pool whose broken connections end no process: the next query on one fails, and is reported. */
export function newPool(config: pg.ClientConfig, max: number): pg.Pool {
  const pool = new pg.Pool({ ...config, max });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** A transaction `work` left open by failing is rolled back. */
export async function onClient<T>(
  client: pg.PoolClient,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  let broken = false;
  try {
    return await work(client);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

const TEXT_TYPES = new Set(['text', 'character varying', 'character']);
const INTEGER_TYPES = new Set(['smallint', 'integer', 'bigint', 'numeric']);

/** What the import writes into a NOT NULL column without default of the public project's table. */
function fillValue(column: string, type: string): string {
  if (TEXT_TYPES.has(type))
    return column === 'article_date' ? "u.year::text || '-01-01'" : 'gen_random_uuid()';
  if (column === 'article_date' && (type === 'date' || type.startsWith('timestamp')))
    return 'make_date(u.year, 1, 1)';
  if (column !== 'article_date' && INTEGER_TYPES.has(type))
    return '(SELECT COALESCE(max(url_id), 0) FROM participants) + u.n';
  if (column !== 'article_date' && type === 'uuid') return 'gen_random_uuid()';
  // Said in the operator's words rather than as PostgreSQL's type error deep in an INSERT.
  throw new Error(`participants.${column} is NOT NULL of type ${type}, which the import cannot fill`);
}

/** Writes serialised by an advisory lock, models read in one snapshot. */
export class PostgresStore extends SqlReads implements WriteStore {
  readonly description: string;
  readonly location: StoreLocation;
  protected readonly sql: Sql;
  private readonly pool: pg.Pool;
  private listener: ChangeListener | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly settings: PostgresSettings = POSTGRES_DEFAULTS,
    private readonly applicationName = 'tamborrada',
  ) {
    super();
    this.description = describeDatabaseUrl(url);
    this.location = postgresLocation(url, settings);
    this.pool = newPool(clientConfig(url, settings, applicationName), settings.poolMax);
    this.sql = pgSql(this.pool);
  }

  /** VACUUM FULL writes the tables anew without dead rows; only their owner may (others are skipped). */
  async eraseDeletedRows(): Promise<string | undefined> {
    const tables = ['participants', 'statistics', 'summaries_eu'];
    const { rows } = await this.pool.query<{ name: string }>(
      `SELECT t.name FROM unnest($1::text[]) WITH ORDINALITY AS t(name, at)
       JOIN pg_class c ON c.oid = to_regclass(t.name) WHERE NOT pg_has_role(c.relowner, 'USAGE')
       ORDER BY t.at`,
      [tables],
    );
    if (rows.length > 0)
      return `this role does not own ${englishList(rows.map((row) => row.name))}: their owner must run VACUUM FULL ${tables.join(', ')}`;
    const older = await this.olderTransactionAfterWaiting();
    if (older !== undefined)
      return `a transaction older than the removal (${older}) was still open after ${TIMING.olderTransactionsWaitMs / 1000} s, and VACUUM FULL would have kept the rows it may see: run this command again once it ends`;
    await this.pool.query(`VACUUM FULL ${tables.join(', ')}`);
    return undefined;
  }

  /** VACUUM FULL keeps rows a transaction older than the deletion may see (in any database): waits for them. */
  private async olderTransactionAfterWaiting(): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ marker: string }>('SELECT pg_current_xact_id()::xid AS marker');
    const marker = rows[0]!.marker;
    const deadline = performance.now() + TIMING.olderTransactionsWaitMs;
    for (;;) {
      const { rows: older } = await this.pool.query<{ pid: number; database: string | null }>(
        `SELECT pid, datname AS database FROM pg_stat_activity
         WHERE pid <> pg_backend_pid() AND greatest(age(backend_xmin), age(backend_xid)) > age($1::xid)
         LIMIT 1`,
        [marker],
      );
      if (older.length === 0) return undefined;
      if (performance.now() > deadline)
        return `process ${older[0]!.pid}, database ${older[0]!.database ?? 'none'}`;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async readSchemaState(): Promise<SchemaState> {
    return this.inTransaction(readSchemaStateWith);
  }

  async migrate(): Promise<boolean> {
    return this.inTransaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATE_LOCK_KEY]);
      const { rows } = await client.query<{ schema: string | null }>('SELECT current_schema() AS schema');
      const schema = rows[0]?.schema;
      if (!schema) throw new Error('no schema on the search path to create the tables in');
      const before = await schemaFingerprint(client);
      for (const statement of postgresSchema(schema)) await client.query(statement);
      return (await schemaFingerprint(client)) !== before;
    });
  }

  onChange(listener: () => void): void {
    if (this.listener || this.closed) return;
    this.listener = new ChangeListener(
      clientConfig(this.url, this.settings, `${this.applicationName}-listen`),
      listener,
    );
  }

  async readVersion(): Promise<StoreVersion> {
    return readVersionWith(this.pool);
  }

  async readSnapshot<T>(read: (snapshot: StoreSnapshot) => Promise<T>): Promise<T> {
    return this.inTransaction(
      (client) =>
        read(new SqlSnapshot(pgSql(client), () => readVersionWith(client), eachParticipant(client))),
      'BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY',
    );
  }

  async transaction<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T> {
    return this.inTransaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK_KEY]);
      if ((await readSchemaStateWith(client)) !== 'migrated') {
        throw new Error('the database has not been migrated: run `tamborrada migrate` with this URL first');
      }
      return work(new SqlWrites(pgSql(client), eachParticipant(client), insertParticipants(client)));
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.listener?.close();
    await settleWithin(this.pool.end(), TIMING.closeWaitMs);
  }

  /** Tried again on failures that may pass: under load `pg`'s timer ends good attempts. */
  private async connect(): Promise<pg.PoolClient> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.pool.connect();
      } catch (error) {
        const { code, message } = error as { code?: string; message?: string };
        const timedOut = CONNECT_TIMED_OUT.test(message ?? '');
        if (!timedOut && !NOT_NOW.has(code ?? '')) throw error;
        if (attempt === TIMING.connectAttempts) {
          if (!timedOut) throw error;
          throw new Error(
            `no PostgreSQL connection opened within ${this.settings.connectTimeoutMs} ms, ${attempt} times: ` +
              'the database or this machine is too busy, or unreachable; try again, or raise PG_CONNECT_TIMEOUT_MS',
            { cause: error },
          );
        }
        await new Promise((resolve) => setTimeout(resolve, TIMING.connectRetryMs * attempt));
      }
    }
  }

  private async inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
    return onClient(await this.connect(), async (client) => {
      await client.query(begin);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    });
  }
}

/** `?` placeholders become `$1`, `$2`… */
function pgSql(queryable: Queryable): Sql {
  const query = (sql: string, params?: unknown[]) => {
    let n = 0;
    return queryable.query(
      sql.replace(/\?/g, () => `$${++n}`),
      params,
    );
  };
  return {
    all: async <T>(sql: string, params?: unknown[]) => (await query(sql, params)).rows as T[],
    run: async (sql, params) => (await query(sql, params)).rowCount ?? 0,
    now: 'now()',
    readable,
  };
}

/** What `migrate` may change; functions by source, as CREATE OR REPLACE rewrites their row anyway. */
async function schemaFingerprint(queryable: Queryable): Promise<string> {
  const { rows } = await queryable.query<{ catalog: string; parts: boolean }>(
    `SELECT concat_ws('|',
       (SELECT string_agg(relname || ':' || relkind::text, ',' ORDER BY relname) FROM pg_class
         WHERE relnamespace = current_schema()::regnamespace),
       (SELECT string_agg(c.relname || '.' || t.tgname, ',' ORDER BY c.relname, t.tgname) FROM pg_trigger t
         JOIN pg_class c ON c.oid = t.tgrelid
         WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal),
       (SELECT string_agg(proname || ':' || md5(prosrc) || ':' || prosecdef::text || ':' || coalesce(array_to_string(proconfig, ','), ''),
                          ',' ORDER BY proname) FROM pg_proc
         WHERE pronamespace = current_schema()::regnamespace)) AS catalog,
       to_regclass('tamborrada_changes') IS NOT NULL AS parts`,
  );
  const { catalog, parts } = rows[0]!;
  if (!parts) return catalog;
  const counter = await queryable.query<{ parts: string | null }>(
    `SELECT string_agg(part, ',' ORDER BY part COLLATE "C") AS parts FROM tamborrada_changes`,
  );
  return `${catalog}|${counter.rows[0]!.parts ?? ''}`;
}

const readable = (table: string) => `COALESCE(has_table_privilege(to_regclass('${table}'), 'SELECT'), false)`;

async function readSchemaStateWith(queryable: Queryable): Promise<SchemaState> {
  const { rows } = await queryable.query<{ name: string }>(
    'SELECT name FROM unnest($1::text[]) AS name WHERE to_regclass(name) IS NOT NULL',
    [[...OUR_TABLES, 'participants']],
  );
  return schemaStateOf(new Set(rows.map((row) => row.name)));
}

/** The counter the triggers bump; where the role may not read it (not migrated), a fingerprint of the tables. */
async function readVersionWith(queryable: Queryable): Promise<StoreVersion> {
  const { rows } = await queryable.query<{ counters: boolean }>(
    `SELECT ${readable('tamborrada_changes')} AS counters`,
  );
  if (rows[0]!.counters) {
    const counted = await queryable.query<{ counter: string | null }>(
      `SELECT string_agg(part || '=' || version, ',' ORDER BY part COLLATE "C") AS counter FROM tamborrada_changes`,
    );
    return `c${counted.rows[0]?.counter ?? ''}`;
  }
  const hashAll = (table: string, row = 't::text') =>
    `(SELECT md5(COALESCE(string_agg(${row}, '|' ORDER BY ${row}), '')) FROM ${table} t)`;
  const { rows: basque } = await queryable.query<{ tables: string[] }>(
    `SELECT array_remove(ARRAY[${[...BASQUE_TABLES, LABELS_TABLE].map((table) => `CASE WHEN ${readable(table)} THEN '${table}' END`).join(', ')}], NULL) AS tables`,
  );
  const { rows: fingerprint } = await queryable.query<{ value: string }>(
    `SELECT concat_ws('/', (SELECT count(*) || '/' || COALESCE(max(created_at)::text, '') FROM participants),
       ${hashAll('statistics', 'ROW(category, scope, year, public_data, full_data, summary)::text')},
       ${[...basque[0]!.tables.map((table) => hashAll(table)), hashAll('available_years')].join(', ')}) AS value`,
  );
  return `f${fingerprint[0]!.value}`;
}

/** Through a cursor: no statement reads the whole table. */
function eachParticipant(client: pg.PoolClient): StoreSnapshot['readParticipants'] {
  return async (withheld, take) => {
    await client.query(
      `DECLARE tamborrada_participants NO SCROLL CURSOR FOR
       SELECT name, school, year::int AS year FROM participants WHERE year::int <> ALL($1::int[])`,
      [[...withheld]],
    );
    let count = 0;
    for (;;) {
      const { rows } = await client.query<[string, string, number]>({
        text: `FETCH ${TIMING.participantsPerFetch} FROM tamborrada_participants`,
        rowMode: 'array',
      });
      for (const [name, school, year] of rows) take(name, school, year);
      count += rows.length;
      if (rows.length < TIMING.participantsPerFetch) break;
    }
    await client.query('CLOSE tamborrada_participants');
    return count;
  };
}

/** Fills the public project's NOT NULL columns without default. */
function insertParticipants(client: pg.PoolClient): WriteTransaction['insertParticipants'] {
  return async (rows, onInserted) => {
    const { rows: required } = await client.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns
       WHERE table_schema = (SELECT n.nspname FROM pg_class r JOIN pg_namespace n ON n.oid = r.relnamespace
                             WHERE r.oid = to_regclass('participants'))
         AND table_name = 'participants' AND column_name IN ('article_date', 'url_id')
         AND is_nullable = 'NO' AND column_default IS NULL`,
    );
    const columns = required.map((row) => `, ${row.column_name}`).join('');
    const values = required.map((row) => `, ${fillValue(row.column_name, row.data_type)}`).join('');
    const sql = `INSERT INTO participants (name, school, year${columns})
       SELECT u.name, u.school, u.year${values}
       FROM unnest($1::text[], $2::text[], $3::int[]) WITH ORDINALITY AS u(name, school, year, n)`;
    for (let i = 0; i < rows.length; i += TIMING.insertBatch) {
      const batch = rows.slice(i, i + TIMING.insertBatch);
      await client.query(
        sql,
        (['name', 'school', 'year'] as const).map((key) => batch.map((r) => r[key])),
      );
      onInserted?.(i + batch.length);
    }
  };
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;
/** How long closing may wait for the server to acknowledge; a dead link is simply dropped. */
const CLOSE_WAIT_MS = 1_000;
/** `cannot execute LISTEN during recovery`: a hot standby. */
const READ_ONLY_TRANSACTION = '25006';

/** Resolves when `promise` settles or after `ms`, whichever comes first; never rejects. */
async function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  await Promise.race([promise.catch(() => undefined), sleep(ms, undefined, { ref: false })]);
}

/**
 * Calls `onChange` for every notification, and once back after a loss (reopened with backoff).
 * On a hot standby it stops: the polling of the counters keeps the server fresh.
 */
class ChangeListener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly onChange: () => void,
  ) {
    void this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    if (client) await settleWithin(client.end(), CLOSE_WAIT_MS);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client(this.config);
    this.client = client;
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) this.onChange();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (this.closed || this.client !== client) return;
      this.failures = 0;
      this.onChange();
    } catch (error) {
      if ((error as { code?: unknown }).code === READ_ONLY_TRANSACTION) this.closed = true;
      this.lost(client);
    }
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    void settleWithin(client.end(), CLOSE_WAIT_MS);
    if (this.closed) return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.failures++);
    this.retry = setTimeout(() => void this.connect(), delay * (0.75 + Math.random() * 0.5));
    this.retry.unref();
  }
}
