// The `tamborrada` command; loaded by main.ts once the runtime is known to be recent enough.
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import {
  ConfigError,
  fallbackText,
  readSetting,
  RETIRED_SETTINGS,
  SETTINGS,
  resolveImportLimits,
  resolveServeConfig,
  resolveStoreLocation,
  type Setting,
  type SettingScope,
  type StoreLocation,
} from '../config/index.js';
import { VERSION } from '../version.js';
import { formatCount } from './output.js';
import { CATEGORY_IDS } from '../domain/categories.js';
import {
  LABEL_LANGUAGE_NAMES,
  LABEL_LANGUAGES,
  MAX_SUMMARY_CHARACTERS,
  SUMMARY_LANGUAGES,
} from '../store/store.js';

// Each command loads its modules (and the store's) when it runs: it starts without the others'.
const load = {
  importFile: () => import('./commands/import-file.js'),
  demo: () => import('./commands/demo.js'),
  updating: () => import('./commands/updating.js'),
  status: () => import('./commands/status.js'),
  recompute: () => import('./commands/recompute.js'),
  year: () => import('./commands/year.js'),
  summary: () => import('./commands/summary.js'),
  school: () => import('./commands/school.js'),
  participant: () => import('./commands/participant.js'),
};

const program = new Command('tamborrada')
  .version(VERSION, '-V, --version', 'print the version and exit')
  .description(
    "Statistics service of the children's drum festival: the read-only API server and the operator's tools",
  )
  // Usage errors are one line with the prefix of every other error; exit code 2.
  .configureOutput({
    outputError: (text, write) => write(`tamborrada: ${text.trim().split('\n').join(' ')}\n`),
  })
  .exitOverride()
  .addHelpText(
    'after',
    `
Examples:
  tamborrada serve                                  serve ./data/tamborrada.db on port 3000
  tamborrada demo --scale 1                         load the fictional demo data
  tamborrada updating on --note "Carga 2026"       start the January refresh
  tamborrada import participantes-2026.csv          replace 2026, recompute, publish
  tamborrada status                                 check years, counts and the flag
  tamborrada updating off                           end the refresh
  DATABASE_URL=postgres://… tamborrada migrate      prepare a PostgreSQL database

Every command takes --db PATH (SQLite, the default) or --database-url URL (PostgreSQL).
Run 'tamborrada COMMAND --help' for the options and examples of one command.

Exit codes: 0 done (also when there was nothing to change), 1 failed,
2 bad usage or configuration (see docs/operations.md).`,
  );

/** The store of the command being run (errors name it). */
let commandStore: StoreLocation | undefined;
function storeOf(options: Record<string, unknown>): StoreLocation {
  commandStore = resolveStoreLocation(options);
  return commandStore;
}

function settingsOf(scope: SettingScope): Setting<unknown>[] {
  return (Object.values(SETTINGS) as Setting<unknown>[]).filter((setting) => setting.scope === scope);
}

function withSettingOptions(command: Command, scope: SettingScope): Command {
  for (const setting of settingsOf(scope).filter((setting) => setting.option !== undefined)) {
    const fallback = fallbackText(setting);
    command.option(
      setting.option!,
      `${setting.meaning} (env ${setting.variable}${fallback === '' ? '' : `, default ${fallback}`})`,
    );
  }
  // Parsed but not shown: resolving the settings refuses them, saying what to set instead.
  for (const retired of RETIRED_SETTINGS)
    if (retired.scope === scope && retired.option !== undefined)
      command.addOption(new Option(retired.option).hideHelp());
  return command;
}

/** Read when the help is shown: a group's list fills as its subcommands are declared. */
function withExamples(command: Command, examples: string[]): Command {
  return command.addHelpText('after', () => `\nExamples:\n${examples.map((line) => `  ${line}`).join('\n')}`);
}

/** A group's examples: every example of its subcommands. */
const groupExamples = new Map<Command, string[]>();

