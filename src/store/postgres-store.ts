import pg from 'pg';
import type { JsonValue } from '../domain/jsonb-order.js';
import type { ParticipantRecord } from '../domain/types.js';
import {
  POSTGRES_DEFAULTS,
  postgresLocation,
  type PostgresSettings,
  type StoreLocation,
} from '../config/index.js';
import { clientConfig, describeDatabaseUrl, poolConfig } from './postgres-config.js';
import { ChangeListener, settleWithin } from './postgres-listener.js';
import { MIGRATE_LOCK_KEY, WRITE_LOCK_KEY, postgresSchema } from './postgres-schema.js';
import type {
  ManualSummary,
  SchemaState,
  StoredStatistic,
  StoreSnapshot,
  StoreVersion,
  TakeParticipant,
  UpdatingStatus,
  WriteStore,
  WriteTransaction,
  YearRow,
  YearStatus,
} from './store.js';

export interface PostgresStoreOptions {
  settings?: PostgresSettings;
  /** `application_name` of the connections (a `application_name` in the URL wins). */
  applicationName?: string;
}

/** Rows per INSERT of the import: 3 million participants are 150 statements. */
const INSERT_BATCH = 20_000;
/** How long closing may wait for connections to finish. */
const CLOSE_WAIT_MS = 2_000;
/** How often a server re-checks whether the change counters are readable (after a `migrate`). */
const CHANGE_MODE_RECHECK_MS = 30_000;
/** Without counters, how often participants are counted (a full scan of a big table). */
const PARTICIPANTS_FINGERPRINT_EVERY_MS = 10_000;
/** Participants fetched per round trip of a snapshot's cursor. */
const PARTICIPANTS_PER_FETCH = 10_000;
/** Attempts at opening a connection for a transaction (nothing is done before one is open). */
const CONNECT_ATTEMPTS = 3;
const CONNECT_RETRY_MS = 250;
/**
 * How `pg` reports a connection not opened in time, and what a database says when it
 * cannot take one more connection now (starting up, or at `max_connections`).
 */
const CONNECT_TIMED_OUT = /connection timeout|timeout exceeded when trying to connect/i;
const NOT_NOW = new Set(['57P03', '53300', 'ECONNRESET']);
/** One snapshot of the whole database for every read of a model, and never a write. */
const BEGIN_SNAPSHOT = 'BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY';

type Queryable = pg.Pool | pg.PoolClient;

type ChangeMode = 'counters' | 'fingerprint';

/** How the import fills NOT NULL columns of the public project's `participants` table. */
interface ParticipantFill {
  columns: string[];
  expressions: string[];
  /** Integer `url_id`: numbered after the largest one (read once per transaction). */
  numberedUrlId: boolean;
}

function parseJson(text: string | null): JsonValue | undefined {
  return text === null ? undefined : (JSON.parse(text) as JsonValue);
}

function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

function timestampText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

const TEXT_TYPES = new Set(['text', 'character varying', 'character']);
const INTEGER_TYPES = new Set(['smallint', 'integer', 'bigint', 'numeric']);

/**
 * The SQL value for a NOT NULL column without default of the public project's schema,
 * in an `INSERT … SELECT … FROM unnest(…) AS u(name, school, year, n)`:
 * `article_date` gets the year's first day (`2025-01-01`, as text, date or timestamp),
 * `url_id` a fresh uuid (as uuid or text) or, for a numeric column, the next numbers.
 */
function fillExpression(column: string, dataType: string): string {
  if (column === 'article_date') {
    if (TEXT_TYPES.has(dataType)) return "u.year::text || '-01-01'";
    if (dataType === 'date') return 'make_date(u.year, 1, 1)';
    if (dataType.startsWith('timestamp')) return 'make_date(u.year, 1, 1)::timestamp';
  } else {
    if (dataType === 'uuid') return 'gen_random_uuid()';
    if (TEXT_TYPES.has(dataType)) return 'gen_random_uuid()::text';
    if (INTEGER_TYPES.has(dataType)) return '$4::bigint + u.n';
  }
  throw new Error(`participants.${column} is NOT NULL of type ${dataType}, which the import cannot fill`);
}

