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
 * The schema of DESIGN §2 in PostgreSQL, plus what we add of our own: the change
 * counters, hand-written summaries, an index, one trigger function and statement-level
 * triggers. Every statement only creates what is missing, so an existing database
 * (the public project's) keeps its tables exactly as they are, and `migrate` can run
 * on a live database any number of times. Needs PostgreSQL 13 or later
 * (`gen_random_uuid()` in core).
 *
 * The trigger function bumps the counter of its table and sends a notification; it is
 * SECURITY DEFINER (runs as the migrating role), so a role that may write the data
 * tables by plain SQL needs no rights on `tamborrada_changes`. Its search path is
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
    // Replaced (to upgrade it) only by a role that may own it; created when missing.
    `DO $do$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_proc WHERE oid = to_regprocedure('tamborrada_note_change()')
                      AND NOT pg_has_role(proowner, 'USAGE')) THEN
         EXECUTE $create$
           CREATE OR REPLACE FUNCTION tamborrada_note_change() RETURNS trigger
           LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $function$
           BEGIN
             UPDATE ${changes} SET version = version + 1 WHERE part = TG_ARGV[0];
             PERFORM pg_notify('${CHANGE_CHANNEL}', TG_ARGV[0]);
             RETURN NULL;
           END
           $function$
         $create$;
       END IF;
     END $do$`,
    ...STORE_PARTS.map(
      (part) => `DO $do$ BEGIN
         IF NOT EXISTS (
           SELECT 1 FROM pg_trigger WHERE tgrelid = '${part}'::regclass AND tgname = 'tamborrada_${part}_changed'
         ) THEN
           CREATE TRIGGER tamborrada_${part}_changed
             AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${part}
             FOR EACH STATEMENT EXECUTE FUNCTION tamborrada_note_change('${part}');
         END IF;
       END $do$`,
    ),
  ];
}
