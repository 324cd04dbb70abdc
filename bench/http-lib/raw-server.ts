/**
 * The limit of this machine: a bare `node:http` server that answers every request
 * with the same prepared bytes (the statistics answer fetched from the real server),
 * brotli bytes when the request accepts br and they were given.
 *
 *   node --import tsx bench/http-lib/raw-server.ts PORT IDENTITY_FILE [BR_FILE]
 */
import { readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders } from 'node:http';

const [portArg, identityFile, brFile] = process.argv.slice(2);
if (portArg === undefined || identityFile === undefined) {
  console.error('usage: raw-server.ts PORT IDENTITY_FILE [BR_FILE]');
  process.exit(2);
}

const identity = readFileSync(identityFile);
const br = brFile === undefined ? undefined : readFileSync(brFile);
const identityHeaders: OutgoingHttpHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': identity.length,
};
const brHeaders: OutgoingHttpHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': br?.length ?? 0,
  'content-encoding': 'br',
  vary: 'Accept-Encoding',
};

const server = createServer((request, response) => {
  if (br !== undefined && request.headers['accept-encoding']?.includes('br')) {
    response.writeHead(200, brHeaders);
    response.end(br);
  } else {
    response.writeHead(200, identityHeaders);
    response.end(identity);
  }
});
server.listen(Number(portArg), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