/**
 * The production store: PostgreSQL through a `pg` pool. The server only reads (and may
 * LISTEN); the operator's commands write inside one transaction each.
 *
 * Change detection: with our schema migrated, `tamborrada_changes` holds the store's
 * counter, bumped by statement-level triggers on the data tables that also NOTIFY. On a
 * database that was never migrated (or whose counters the role may
 * not read), a fingerprint stands in: a hash of the small tables' content on every poll,
 * and the participants' count and latest `created_at` every 10 s (in a snapshot, always).
 *
 * A read model is read in one `REPEATABLE READ` transaction: every query of it sees the
 * same committed state.
 */
export class PostgresStore implements WriteStore {
  readonly description: string;
  readonly location: StoreLocation;
  private readonly pool: pg.Pool;
  private readonly settings: PostgresSettings;
  private readonly applicationName: string;
  private readonly listeners = new Set<() => void>();
  private listener: ChangeListener | undefined;
  private changeMode: { mode: ChangeMode; checkedAt: number } | undefined;
  private participantsFingerprint: { value: string; at: number } | undefined;
  private participantFill: ParticipantFill | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    options: PostgresStoreOptions = {},
  ) {
    this.settings = options.settings ?? POSTGRES_DEFAULTS;
    this.applicationName = options.applicationName ?? 'tamborrada';
    this.pool = new pg.Pool(poolConfig(url, this.settings, this.applicationName));
    // An idle connection that breaks is dropped by the pool; the next query opens another.
    this.pool.on('error', () => undefined);
    this.description = describeDatabaseUrl(url);
    this.location = postgresLocation(url, this.settings);
  }

  async readSchemaState(): Promise<SchemaState> {
    const client = await this.connect();
    try {
      return await readSchemaStateWith(client);
    } finally {
      client.release();
    }
  }

  async migrate(): Promise<void> {
    await this.inTransaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATE_LOCK_KEY]);
      const { rows } = await client.query<{ schema: string | null }>('SELECT current_schema() AS schema');
      const schema = rows[0]?.schema;
      if (!schema) throw new Error('no schema on the search path to create the tables in');
      for (const statement of postgresSchema(schema)) await client.query(statement);
    });
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
    if (this.listener || this.closed) return;
    this.listener = new ChangeListener(
      clientConfig(this.url, this.settings, `${this.applicationName}-listen`),
      () => this.listeners.forEach((notify) => notify()),
    );
    this.listener.start();
  }

  async readVersion(): Promise<StoreVersion> {
    return this.versionWith(this.pool, false);
  }

  /** `fresh`: the participants' fingerprint counted now (a snapshot), not up to 10 s ago. */
  private async versionWith(queryable: Queryable, fresh: boolean): Promise<StoreVersion> {
    return (await this.currentChangeMode(queryable)) === 'counters'
      ? readCounters(queryable)
      : this.readFingerprint(queryable, fresh);
  }

  async readSnapshot<T>(read: (snapshot: StoreSnapshot) => Promise<T>): Promise<T> {
    return this.inTransaction(
      async (client) =>
        read({
          readVersion: () => this.versionWith(client, true),
          readYears: () => readYearsWith(client),
          readUpdating: async () => (await readUpdatingStatusWith(client)).isUpdating,
          readStatistics: () => readStatisticsWith(client),
          readParticipants: (withheld, take) => eachParticipant(client, withheld, take),
        }),
      BEGIN_SNAPSHOT,
    );
  }

  async readUpdatingStatus(): Promise<UpdatingStatus> {
    return readUpdatingStatusWith(this.pool);
  }

  async readYearStatuses(): Promise<YearStatus[]> {
    return readYearStatusesWith(this.pool);
  }

  async readManualSummaries(): Promise<ManualSummary[]> {
    const { rows } = await this.pool.query<{
      year: string;
      category: string;
      summary: string;
      updated_at: unknown;
    }>(
      'SELECT year, category, summary, updated_at FROM summary_overrides ORDER BY year COLLATE "C", category COLLATE "C"',
    );
    return rows.map((row) => ({
      year: row.year,
      category: row.category,
      summary: row.summary,
      updatedAt: timestampText(row.updated_at),
    }));
  }

  /**
   * One write command: one transaction, serialised with every other write command by
   * an advisory lock. Needs the schema migrated (`summary_overrides`, the counters).
   */
  async transaction<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T> {
    return this.inTransaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK_KEY]);
      if ((await readSchemaStateWith(client)) !== 'migrated') {
        throw new Error('the database has not been migrated: run `tamborrada migrate` with this URL first');
      }
      return work(this.writeTransaction(client));
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.listener?.close();
    await settleWithin(this.pool.end(), CLOSE_WAIT_MS);
  }

  /**
   * A connection from the pool, tried again when opening one failed in a way that may
   * pass (too slow, or refused for now). `pg`'s connect timeout is a timer of the event
   * loop: under load, a database slow to answer or a busy process ends an attempt that
   * would have succeeded.
   */
  private async connect(): Promise<pg.PoolClient> {
    for (let attempt = 1; ; attempt++) {
      try {
        return guardErrors(await this.pool.connect());
      } catch (error) {
        const { code, message } = error as { code?: string; message?: string };
        const timedOut = CONNECT_TIMED_OUT.test(message ?? '');
        if (!timedOut && !NOT_NOW.has(code ?? '')) throw error;
        if (attempt === CONNECT_ATTEMPTS) {
          if (!timedOut) throw error;
          throw new Error(
            `no PostgreSQL connection opened within ${this.settings.connectTimeoutMs} ms, ${attempt} times: ` +
              'the database or this machine is too busy, or unreachable; try again, or raise PG_CONNECT_TIMEOUT_MS',
            { cause: error },
          );
        }
        await new Promise((resolve) => setTimeout(resolve, CONNECT_RETRY_MS * attempt));
      }
    }
  }

  private async inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
    const client = await this.connect();
    let broken = false;
    try {
      await client.query(begin);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private async currentChangeMode(queryable: Queryable): Promise<ChangeMode> {
    const now = Date.now();
    if (!this.changeMode || now - this.changeMode.checkedAt > CHANGE_MODE_RECHECK_MS) {
      const { rows } = await queryable.query<{ counters: boolean }>(
        `SELECT COALESCE(has_table_privilege(to_regclass('tamborrada_changes'), 'SELECT'), false) AS counters`,
      );
      this.changeMode = { mode: rows[0]?.counters ? 'counters' : 'fingerprint', checkedAt: now };
    }
    return this.changeMode.mode;
  }

  /** The fallback without counters: content hashes of the small tables, a count of the big one. */
  private async readFingerprint(queryable: Queryable, fresh: boolean): Promise<StoreVersion> {
    const hashAll = (table: string) =>
      `(SELECT md5(COALESCE(string_agg(t::text, '|' ORDER BY t::text), '')) FROM ${table} t)`;
    const statisticsRow = 'ROW(category, scope, year, public_data, full_data, summary)::text';
    const { rows } = await queryable.query<Record<'available_years' | 'sys_status' | 'statistics', string>>(
      `SELECT ${hashAll('available_years')} AS available_years, ${hashAll('sys_status')} AS sys_status,
              (SELECT md5(COALESCE(string_agg(${statisticsRow}, '|' ORDER BY ${statisticsRow}), ''))
               FROM statistics) AS statistics`,
    );
    const now = Date.now();
    let participants = this.participantsFingerprint;
    if (fresh || !participants || now - participants.at >= PARTICIPANTS_FINGERPRINT_EVERY_MS) {
      const counted = await queryable.query<{ fingerprint: string }>(
        `SELECT count(*)::text || '/' || COALESCE(max(created_at)::text, '') AS fingerprint FROM participants`,
      );
      participants = { value: counted.rows[0]!.fingerprint, at: now };
      if (!fresh) this.participantsFingerprint = participants;
    }
    const row = rows[0]!;
    return `f${participants.value}/${row.statistics}/${row.available_years}/${row.sys_status}`;
  }

  /** Columns the import must fill because the table (the public project's) requires them. */
  private async readParticipantFill(client: pg.PoolClient): Promise<ParticipantFill> {
    if (this.participantFill) return this.participantFill;
    const { rows } = await client.query<{ column_name: string; data_type: string }>(
      `SELECT c.column_name, c.data_type
       FROM information_schema.columns c
       WHERE c.table_schema = (SELECT n.nspname FROM pg_class r JOIN pg_namespace n ON n.oid = r.relnamespace
                               WHERE r.oid = to_regclass('participants'))
         AND c.table_name = 'participants'
         AND c.column_name IN ('article_date', 'url_id')
         AND c.is_nullable = 'NO' AND c.column_default IS NULL
       ORDER BY c.column_name`,
    );
    this.participantFill = {
      columns: rows.map((row) => row.column_name),
      expressions: rows.map((row) => fillExpression(row.column_name, row.data_type)),
      numberedUrlId: rows.some((row) => row.column_name === 'url_id' && INTEGER_TYPES.has(row.data_type)),
    };
    return this.participantFill;
  }

  private writeTransaction(client: pg.PoolClient): WriteTransaction {
    let nextUrlId: bigint | undefined;
    return {
      async deleteParticipantsOfYears(years) {
        if (years.length > 0)
          await client.query('DELETE FROM participants WHERE year = ANY($1::int[])', [[...years]]);
      },
      insertParticipants: async (rows, onInserted) => {
        if (rows.length === 0) return;
        const fill = await this.readParticipantFill(client);
        const sql = `INSERT INTO participants (name, school, year${fill.columns.map((c) => `, ${c}`).join('')})
           SELECT u.name, u.school, u.year${fill.expressions.map((e) => `, ${e}`).join('')}
           FROM unnest($1::text[], $2::text[], $3::int[]) WITH ORDINALITY AS u(name, school, year, n)`;
        if (fill.numberedUrlId && nextUrlId === undefined) {
          const max = await client.query<{ max: string }>(
            'SELECT COALESCE(max(url_id), 0)::text AS max FROM participants',
          );
          nextUrlId = BigInt(max.rows[0]!.max);
        }
        for (let i = 0; i < rows.length; i += INSERT_BATCH) {
          const batch = rows.slice(i, i + INSERT_BATCH);
          const values: unknown[] = [
            batch.map((r) => r.name),
            batch.map((r) => r.school),
            batch.map((r) => r.year),
          ];
          if (fill.numberedUrlId) {
            values.push(String(nextUrlId));
            nextUrlId! += BigInt(batch.length);
          }
          await client.query(sql, values);
          onInserted?.(i + batch.length);
        }
      },
      async readParticipants() {
        const records: ParticipantRecord[] = [];
        await eachParticipant(client, [], (name, school, year) => records.push({ name, school, year }));
        return records;
      },
      async replaceStatistics(rows) {
        // Hand-written summaries (summary_overrides) win over generated ones.
        await client.query('DELETE FROM statistics');
        if (rows.length === 0) return;
        await client.query(
          `INSERT INTO statistics (category, scope, year, public_data, full_data, summary)
           SELECT u.category, u.scope, u.year, u.public_data::jsonb, u.full_data::jsonb,
                  COALESCE(o.summary, u.summary)
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
                WITH ORDINALITY AS u(category, scope, year, public_data, full_data, summary, n)
           LEFT JOIN summary_overrides o ON o.category = u.category AND o.year = u.year
           ORDER BY u.n`,
          [
            rows.map((r) => r.category),
            rows.map((r) => r.scope),
            rows.map((r) => r.year),
            rows.map((r) => jsonOrNull(r.publicData)),
            rows.map((r) => jsonOrNull(r.fullData)),
            rows.map((r) => r.summary),
          ],
        );
      },
      async setReady(years, ready) {
        if (years.length === 0) return;
        await client.query(
          `INSERT INTO available_years (year, is_ready) SELECT y, $2 FROM unnest($1::text[]) AS y
           ON CONFLICT (year) DO UPDATE SET is_ready = $2, updated_at = now()
           WHERE available_years.is_ready IS DISTINCT FROM $2`,
          [[...new Set(years)], ready],
        );
      },
      async unpublishYearsWithoutStatistics() {
        await client.query(
          `UPDATE available_years a SET is_ready = false, updated_at = now()
           WHERE a.is_ready AND NOT EXISTS (SELECT 1 FROM statistics s WHERE s.year = a.year)`,
        );
      },
      async readWithheldYears() {
        const { rows } = await client.query<{ year: string }>(
          "SELECT year::text AS year FROM available_years WHERE NOT COALESCE(is_ready::boolean, false) AND year::text ~ '^[0-9]{4}$'",
        );
        return rows.map((row) => Number(row.year));
      },
      async forgetYear(year) {
        await client.query('DELETE FROM available_years WHERE year::text = $1', [year]);
        await client.query('DELETE FROM tamborrada_year_sources WHERE year::text = $1', [year]);
      },
      async recordSource(years, source) {
        if (years.length === 0) return;
        await client.query(
          `INSERT INTO tamborrada_year_sources (year, source) SELECT y, $2 FROM unnest($1::int[]) AS y
           ON CONFLICT (year) DO UPDATE SET source = EXCLUDED.source, loaded_at = now()`,
          [[...years], source],
        );
      },
      async setUpdating(isUpdating, note) {
        await client.query(
          `INSERT INTO sys_status (id, is_updating, notes) VALUES (1, $1, $2)
           ON CONFLICT (id) DO UPDATE SET is_updating = EXCLUDED.is_updating, notes = EXCLUDED.notes,
             updated_at = now()`,
          [isUpdating, note],
        );
      },
      async setManualSummary(year, category, summary) {
        const result = await client.query(
          'UPDATE statistics SET summary = $1 WHERE year = $2 AND category = $3',
          [summary, year, category],
        );
        if (!result.rowCount) return false;
        await client.query(
          `INSERT INTO summary_overrides (category, year, summary) VALUES ($1, $2, $3)
           ON CONFLICT (category, year) DO UPDATE SET summary = EXCLUDED.summary, updated_at = now()`,
          [category, year, summary],
        );
        return true;
      },
      readYearStatuses: () => readYearStatusesWith(client),
      async unsetManualSummary(year, category) {
        const result = await client.query('DELETE FROM summary_overrides WHERE year = $1 AND category = $2', [
          year,
          category,
        ]);
        return (result.rowCount ?? 0) > 0;
      },
    };
  }
}

