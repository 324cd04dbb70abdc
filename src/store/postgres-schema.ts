import {
  createTables,
  FLAG_TABLE,
  FOLLOWED_TABLES,
  RETIRED_TABLES,
  STORE_VERSION_ROW,
} from './sql-schema.js';

/** The LISTEN/NOTIFY channel; the payload is the name of the table that changed. */
export const CHANGE_CHANNEL = 'tamborrada_changes';

/** The search budgets' accounts of every replica: UNLOGGED, as they matter for a day only. */
export const BUDGET_TABLE = 'tamborrada_search_budgets';

/** Advisory lock keys: one migration at a time, one write command at a time. */
export const MIGRATE_LOCK_KEY = 7_210_501;
export const WRITE_LOCK_KEY = 7_210_502;

const RETIRED_TRIGGERS = ['insert', 'update', 'delete', 'truncate'].map(
  (event) => `tamborrada_participants_year_${event}`,
);
const RETIRED_FUNCTION = 'tamborrada_note_participant_years()';
const NOTE_CHANGE = 'tamborrada_note_change()';

/** `statement` if `condition` holds: a writer migrating after the tables' owner passes through. */
function when(condition: string, statement: string): string {
  return `DO $do$ BEGIN
       IF ${condition} THEN
         ${statement};
       END IF;
     END $do$`;
}

const ownsFunction = (signature: string) =>
  `EXISTS (SELECT 1 FROM pg_proc WHERE oid = to_regprocedure('${signature}') AND pg_has_role(proowner, 'USAGE'))`;
const triggerExists = (table: string, name: string) =>
  `EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = '${table}'::regclass AND tgname = '${name}')`;

/**
 * Idempotent, PostgreSQL 13+. A SECURITY DEFINER trigger function bumps the counter and notifies:
 * a role writing the data tables by plain SQL needs no rights on `tamborrada_changes`.
 */
export function postgresSchema(schema: string): string[] {
  const changes = `"${schema.replace(/"/g, '""')}".tamborrada_changes`;
  return [
    ...createTables({
      id: 'uuid PRIMARY KEY DEFAULT gen_random_uuid()',
      time: 'timestamptz NOT NULL DEFAULT now()',
      json: () => 'jsonb',
      flag: () => 'boolean NOT NULL DEFAULT false',
    }),
    `CREATE UNLOGGED TABLE IF NOT EXISTS ${BUDGET_TABLE} (
       key text PRIMARY KEY,
       state jsonb,
       seen_at timestamptz NOT NULL DEFAULT now()
     )`,
    // CREATE INDEX checks table ownership even with IF NOT EXISTS.
    when(
      "to_regclass('participants_year_idx') IS NULL",
      'CREATE INDEX participants_year_idx ON participants (year)',
    ),
    when(
      `EXISTS (SELECT 1 FROM tamborrada_changes WHERE part <> '${STORE_VERSION_ROW}')`,
      `DELETE FROM tamborrada_changes WHERE part <> '${STORE_VERSION_ROW}'`,
    ),
    when(
      `NOT EXISTS (SELECT 1 FROM tamborrada_changes WHERE part = '${STORE_VERSION_ROW}')`,
      `INSERT INTO tamborrada_changes (part) VALUES ('${STORE_VERSION_ROW}') ON CONFLICT (part) DO NOTHING`,
    ),
    // Two version-4 uuids: 244 bits of PostgreSQL's strong randomness.
    when(
      'NOT EXISTS (SELECT 1 FROM tamborrada_store_secret)',
      `INSERT INTO tamborrada_store_secret (id, secret)
         VALUES (1, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))`,
    ),
    // Replaced (to upgrade it) only by a role that may own it.
    when(
      `to_regprocedure('${NOTE_CHANGE}') IS NULL OR ${ownsFunction(NOTE_CHANGE)}`,
      `EXECUTE $create$
         CREATE OR REPLACE FUNCTION ${NOTE_CHANGE} RETURNS trigger
         LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $function$
         BEGIN
           IF TG_ARGV[0] <> '${FLAG_TABLE}' THEN
             INSERT INTO ${changes} AS c (part, version) VALUES ('${STORE_VERSION_ROW}', 1)
               ON CONFLICT (part) DO UPDATE SET version = c.version + 1;
           END IF;
           PERFORM pg_notify('${CHANGE_CHANNEL}', TG_ARGV[0]);
           RETURN NULL;
         END
         $function$
       $create$`,
    ),
    ...[...FOLLOWED_TABLES, FLAG_TABLE].map((table) =>
      when(
        `NOT ${triggerExists(table, `tamborrada_${table}_changed`)}`,
        `CREATE TRIGGER tamborrada_${table}_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION tamborrada_note_change('${table}')`,
      ),
    ),
    ...RETIRED_TRIGGERS.map((name) =>
      when(
        `${triggerExists('participants', name)} AND pg_has_role((SELECT relowner FROM pg_class WHERE oid = 'participants'::regclass), 'USAGE')`,
        `DROP TRIGGER ${name} ON participants`,
      ),
    ),
    when(ownsFunction(RETIRED_FUNCTION), `DROP FUNCTION ${RETIRED_FUNCTION}`),
    ...RETIRED_TABLES.map((table) =>
      when(
        `to_regclass('${table}') IS NOT NULL AND pg_has_role((SELECT relowner FROM pg_class WHERE oid = to_regclass('${table}')), 'USAGE')`,
        `DROP TABLE ${table}`,
      ),
    ),
  ];
}
