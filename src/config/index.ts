export { ConfigError } from './config-error.js';
export { LOG_LEVELS, type LogLevel } from './parsers.js';
export { SETTINGS, type Setting, type SettingName, type SettingScope } from './settings.js';
export {
  DEFAULT_SERVER_LIMITS,
  DEFAULT_SERVER_SETTINGS,
  POSTGRES_DEFAULTS,
  optionFlag,
  optionKey,
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