const guarded = new WeakSet<pg.PoolClient>();

/**
 * A connection lost while it is checked out and between queries (a transaction computing
 * the statistics) is emitted as an `'error'` event, which would end the process: it is
 * ignored here, since the next query on that connection fails anyway and is reported.
 */
function guardErrors(client: pg.PoolClient): pg.PoolClient {
  if (!guarded.has(client)) {
    client.on('error', () => undefined);
    guarded.add(client);
  }
  return client;
}

/** Our counters, with the per-year ones when every trigger that keeps them is in place. */
/** The store's counter: every row of `tamborrada_changes` (an older version kept several). */
async function readCounters(queryable: Queryable): Promise<StoreVersion> {
  const { rows } = await queryable.query<{ counter: string | null }>(
    `SELECT string_agg(part || '=' || version, ',' ORDER BY part COLLATE "C") AS counter FROM tamborrada_changes`,
  );
  return `c${rows[0]?.counter ?? ''}`;
}

async function readYearsWith(queryable: Queryable): Promise<YearRow[]> {
  const { rows } = await queryable.query<{ year: string; is_ready: boolean }>(
    'SELECT year::text AS year, COALESCE(is_ready::boolean, false) AS is_ready FROM available_years',
  );
  return rows.map((row) => ({ year: row.year, isReady: row.is_ready }));
}

