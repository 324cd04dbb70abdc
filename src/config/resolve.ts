import { Option } from 'commander';
import { ConfigError, type LogLevel } from './parsers.js';
import {
  LIMIT_NAMES,
  METRICS_PORT_OFFSET,
  RETIRED_SETTINGS,
  SETTINGS,
  type Setting,
  type SettingName,
  type SettingScope,
  type SettingValue,
  type SettingValues,
} from './settings.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** Handed over once by the CLI's entry (`main.ts`): nothing else reads `process.env`. */
let environment: Env = {};
export function useEnvironment(env: Env): void {
  environment = env;
}
/** A command's parsed options, as commander gives them (`--database-url` → `databaseUrl`). */
export type CommandOptions = Readonly<Record<string, unknown>>;

const optionGiven = (option: string | undefined, options: CommandOptions): unknown =>
  option === undefined ? undefined : options[new Option(option).attributeName()];

/** The option if given, else the variable if set and not empty, else the setting's default. */
export function readSetting<N extends SettingName>(
  name: N,
  options: CommandOptions,
  env: Env = environment,
): SettingValue<N> {
  const setting = SETTINGS[name] as Setting<SettingValue<N>>;
  const given = optionGiven(setting.option, options);
  if (typeof given === 'string') return setting.parse(given, new Option(setting.option!).long!);
  const raw = env[setting.variable];
  return raw === undefined || raw === '' ? setting.fallback : setting.parse(raw, setting.variable);
}

/** A line for each retired setting of the scopes that was given, as an option or a variable. */
function retiredGiven(scopes: readonly SettingScope[], options: CommandOptions, env: Env): string[] {
  return RETIRED_SETTINGS.filter(
    ({ scope, variable, option }) =>
      scopes.includes(scope) && (optionGiven(option, options) !== undefined || (env[variable] ?? '') !== ''),
  ).map(({ variable, option, instead }) => {
    const name = option === undefined ? variable : `${variable} (${option.split(' ')[0]})`;
    return `${name} is no longer read: ${instead}`;
  });
}

/** The settings of the scopes; a ConfigError lists every problem, in the list's order, then `checks`' ones. */
function readSettings(
  scopes: readonly SettingScope[],
  options: CommandOptions,
  env: Env,
  checks = (_values: SettingValues): (string | false)[] => [],
): SettingValues {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    if (!scopes.includes(SETTINGS[name].scope)) continue;
    try {
      values[name] = readSetting(name, options, env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
    }
  }
  problems.push(...retiredGiven(scopes, options, env));
  problems.push(...checks(values as SettingValues).filter((problem) => problem !== false));
  if (problems.length > 0) throw new ConfigError(problems);
  return values as SettingValues;
}

const postgresSettings = (values: SettingValues) => ({
  poolMax: values.pgPoolMax,
  statementTimeoutMs: values.pgStatementTimeoutMs,
  connectTimeoutMs: values.pgConnectTimeoutMs,
});
export type PostgresSettings = ReturnType<typeof postgresSettings>;

export const POSTGRES_DEFAULTS: Readonly<PostgresSettings> = Object.freeze(
  postgresSettings(readSettings(['every command'], {}, {})),
);

export type StoreLocation =
  { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string; settings: PostgresSettings };

export function sqliteLocation(path: string): StoreLocation {
  return { engine: 'sqlite', path };
}

export function postgresLocation(url: string, settings: PostgresSettings = POSTGRES_DEFAULTS): StoreLocation {
  return { engine: 'postgres', url, settings };
}

function storeLocationOf(values: SettingValues): StoreLocation {
  if (values.databaseUrl === undefined) return sqliteLocation(values.dbPath);
  return postgresLocation(values.databaseUrl, postgresSettings(values));
}

export function resolveStoreLocation(options: CommandOptions, env: Env = environment): StoreLocation {
  return storeLocationOf(readSettings(['every command'], options, env));
}

/** The longest name and school `import` accepts: the settings of its scope alone. */
export function resolveImportLimits(env: Env = environment) {
  return readSettings(['import'], {}, env) as Pick<SettingValues, 'maxNameLength' | 'maxSchoolLength'>;
}

export type ServerLimits = Pick<SettingValues, (typeof LIMIT_NAMES)[number]>;

export type ListenAddress = { host: string; port: number };

/** Everything the running server reads; `metrics`: the listener of `/metrics`, undefined for none. */
export type ServerSettings = SettingValues & {
  listen: ListenAddress;
  limits: ServerLimits;
  metrics: ListenAddress | undefined;
};

export type ServeConfig = ServerSettings & { store: StoreLocation; logLevel: LogLevel };

/** Everything `serve` reads, each problem reported (one line each) before anything starts. */
export function resolveServeConfig(options: CommandOptions, env: Env = environment): ServeConfig {
  const values = readSettings(['every command', 'serve'], options, env, (limits) => [
    limits.headersTimeoutMs > limits.requestTimeoutMs &&
      `HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not be above REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs})`,
    limits.maxUrlLength >= limits.maxHeaderSize &&
      `MAX_URL_LENGTH (${limits.maxUrlLength}) must be below MAX_HEADER_SIZE (${limits.maxHeaderSize})`,
    limits.metricsPort === undefined &&
      limits.port + METRICS_PORT_OFFSET > 65535 &&
      `METRICS_PORT must be set (a port or 'off') when PORT is above ${65535 - METRICS_PORT_OFFSET}: its default, PORT + ${METRICS_PORT_OFFSET}, is no port`,
  ]);
  const { metricsHost, host, port } = values;
  // Each server on a machine gets a metrics port of its own, from its own port.
  const metricsPort = values.metricsPort ?? (port === 0 ? 0 : port + METRICS_PORT_OFFSET);
  return {
    ...values,
    store: storeLocationOf(values),
    listen: { host, port },
    limits: Object.fromEntries(LIMIT_NAMES.map((name) => [name, values[name]])) as ServerLimits,
    metrics: metricsPort === 'off' ? undefined : { host: metricsHost, port: metricsPort },
  };
}

export const DEFAULT_SERVER_SETTINGS: Readonly<ServerSettings> = Object.freeze(resolveServeConfig({}, {}));
export const DEFAULT_SERVER_LIMITS: Readonly<ServerLimits> = DEFAULT_SERVER_SETTINGS.limits;
