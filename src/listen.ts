// Apart from the server, so that the CLI's error handling does not load its modules; node:net,
// not node:http: importing node:http loads its fetch (undici) too, 60 ms of every CLI start.
import { createServer, type Server } from 'node:net';
import type { ListenAddress } from './config/index.js';

/** A host as written in an address: an IPv6 one in brackets. */
export const withBrackets = (host: string) => (host.includes(':') ? `[${host}]` : host);

const LISTEN_FAILURES: Readonly<Record<string, string>> = {
  EADDRINUSE: 'the address is already in use (another server on that port?)',
  EACCES: 'permission denied (ports below 1024 need privileges)',
  EADDRNOTAVAIL: 'no interface of this machine has that address',
};

/** An address the server cannot listen on, named as the operator gave it. */
export class CannotListenError extends Error {
  constructor(what: string, { host, port }: ListenAddress, cause: unknown) {
    const code = (cause as NodeJS.ErrnoException).code;
    const reason = (code && LISTEN_FAILURES[code]) ?? code ?? String(cause);
    super(`cannot listen for ${what} on ${withBrackets(host)}:${port}: ${reason}`);
  }
}

export function listen(server: Server, what: string, address: ListenAddress): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => reject(new CannotListenError(what, address, error));
    server.once('error', fail);
    server.listen(address.port, address.host, () => {
      server.off('error', fail);
      resolve();
    });
  });
}

/** Fails at once when an address is taken, before a read model of many seconds is built for nothing. */
export async function checkCanListen(what: string, address: ListenAddress): Promise<void> {
  if (address.port === 0) return;
  const probe = createServer();
  await listen(probe, what, address);
  await new Promise((resolve) => probe.close(resolve));
}