/** A command (or a subcommand of `parent`) with the store options every command takes. */
function storeCommand(name: string, description: string, examples: string[], parent: Command = program) {
  groupExamples.get(parent)?.push(...examples);
  const command = withSettingOptions(parent.command(name).description(description), 'every command');
  return withExamples(command, examples);
}

function variablesWithoutOption(scope: SettingScope): string {
  return settingsOf(scope)
    .filter((setting) => setting.option === undefined)
    .map((setting) => setting.variable)
    .join(', ');
}

/** What commander passes an action: its arguments, the options, the command. */
type ActionArgs = Parameters<Parameters<Command['action']>[0]>;

/** An action that loads its command's module when it runs, and prints what that says. */
const run =
  <M>(load: () => Promise<M>, say: (module: M, ...args: ActionArgs) => Promise<string>) =>
  async (...args: ActionArgs) =>
    console.log(await say(await load(), ...args));

/** A command whose subcommands do the work. */
function group(name: string, description: string): Command {
  const command = program.command(name).description(description);
  groupExamples.set(command, []);
  return withExamples(command, groupExamples.get(command)!);
}

const minPublishedCountOf = (options: Record<string, unknown>) => readSetting('minPublishedCount', options);

const computing = (command: Command) => withSettingOptions(command, 'import, demo, recompute');

function integerOption(raw: string): number {
  if (!/^-?[0-9]+$/.test(raw)) throw new InvalidArgumentError('expected an integer');
  return Number(raw);
}

function scaleOption(raw: string): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > 1000)
    throw new InvalidArgumentError('expected a number above 0, at most 1000');
  return value;
}

withSettingOptions(
  storeCommand('serve', 'serve the read-only JSON API', [
    'tamborrada serve                                      ./data/tamborrada.db on port 3000',
    'tamborrada serve --demo-if-missing                    what npm start does',
    'tamborrada serve --db /srv/tamborrada.db --port 8080 --log-level warn',
    'tamborrada serve --trust-proxy loopback               behind a reverse proxy on this machine',
    'DATABASE_URL=postgres://api@db/tamborrada tamborrada serve',
  ]),
  'serve',
)
  .option(
    '--demo-if-missing',
    'when the SQLite file does not exist, create it with the demo data (what npm start does)',
  )
  .addHelpText(
    'after',
    `
Environment, besides the options' variables: ${variablesWithoutOption('serve')};
and for every command: ${variablesWithoutOption('every command')}.
An option wins over its variable; a bad value stops the start with one line per problem.
Serves the API under /api and its reference at /api/docs (document: /api/openapi.json);
Prometheus metrics on their own listener (METRICS_HOST:METRICS_PORT, /metrics).
Logs are JSON lines, readable colours on a terminal.`,
  )
  .action(async (options) => {
    const config = resolveServeConfig(options);
    commandStore = config.store;
    const { serve } = await import('./serve.js');
    await serve({ ...config, demoIfMissing: options.demoIfMissing === true });
  });

storeCommand('migrate', 'create or upgrade the store schema (idempotent, safe on a live store)', [
  'tamborrada migrate --db ./data/tamborrada.db',
  'DATABASE_URL=postgres://writer@db/tamborrada tamborrada migrate',
]).action(async (options) => {
  const [{ withStore }, { completeStatistics }] = await Promise.all([
    import('./commands/with-store.js'),
    import('../import/recompute.js'),
  ]);
  console.log(
    await withStore(storeOf(options), 'migrate', async (store) => {
      const migrated = await store.migrate();
      const recomputed = await store.transaction(completeStatistics);
      const done = migrated ? `migrated ${store.description}` : `${store.description} is up to date`;
      if (recomputed > 0)
        return `${done}; recomputed ${formatCount(recomputed)} statistics to add what this version makes with them (Basque summaries, the editions' tallies)`;
      return migrated ? done : `${done}: nothing changed`;
    }),
  );
});

