import { PARTICIPANT_YEAR_PREFIX } from './change-versions.js';
import { STORE_PARTS } from './store.js';

/** The LISTEN/NOTIFY channel; the payload is the name of the table that changed. */
export const CHANGE_CHANNEL = 'tamborrada_changes';

/** Advisory lock keys: one migration at a time, one write command at a time. */
export const MIGRATE_LOCK_KEY = 7_210_501;
export const WRITE_LOCK_KEY = 7_210_502;

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The triggers that keep a counter per year of participants, by event. Statement-level,
 * with transition tables (one event per trigger: PostgreSQL allows no more with them):
 * the years of the rows a statement touched, each bumped once. TRUNCATE has no rows to
 * show, so it bumps, before it runs, every year the table holds.
 */
const YEAR_TRIGGERS = {
  insert: 'AFTER INSERT ON participants REFERENCING NEW TABLE AS tamborrada_new_rows',
  update:
    'AFTER UPDATE ON participants REFERENCING OLD TABLE AS tamborrada_old_rows NEW TABLE AS tamborrada_new_rows',
  delete: 'AFTER DELETE ON participants REFERENCING OLD TABLE AS tamborrada_old_rows',
  truncate: 'BEFORE TRUNCATE ON participants',
} as const;

/** Their names: the read model rebuilds only the changed years of a database that has all of them. */
export const POSTGRES_YEAR_TRIGGERS = Object.keys(YEAR_TRIGGERS).map(
  (event) => `tamborrada_participants_year_${event}`,
);

/**
 * Creates a trigger function when it is missing, and replaces it (to upgrade it) only when
 * the migrating role may own it, so that a writer running `migrate` again after the
 * tables' owner did passes through.
 */
function createFunction(signature: string, definition: string): string {
  return `DO $do$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_proc WHERE oid = to_regprocedure('${signature}')
                      AND NOT pg_has_role(proowner, 'USAGE')) THEN
         EXECUTE $create$
           CREATE OR REPLACE FUNCTION ${signature} RETURNS trigger
           LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $function$
           ${definition}
           $function$
         $create$;
       END IF;
     END $do$`;
}

/** Creates a trigger on `table` when no trigger of that name is there yet. */
function createTrigger(table: string, name: string, definition: string): string {
  return `DO $do$ BEGIN
         IF NOT EXISTS (
           SELECT 1 FROM pg_trigger WHERE tgrelid = '${table}'::regclass AND tgname = '${name}'
         ) THEN
           CREATE TRIGGER ${name} ${definition};
         END IF;
       END $do$`;
}

/**
 * The schema of DESIGN §2 in PostgreSQL, plus what we add of our own: the change
 * counters, hand-written summaries, an index, two trigger functions and statement-level
 * triggers. Every statement only creates what is missing, so an existing database
 * (the public project's) keeps its tables exactly as they are, and `migrate` can run
 * on a live database any number of times. Needs PostgreSQL 13 or later
 * (`gen_random_uuid()` in core).
 *
 * One trigger function bumps the counter of its table and sends a notification, the
 * other the counters of the years of participants a statement touched. Both are
 * SECURITY DEFINER (they run as the migrating role), so a role that may write the data
 * tables by plain SQL needs no rights on `tamborrada_changes`. Their search path is
 * pinned, and the counters table is named with its schema.
 */
