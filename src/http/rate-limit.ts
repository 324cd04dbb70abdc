import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

const WINDOW_SECONDS = 60;

/** The limit on participant searches: the API's and the web form's count together. */
export interface SearchLimit {
  /** Counts a search of this request's client; resolves with 0 when it may go on, else the seconds to wait. */
  take(request: IncomingMessage): Promise<number>;
}

/**
 * What a client is counted as: an IPv4 address as it is (`::ffff:` mapped ones too), an
 * IPv6 address by its /64 network, since one subscriber is usually given a whole /64.
 */
export function clientKey(address: string): string {
  if (!address.includes(':')) return address; // IPv4: the usual case, without a regular expression
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  // `::` expanded; an embedded IPv4 tail stays one group (only the first four are kept).
  const [head, tail] = address.split('%', 1)[0]!.toLowerCase().split('::') as [string, string?];
  const groups = (text = '') => (text === '' ? [] : text.split(':'));
  const zeros = tail === undefined ? 0 : Math.max(0, 8 - groups(head).length - groups(tail).length);
  const network = [...groups(head), ...Array<string>(zeros).fill('0'), ...groups(tail)].slice(0, 4);
  return `${network.map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * The client's address: the connection's, or behind `hops` trusted reverse proxies the
 * entry of `X-Forwarded-For` that the outermost of them added (each proxy appends the
 * address it was reached from; entries further left are the client's own word). With
 * fewer entries than hops, the leftmost is taken.
 */
export function clientAddress(request: IncomingMessage, hops: number): string {
  const socketAddress = request.socket.remoteAddress ?? '';
  const header = request.headers['x-forwarded-for'];
  if (hops === 0 || header === undefined) return socketAddress;
  // Repeated headers are one list, in order (RFC 9110, 5.3).
  const entries = [header]
    .flat()
    .join(',')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length === 0 ? socketAddress : entries[Math.max(0, entries.length - hops)]!;
}

/**
 * `perMinute` searches per client and minute (a window that starts with the client's
 * first search): all of them at once if the client likes, then refused until the
 * window is over. Counted in this process's memory.
 */
export function createSearchLimit(perMinute: number, trustProxyHops: number): SearchLimit | undefined {
  if (perMinute === 0) return undefined;
  const limiter = new RateLimiterMemory({ points: perMinute, duration: WINDOW_SECONDS });
  return {
    take: (request) =>
      limiter.consume(clientKey(clientAddress(request, trustProxyHops))).then(
        () => 0,
        (refusal: unknown) => {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        },
      ),
  };
}
