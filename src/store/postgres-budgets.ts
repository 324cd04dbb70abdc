import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { byteOrder } from '../domain/collation.js';
import { ConfigError, POSTGRES_DEFAULTS, type PostgresSettings } from '../config/index.js';
import { BUDGET_TABLE } from './postgres-schema.js';
import { clientConfig, newPool, onClient } from './postgres-store.js';
const BUDGET_RIGHTS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const;
const SALT_KEY = 'salt';
const SWEEP_MS = 10 * 60_000;

type BudgetStep<T> = (
  states: readonly (object | undefined)[],
  nowMs: number,
) => { states: readonly object[]; result: T };

/** What the search budgets need of a table that every replica shares. */
export interface SharedBudgetTable {
  /**
   * In one transaction: locks the rows of `keys`, gives `step` their states (undefined: never
   * seen, or forgotten) and the database's clock in ms, and writes back the states it returns.
   */
  update<T>(keys: readonly string[], step: BudgetStep<T>): Promise<T>;
}

/** One line naming the role and the fix (exit code 2). */
export class BudgetTableRefused extends ConfigError {}

const OFF = 'or set SEARCH_BUDGETS=off to serve without budgets';

/** A pool of its own, read-write (the servers' role reads only by default); keys salted hashes: no address kept. */
export class PostgresBudgetTable implements SharedBudgetTable {
  private readonly pool: pg.Pool;
  private salt: string | undefined;
  private readonly sweeper: NodeJS.Timeout;

  constructor(url: string, settings: PostgresSettings = POSTGRES_DEFAULTS) {
    this.pool = newPool(clientConfig(url, settings, 'tamborrada-serve-budgets'), settings.poolMax);
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_MS).unref();
  }

  async check(): Promise<void> {
    const { rows } = await this.pool.query<Record<string, unknown>>(
      `SELECT current_user AS role, to_regclass($1) IS NOT NULL AS present, pg_is_in_recovery() AS standby,
       ${BUDGET_RIGHTS.map((right) => `COALESCE(has_table_privilege(to_regclass($1), '${right}'), false) AS "${right}"`).join(', ')}`,
      [BUDGET_TABLE],
    );
    const found = rows[0]!;
    const role = String(found.role);
    if (found.standby === true)
      throw new BudgetTableRefused(
        `search budgets: this PostgreSQL server is a read-only standby, where no replica can count them: point DATABASE_URL at the primary, ${OFF}`,
      );
    if (found.present !== true)
      throw new BudgetTableRefused(
        `search budgets: the PostgreSQL database has no table ${BUDGET_TABLE}: run \`tamborrada migrate\` as the writer (docs/postgresql.md), ${OFF}`,
      );
    const lacking = BUDGET_RIGHTS.filter((right) => found[right] !== true);
    if (lacking.length > 0)
      throw new BudgetTableRefused(
        `search budgets: PostgreSQL role ${role} may not ${lacking.join(', ')} on ${BUDGET_TABLE}: GRANT ${BUDGET_RIGHTS.join(', ')} ON ${BUDGET_TABLE} TO ${role} (docs/postgresql.md, "Roles and grants"), ${OFF}`,
      );
    await this.readSalt();
  }

  async update<T>(keys: readonly string[], step: BudgetStep<T>): Promise<T> {
    const salt = this.salt ?? (await this.readSalt());
    const hashed = keys.map((key) =>
      createHash('sha256').update(`${salt}\n${key}`).digest('hex').slice(0, 32),
    );
    // Locked in one order by every replica, so that none waits on another that waits on it.
    const order = hashed.map((_, i) => i).sort((a, b) => byteOrder(hashed[a]!, hashed[b]!));
    return onClient(await this.pool.connect(), async (client) => {
      // Two round trips: lock and read, then write and commit (hex keys, and JSON quoted by pg).
      const results = (await client.query(
        `BEGIN READ WRITE;
         INSERT INTO ${BUDGET_TABLE} (key, seen_at) VALUES ${order.map((i) => `('${hashed[i]}', now())`).join(', ')}
         ON CONFLICT (key) DO UPDATE SET seen_at = excluded.seen_at
         RETURNING key, state, extract(epoch FROM clock_timestamp())::float8 * 1000 AS now`,
      )) as unknown as pg.QueryResult<{ key: string; state: object | null; now: number }>[];
      const rows = results[1]!.rows;
      const stateOf = new Map(rows.map((row) => [row.key, row.state ?? undefined]));
      const { states, result } = step(
        hashed.map((key) => stateOf.get(key)),
        rows[0]!.now,
      );
      const values = hashed.map(
        (key, i) => `('${key}', ${client.escapeLiteral(JSON.stringify(states[i]))}::jsonb)`,
      );
      await client.query(
        `UPDATE ${BUDGET_TABLE} AS b SET state = u.state FROM (VALUES ${values.join(', ')}) AS u(key, state)
         WHERE b.key = u.key;
         COMMIT`,
      );
      return result;
    });
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await this.pool.end();
  }

  /** Made by the first replica that finds none (after a loss, one that knew it writes it back). */
  private async readSalt(): Promise<string> {
    const proposed = this.salt ?? randomBytes(16).toString('hex');
    const results = (await onClient(await this.pool.connect(), (client) =>
      client.query(
        `BEGIN READ WRITE;
       INSERT INTO ${BUDGET_TABLE} (key, state, seen_at) VALUES ('${SALT_KEY}', '{"salt": "${proposed}"}', now())
       ON CONFLICT (key) DO NOTHING;
       SELECT state->>'salt' AS salt FROM ${BUDGET_TABLE} WHERE key = '${SALT_KEY}';
       COMMIT`,
      ),
    )) as unknown as pg.QueryResult<{ salt: string }>[];
    this.salt = results[2]!.rows[0]!.salt;
    return this.salt;
  }

  private async sweep(): Promise<void> {
    await onClient(await this.pool.connect(), (client) =>
      client.query(
        `BEGIN READ WRITE;
       DELETE FROM ${BUDGET_TABLE} WHERE seen_at < now() - interval '1 day' AND key <> '${SALT_KEY}';
       COMMIT`,
      ),
    );
    await this.readSalt();
  }
}
