/**
 * The limit of this machine: a bare `node:http` server that replays the answers the real
 * server gave (status, headers, body bytes), looked up by URL and Accept-Encoding, so that
 * it sends what the server sends and does nothing else. Anything else gets a 404 with an
 * empty body.
 *
 *   node --import tsx bench/http-lib/raw-server.ts PORT REPLAY_FILE
 *
 * REPLAY_FILE is JSON written by bench/http.ts: a list of `ReplayAnswer`.
 */
import { readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders } from 'node:http';

export interface ReplayAnswer {
  path: string;
  /** The request's Accept-Encoding, null when it had none. */
  acceptEncoding: string | null;
  status: number;
  /** Lower-case names, one pair per value; node:http adds date and connection itself. */
  headers: [string, string][];
  bodyBase64: string;
}

interface Prepared {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

const replayKey = (acceptEncoding: string | null | undefined, url: string) =>
  `${acceptEncoding ?? ''}\n${url}`;

function prepare(answer: ReplayAnswer): Prepared {
  const body = Buffer.from(answer.bodyBase64, 'base64');
  const values = new Map<string, string[]>();
  for (const [name, value] of answer.headers) values.set(name, [...(values.get(name) ?? []), value]);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, list] of values) headers[name] = list.length === 1 ? list[0] : list;
  headers['content-length'] = body.length;
  return { status: answer.status, headers, body };
}

const [portArg, replayFile] = process.argv.slice(2);
if (portArg === undefined || replayFile === undefined) {
  console.error('usage: raw-server.ts PORT REPLAY_FILE');
  process.exit(2);
}

const answers = new Map<string, Prepared>();
for (const answer of JSON.parse(readFileSync(replayFile, 'utf8')) as ReplayAnswer[]) {
  answers.set(replayKey(answer.acceptEncoding, answer.path), prepare(answer));
}
const notFound: OutgoingHttpHeaders = { 'content-length': 0 };

const server = createServer((request, response) => {
  const answer = answers.get(replayKey(request.headers['accept-encoding'], request.url ?? ''));
  if (answer === undefined) {
    response.writeHead(404, notFound);
    response.end();
  } else {
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  }
});
server.listen(Number(portArg), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
