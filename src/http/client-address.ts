import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import proxyAddr from 'proxy-addr';

/** How the search budgets tell clients apart (docs/security.md). */
export interface ClientKeySettings {
  /** Reverse proxies in front of the server whose `X-Forwarded-For` entries are trusted. */
  trustProxyHops: number;
  /** IPv6 clients are counted by this prefix. */
  ipv6ClientPrefix: number;
}

/** `1.2.3.4:5678` → `1.2.3.4`, `[2001:db8::1]:443` and `[2001:db8::1]` → `2001:db8::1`; anything else as it is. */
function withoutPort(entry: string): string {
  if (entry.startsWith('[')) {
    const end = entry.indexOf(']');
    return end < 0 ? entry : entry.slice(1, end);
  }
  const colon = entry.indexOf(':');
  return colon > 0 && colon === entry.lastIndexOf(':') ? entry.slice(0, colon) : entry;
}

/**
 * The key a client is counted by, or undefined when `text` is not an address (`unknown`,
 * any other word, an IPv4 address written other than as four decimal numbers): an IPv4
 * address (`::ffff:` mapped ones too), or an IPv6 address's network of `prefix` bits
 * (`2001:db8:aa:bb00::/56`), since one subscriber is given a whole network of them.
 */
export function clientKey(text: string, prefix: number): string | undefined {
  const version = isIP(text);
  if (version === 4) return text;
  if (version !== 6) return undefined;
  const address = ipaddr.process(text);
  if (address.kind() === 'ipv4') return address.toString();
  const bytes = address.toByteArray();
  for (let bit = prefix; bit < 128; bit++) bytes[bit >> 3]! &= ~(0x80 >> (bit & 7));
  return `${ipaddr.fromByteArray(bytes).toString()}/${prefix}`;
}

/**
 * The client of a request, as a key (`clientKey`). By default the connection's address.
 * Behind `trustProxyHops` proxies, the `X-Forwarded-For` entry that the outermost of them
 * added (each appends the address it was reached from; entries further left are the
 * client's own word), read with `proxy-addr`, its port dropped: with fewer entries than
 * hops, the leftmost. An entry that is not an address is not used: the client is then
 * counted as the proxy that wrote it (the entry to its right, or the connection), so a
 * proxy that writes no usable address makes its clients share one budget.
 */
export function clientOf(request: IncomingMessage, settings: ClientKeySettings): string {
  const { trustProxyHops: hops, ipv6ClientPrefix: prefix } = settings;
  const socket = request.socket.remoteAddress ?? '';
  // The usual case, without a parse: a connection's IPv4 address is written as four numbers.
  if (hops === 0 && !socket.includes(':')) return socket;
  const chain = hops === 0 ? [socket] : proxyAddr.all(request, (_address, i) => i < hops);
  for (let i = chain.length - 1; i > 0; i--) {
    const key = clientKey(withoutPort(chain[i]!), prefix);
    if (key !== undefined) return key;
  }
  return clientKey(socket, prefix) ?? socket;
}