async function readUpdatingStatusWith(queryable: Queryable): Promise<UpdatingStatus> {
  const { rows } = await queryable.query<{
    is_updating: boolean | null;
    notes: string | null;
    updated_at: unknown;
  }>('SELECT is_updating::boolean AS is_updating, notes, updated_at FROM sys_status WHERE id = 1');
  const row = rows[0];
  return row
    ? { isUpdating: row.is_updating === true, note: row.notes, updatedAt: timestampText(row.updated_at) }
    : { isUpdating: false, note: null, updatedAt: null };
}

async function readStatisticsWith(queryable: Queryable): Promise<StoredStatistic[]> {
  const { rows } = await queryable.query<{
    category: string;
    year: string;
    public_data: string | null;
    full_data: string | null;
    summary: string | null;
  }>(
    'SELECT category, year::text AS year, public_data::text AS public_data, full_data::text AS full_data, summary FROM statistics',
  );
  return rows.map((row) => ({
    category: row.category,
    year: row.year,
    publicData: parseJson(row.public_data),
    fullData: parseJson(row.full_data),
    summary: row.summary,
  }));
}

/**
 * The participants of `years` (all when undefined) through a cursor, inside the caller's
 * transaction: a bounded batch per round trip (and per statement, so no statement timeout
 * applies to the whole table), rows as arrays.
 */
