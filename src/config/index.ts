export { ConfigError, LOG_LEVELS, type LogLevel } from './parsers.js';
export { fallbackText, SETTINGS, type Setting, type SettingName, type SettingScope } from './settings.js';
export {
  DEFAULT_SERVER_LIMITS,
  DEFAULT_SERVER_SETTINGS,
  POSTGRES_DEFAULTS,
  postgresLocation,
  readSetting,
  resolveServeConfig,
  resolveServerLimits,
  resolveStoreLocation,
  sqliteLocation,
  type CommandOptions,
  type Env,
  type ListenAddress,
  type PostgresSettings,
  type ServeConfig,
  type ServerLimits,
  type ServerSettings,
  type StoreLocation,
} from './resolve.js';
