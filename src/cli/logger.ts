import pino, { type Logger } from 'pino';
import type { LogLevel } from '../config/index.js';

/** JSON lines, buffered (a synchronous write per request would cost more than the answer); colours on a terminal. */
export function createLogger(level: LogLevel): Logger {
  if (process.stdout.isTTY)
    return pino({ level, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } });
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), 500).unref();
  return pino({ level }, destination);
}