async function eachParticipant(
  client: pg.PoolClient,
  withheld: readonly number[],
  take: TakeParticipant,
): Promise<number> {
  const where = withheld.length === 0 ? '' : ' WHERE year::int <> ALL($1::int[])';
  await client.query(
    `DECLARE tamborrada_participants NO SCROLL CURSOR FOR
     SELECT name, school, year::int AS year FROM participants${where}`,
    withheld.length === 0 ? [] : [[...withheld]],
  );
  let count = 0;
  for (;;) {
    const { rows } = await client.query<[string, string, number]>({
      text: `FETCH ${PARTICIPANTS_PER_FETCH} FROM tamborrada_participants`,
      rowMode: 'array',
    });
    for (const [name, school, year] of rows) take(name, school, year);
    count += rows.length;
    if (rows.length < PARTICIPANTS_PER_FETCH) break;
  }
  await client.query('CLOSE tamborrada_participants');
  return count;
}

async function readSchemaStateWith(queryable: Queryable): Promise<SchemaState> {
  const { rows } = await queryable.query<{ ours: boolean; older: boolean; participants: boolean }>(
    `SELECT to_regclass('tamborrada_changes') IS NOT NULL AND to_regclass('summary_overrides') IS NOT NULL
              AND to_regclass('tamborrada_year_sources') IS NOT NULL AS ours,
            to_regclass('tamborrada_changes') IS NOT NULL AS older,
            to_regclass('participants') IS NOT NULL AS participants`,
  );
  const row = rows[0]!;
  return row.ours ? 'migrated' : row.older ? 'outdated' : row.participants ? 'unmigrated' : 'empty';
}