computing(
  storeCommand(
    'import',
    'import a participant list (CSV, .xlsx or .ods with name, school, year), recompute and publish its years',
    [
      'tamborrada import participantes-2026.csv --dry-run   what it would change, writing nothing',
      'tamborrada import participantes-2026.csv',
      'tamborrada import participantes-2026.xlsx --sheet 2026',
      'tamborrada import lista.csv --encoding windows-1252',
      'tamborrada import participantes-2026.csv --database-url postgres://writer@db/tamborrada',
    ],
  ),
)
  .argument('<file>', 'CSV (separated by commas, semicolons or tabs), or an .xlsx or .ods workbook')
  .option('--dry-run', 'read, validate and compare with the store, per year; write nothing')
  .option(
    '--encoding <name>',
    "the CSV file's text encoding, instead of the one detected (utf-8, utf-16le, windows-1252…)",
  )
  .option('--sheet <name>', 'the sheet of a workbook to read (default: the first)')
  .option('--create', 'create the store if it does not exist yet (otherwise a missing store is an error)')
  .addHelpText(
    'after',
    `
The header names at least name, school and year, in any order; other columns are ignored.
A CSV file's encoding (UTF-8 with or without BOM, UTF-16 with BOM, Windows-1252) and
separator are detected; the report says which were read. If any row is bad, each is
listed as FILE:LINE: reason, nothing is written and the exit code is 1. A list the store
holds already, published, writes nothing and says so.
Environment: ${variablesWithoutOption('import')}.`,
  )
  .action(
    run(load.importFile, ({ importFile }, file: string, options) =>
      importFile(file, storeOf(options), options.create === true, {
        dryRun: options.dryRun === true,
        encoding: options.encoding,
        sheet: options.sheet,
        limits: resolveImportLimits(),
        minPublishedCount: minPublishedCountOf(options),
      }),
    ),
  );

computing(
  storeCommand('demo', 'load the fictional demo dataset through the import path', [
    'tamborrada demo                                       the default dataset (seed 1, scale 1)',
    'tamborrada demo --seed 7 --scale 0.1 --db /tmp/small.db',
    'tamborrada demo --scale 100 --db /tmp/big.db          about 3 million rows, for benchmarks',
  ]),
)
  .option('--seed <n>', 'random seed: the same seed gives the same data', integerOption, 1)
  .option('--scale <f>', 'multiplies the volume (100 ≈ 3 million rows)', scaleOption, 1)
  .option('--force', 'load it even over lists that demo did not load (they would be replaced or mixed)')
  .addHelpText(
    'after',
    `
On a store that holds lists demo did not load (imported files, plain SQL), demo refuses
and says which years it would replace, unless --force.`,
  )
  .action(
    run(load.demo, ({ loadDemo }, options) =>
      loadDemo(options, storeOf(options), options.force === true, minPublishedCountOf(options)),
    ),
  );
storeCommand(
  'updating',
  'turn the updating flag on or off (the statistics operation then answers {"isUpdating":true})',
  ['tamborrada updating on --note "Carga de la edición 2026"', 'tamborrada updating off'],
)
  .argument('<state>', 'on or off')
  .option('--note <text>', 'why (shown by status)')
  .action(
    run(load.updating, ({ setUpdating }, state: string, options) => {
      if (state !== 'on' && state !== 'off')
        throw new ConfigError(`updating takes 'on' or 'off', got '${state}'`);
      return setUpdating(state === 'on', options.note, storeOf(options));
    }),
  );

storeCommand(
  'status',
  'show years with their ready flag and counts, the updating flag and the small-count rule',
  ['tamborrada status', 'DATABASE_URL=postgres://writer@db/tamborrada tamborrada status'],
).action(run(load.status, (m, options) => m.showStatus(storeOf(options))));

