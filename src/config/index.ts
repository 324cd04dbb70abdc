export { ConfigError, type LogLevel } from './parsers.js';
export * from './settings.js';
export * from './resolve.js';