async function readYearStatusesWith(queryable: Queryable): Promise<YearStatus[]> {
  const { rows } = await queryable.query<{
    year: string;
    is_ready: boolean;
    participants: number;
    schools: number;
    statistics: number;
    source: string | null;
  }>(
    `WITH a AS (SELECT year::text AS year, bool_or(is_ready::boolean) AS ready FROM available_years GROUP BY 1),
            p AS (SELECT year::text AS year, count(*)::int AS n, count(DISTINCT school)::int AS schools
                  FROM participants GROUP BY 1
                  UNION ALL
                  SELECT 'global', count(*)::int, count(DISTINCT school)::int FROM participants),
            s AS (SELECT year::text AS year, count(*)::int AS n FROM statistics GROUP BY 1),
            l AS (SELECT year::text AS year, source FROM tamborrada_year_sources),
            y AS (SELECT year FROM a UNION SELECT year FROM p WHERE n > 0 AND year <> 'global' UNION SELECT year FROM s)
       SELECT y.year, COALESCE(a.ready, false) AS is_ready,
              COALESCE(p.n, 0) AS participants, COALESCE(p.schools, 0) AS schools,
              COALESCE(s.n, 0) AS statistics, l.source
       FROM y LEFT JOIN a USING (year) LEFT JOIN p USING (year) LEFT JOIN s USING (year) LEFT JOIN l USING (year)
       ORDER BY y.year COLLATE "C"`,
  );
  return rows.map((row) => ({
    year: row.year,
    isReady: row.is_ready,
    participants: row.participants,
    schools: row.schools,
    statistics: row.statistics,
    source: row.source,
  }));
}