computing(
  storeCommand('recompute', 'recompute every statistic from the stored participants', [
    'tamborrada recompute --db ./data/tamborrada.db',
    'tamborrada recompute --min-published-count 5          no list names a name fewer than 5 children bear',
  ]),
)
  .addHelpText(
    'after',
    `
The small-count rule in force is kept with the statistics (see status): a value given
here, to import or to demo replaces it; every other recompute (year, summary unset) keeps it.`,
  )
  .action(run(load.recompute, (m, options) => m.recompute(storeOf(options), minPublishedCountOf(options))));

const year = group(
  'year',
  'take a year down or back up: unpublish, publish, remove (each recomputes the statistics)',
);
const YEAR_CHANGES = [
  ['unpublish', 'the year leaves /api/years and every statistic (global too); its participants stay stored'],
  ['publish', 'an unpublished year with participants is counted and listed again'],
  ['remove', "the year's participants are deleted, and every statistic recomputed without them"],
] as const;
for (const [change, description] of YEAR_CHANGES) {
  storeCommand(change, description, [`tamborrada year ${change} 2024 --dry-run`], year)
    .argument('<year>', 'a 4-digit year')
    .option('--dry-run', 'do it, show what changes, and roll it back')
    .addHelpText(
      'after',
      `\nIn one transaction: ${change} the year, recompute every statistic, commit (or, with --dry-run,\nroll back). Running servers serve the result within 2 seconds.`,
    )
    .action(
      run(load.year, (m, yearText: string, options) =>
        m.changeYearCommand(change, yearText, options.dryRun === true, storeOf(options)),
      ),
    );
}

const summary = group('summary', 'hand-written summaries: set, list, unset');
const langOption = (meaning: string) => new Option('--lang <lang>', meaning).choices(SUMMARY_LANGUAGES);
const summaryCommand = (name: string, description: string, examples: string[]) =>
  storeCommand(name, description, examples, summary)
    .requiredOption('--year <year>', '4-digit year or global')
    .requiredOption('--category <id>', `one of the ${CATEGORY_IDS.length} category identifiers`)
    .addOption(
      langOption("es: the Spanish summary (the API's and the Spanish pages'); eu: the Basque pages'").default(
        'es',
      ),
    );
summaryCommand(
  'set',
  'replace the summary of one statistic with the text of a file (kept when statistics are recomputed)',
  [
    'tamborrada summary set --year 2024 --category intro --file intro-2024.md',
    'tamborrada summary set --year global --category topNames --file top-names.md',
    'tamborrada summary set --lang eu --year 2024 --category intro --file intro-2024.eu.md',
  ],
)
  .requiredOption(
    '--file <path>',
    `UTF-8 text file with the summary (Markdown **bold** allowed; at most ${formatCount(MAX_SUMMARY_CHARACTERS)} characters, no control characters but tabs and line breaks)`,
  )
  .action(run(load.summary, (m, options) => m.setSummary(options, storeOf(options))));
storeCommand(
  'list',
  'list the statistics whose summary was written by hand, with its language',
  ['tamborrada summary list', 'tamborrada summary list --lang eu'],
  summary,
)
  .addOption(langOption('only the summaries of this language (default: both)'))
  .action(run(load.summary, (m, options) => m.listSummaries(storeOf(options), options.lang)));
summaryCommand('unset', 'drop a hand-written summary: the generated one is back at once', [
  'tamborrada summary unset --year 2024 --category intro',
  'tamborrada summary unset --lang eu --year 2024 --category intro',
]).action(run(load.summary, (m, options) => m.unsetSummary(options, storeOf(options))));

