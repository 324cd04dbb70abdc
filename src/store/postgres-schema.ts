import { FOLLOWED_TABLES, STORE_VERSION_ROW } from './store.js';

/** The LISTEN/NOTIFY channel; the payload is the name of the table that changed. */
export const CHANGE_CHANNEL = 'tamborrada_changes';

/** Advisory lock keys: one migration at a time, one write command at a time. */
export const MIGRATE_LOCK_KEY = 7_210_501;
export const WRITE_LOCK_KEY = 7_210_502;

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** What older versions kept beside the store's counter: a counter per year of participants. */
const RETIRED_TRIGGERS = ['insert', 'update', 'delete', 'truncate'].map(
  (event) => `tamborrada_participants_year_${event}`,
);
const RETIRED_FUNCTION = 'tamborrada_note_participant_years()';

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

/** Drops a trigger of an older version, when it is there and the migrating role may. */
function dropTrigger(table: string, name: string): string {
  return `DO $do$ BEGIN
         IF EXISTS (SELECT 1 FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
                    WHERE t.tgrelid = '${table}'::regclass AND t.tgname = '${name}'
                      AND pg_has_role(c.relowner, 'USAGE')) THEN
           DROP TRIGGER ${name} ON ${table};
         END IF;
       END $do$`;
}

/**
 * The schema of DESIGN §2 in PostgreSQL, plus what we add of our own: the store's change
 * counter, hand-written summaries, an index, a trigger function and statement-level
 * triggers. Every statement only creates what is missing, so an existing database
 * (the public project's) keeps its tables exactly as they are, and `migrate` can run
 * on a live database any number of times. Needs PostgreSQL 13 or later
 * (`gen_random_uuid()` in core).
 *
 * The trigger function bumps the store's counter and sends a notification whose payload
 * names the table. It is SECURITY DEFINER (it runs as the migrating role), so a role
 * that may write the data tables by plain SQL needs no rights on `tamborrada_changes`.
 * Its search path is pinned, and the counters table is named with its schema. What older
 * versions kept beside it (a counter per table and per year) is dropped.
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
       IF EXISTS (SELECT 1 FROM tamborrada_changes WHERE part <> '${STORE_VERSION_ROW}') THEN
         DELETE FROM tamborrada_changes WHERE part <> '${STORE_VERSION_ROW}';
       END IF;
       IF NOT EXISTS (SELECT 1 FROM tamborrada_changes WHERE part = '${STORE_VERSION_ROW}') THEN
         INSERT INTO tamborrada_changes (part) VALUES ('${STORE_VERSION_ROW}') ON CONFLICT (part) DO NOTHING;
       END IF;
     END $do$`,
    createFunction(
      'tamborrada_note_change()',
      `BEGIN
             INSERT INTO ${changes} AS c (part, version) VALUES ('${STORE_VERSION_ROW}', 1)
               ON CONFLICT (part) DO UPDATE SET version = c.version + 1;
             PERFORM pg_notify('${CHANGE_CHANNEL}', TG_ARGV[0]);
             RETURN NULL;
           END`,
    ),
    ...FOLLOWED_TABLES.map((table) =>
      createTrigger(
        table,
        `tamborrada_${table}_changed`,
        `AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
             FOR EACH STATEMENT EXECUTE FUNCTION tamborrada_note_change('${table}')`,
      ),
    ),
    ...RETIRED_TRIGGERS.map((name) => dropTrigger('participants', name)),
    `DO $do$ BEGIN
       IF EXISTS (SELECT 1 FROM pg_proc WHERE oid = to_regprocedure('${RETIRED_FUNCTION}')
                  AND pg_has_role(proowner, 'USAGE')) THEN
         DROP FUNCTION ${RETIRED_FUNCTION};
       END IF;
     END $do$`,
  ];
}
