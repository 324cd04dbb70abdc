import pino, { type Logger } from 'pino';
import type { LogLevel } from '../config/index.js';

/**
 * JSON lines by default; readable colours when the output is a terminal. JSON lines are
 * buffered (4 KB or half a second, flushed on exit): a synchronous write per request line
 * would cost more than the answer itself.
 */
export function createLogger(level: LogLevel): Logger {
  if (process.stdout.isTTY)
    return pino({ level, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } });
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), 500).unref();
  return pino({ level }, destination);
}