const school = group(
  'school',
  "a school's name on the pages of another language (a catch-all group's): label, labels, unlabel",
);
/** `--eu`: an option per language a school can be named in besides the lists' (Spanish). */
const labelOptions = (command: Command, meaning: (language: string) => string, value = ' <name>') => {
  for (const lang of LABEL_LANGUAGES)
    command.option(`--${lang}${value}`, meaning(LABEL_LANGUAGE_NAMES[lang]));
  return command;
};
labelOptions(
  storeCommand(
    'label',
    "give a school its name on the pages of another language; the API, the CSV files and the Spanish pages keep the lists' name",
    [
      'tamborrada school label "Otras compañías" --eu "Beste konpainiak"',
      'tamborrada school label "Colegio del Faro" --eu "Faroko Ikastetxea"',
    ],
    school,
  ).argument('<school>', 'the school exactly as the lists write it'),
  (language) => `its name on the ${language} pages, their charts and their summaries`,
)
  .addHelpText(
    'after',
    `
For a group the lists name in Spanish, such as their catch-all "Otras compañías": the
pages of that language show the name given here wherever they name the school (its page,
tables, charts, summaries, the search's list; its page's address follows it, the old one
moves there). The API and the CSV files keep the lists' name, as the search does. Running
servers show it within 2 seconds. See docs/operations.md.`,
  )
  .action(run(load.school, (m, name: string, options) => m.labelSchool(name, options, storeOf(options))));
storeCommand(
  'labels',
  'list the schools named in another language, with those names',
  ['tamborrada school labels'],
  school,
).action(run(load.school, (m, options) => m.listLabels(storeOf(options))));
labelOptions(
  storeCommand(
    'unlabel',
    "drop a school's name in another language: the pages show the lists' name again",
    ['tamborrada school unlabel "Otras compañías"', 'tamborrada school unlabel "Otras compañías" --eu'],
    school,
  ).argument('<school>', 'the school exactly as the lists write it'),
  (language) => `only its name on the ${language} pages (default: every language)`,
  '',
).action(
  run(load.school, (m, name: string, options) =>
    m.unlabelSchool(
      name,
      LABEL_LANGUAGES.filter((lang) => options[lang] === true),
      storeOf(options),
    ),
  ),
);

const participant = group(
  'participant',
  "a family's request: remove one child's records for good, list the removals",
);
storeCommand(
  'remove',
  "delete one child's records (whole name and school), recompute, and keep later imports from bringing them back",
  [
    'tamborrada participant remove --name "Ane Garcia Lopez" --school "Ikastola Txori Berri" --dry-run',
    'tamborrada participant remove --name "Ane Garcia Lopez" --school "Ikastola Txori Berri"',
    'tamborrada participant remove --name "Ane Garcia Lopez" --school "Ikastola Txori Berri" --year 2024',
  ],
  participant,
)
  .requiredOption(
    '--name <name>',
    'the whole name; accents, case and spaces do not matter (- reads it from stdin)',
  )
  .requiredOption(
    '--school <school>',
    'the school as the lists write it; case, accents, spaces and punctuation do not matter',
  )
  .option('--year <year>', 'only this 4-digit year (default: every year)')
  .option('--dry-run', 'do it, show what changes, and roll it back')
  .addHelpText(
    'after',
    `
In one transaction: delete the records, recompute every statistic, record the removal as
a keyed hash of the name and the school (no name is kept), commit; then overwrite what
the deleted rows left in the store's files. Every later import leaves this child out,
however its list spells the school or the surnames (hyphens, particles), and names the
line ("line 214: withheld, matches a removal"). A removal that finds nobody is recorded
all the same. Running servers serve the result within 2 seconds. See docs/operations.md.`,
  )
  .action(
    run(load.participant, (m, options) => {
      const name = options.name === '-' ? readFileSync(0, 'utf8').split('\n', 1)[0]! : options.name;
      const request = m.removalRequest(name, options.school, options.year);
      return m.removeParticipantCommand(request, options.dryRun === true, storeOf(options));
    }),
  );
storeCommand(
  'removals',
  'list the removals carried out: date, school and years, never a name',
  ['tamborrada participant removals'],
  participant,
).action(run(load.participant, (m, options) => m.listRemovals(storeOf(options))));

program.parseAsync(process.argv).catch(async (error: unknown) => {
  // Help, the version and usage errors: commander has said it.
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  await (await import('./errors.js')).exitWithError(error, commandStore);
});