export function postgresSchema(schema: string): string[] {
  const changes = `${quoteIdentifier(schema)}.tamborrada_changes`;
  return [
    `CREATE TABLE IF NOT EXISTS participants (
       id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
       name text NOT NULL,
       school text NOT NULL,
       year integer NOT NULL,
       article_date text,
       url_id text,
       created_at timestamptz NOT NULL DEFAULT now()
     )`,
    // Only when missing: CREATE INDEX checks table ownership even with IF NOT EXISTS.
    `DO $do$ BEGIN
       IF to_regclass('participants_year_idx') IS NULL THEN
         CREATE INDEX participants_year_idx ON participants (year);
       END IF;
     END $do$`,
    `CREATE TABLE IF NOT EXISTS statistics (
       id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
       category text NOT NULL,
       scope text NOT NULL DEFAULT 'yearly',
       year text NOT NULL,
       public_data jsonb,
       full_data jsonb,
       summary text,
       created_at timestamptz NOT NULL DEFAULT now(),
       UNIQUE (category, scope, year)
     )`,
    `CREATE TABLE IF NOT EXISTS available_years (
       year text PRIMARY KEY,
       is_ready boolean NOT NULL DEFAULT false,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE TABLE IF NOT EXISTS sys_status (
       id integer PRIMARY KEY,
       is_updating boolean NOT NULL DEFAULT false,
       updated_at timestamptz NOT NULL DEFAULT now(),
       notes text
     )`,
    `CREATE TABLE IF NOT EXISTS summary_overrides (
       category text NOT NULL,
       year text NOT NULL,
       summary text NOT NULL,
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (category, year)
     )`,
    `CREATE TABLE IF NOT EXISTS tamborrada_year_sources (
       year integer PRIMARY KEY,
       source text NOT NULL,
       loaded_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE TABLE IF NOT EXISTS tamborrada_changes (
       part text PRIMARY KEY,
       version bigint NOT NULL DEFAULT 0
     )`,
    // Inside DO blocks, so that a role that owns none of this (a writer running migrate
    // again after the tables' owner did) passes through without needing the rights.
    `DO $do$ BEGIN
       IF (SELECT count(*) FROM tamborrada_changes) < ${STORE_PARTS.length} THEN
         INSERT INTO tamborrada_changes (part) VALUES ${STORE_PARTS.map((part) => `('${part}')`).join(', ')}
         ON CONFLICT (part) DO NOTHING;
       END IF;
     END $do$`,
    createFunction(
      'tamborrada_note_change()',
      `BEGIN
             UPDATE ${changes} SET version = version + 1 WHERE part = TG_ARGV[0];
             PERFORM pg_notify('${CHANGE_CHANNEL}', TG_ARGV[0]);
             RETURN NULL;
           END`,
    ),
    ...STORE_PARTS.map((part) =>
      createTrigger(
        part,
        `tamborrada_${part}_changed`,
        `AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${part}
             FOR EACH STATEMENT EXECUTE FUNCTION tamborrada_note_change('${part}')`,
      ),
    ),
    createFunction(
      'tamborrada_note_participant_years()',
      `DECLARE
             touched text[];
           BEGIN
             IF TG_OP = 'TRUNCATE' THEN
               EXECUTE format('SELECT array_agg(DISTINCT year::text) FROM %I.%I', TG_TABLE_SCHEMA, TG_TABLE_NAME)
                 INTO touched;
             ELSIF TG_OP = 'INSERT' THEN
               SELECT array_agg(DISTINCT year::text) INTO touched FROM tamborrada_new_rows;
             ELSIF TG_OP = 'DELETE' THEN
               SELECT array_agg(DISTINCT year::text) INTO touched FROM tamborrada_old_rows;
             ELSE
               SELECT array_agg(DISTINCT year) INTO touched FROM (
                 SELECT year::text AS year FROM tamborrada_old_rows
                 UNION ALL SELECT year::text FROM tamborrada_new_rows) AS both_sides;
             END IF;
             INSERT INTO ${changes} AS c (part, version)
               SELECT '${PARTICIPANT_YEAR_PREFIX}' || year, 1 FROM unnest(touched) AS year
               ON CONFLICT (part) DO UPDATE SET version = c.version + 1;
             RETURN NULL;
           END`,
    ),
    ...Object.entries(YEAR_TRIGGERS).map(([event, definition]) =>
      createTrigger(
        'participants',
        `tamborrada_participants_year_${event}`,
        `${definition} FOR EACH STATEMENT EXECUTE FUNCTION tamborrada_note_participant_years()`,
      ),
    ),
  ];
}
