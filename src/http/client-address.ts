import type { IncomingMessage } from 'node:http';
import { isIP, type Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import proxyAddr from 'proxy-addr';
import type { ServerSettings } from '../config/index.js';

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
 * (`2001:db8:aa:bb00::/56`, each group it covers written out), since one subscriber is
 * given a whole network of them.
 */
export function clientKey(text: string, prefix: number): string | undefined {
  const version = isIP(text);
  if (version === 4) return text;
  if (version !== 6) return undefined;
  const address = ipaddr.IPv6.parse(text);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  // The 16-bit groups the prefix covers, each with the prefix's bits only: `2001:db8:aa:bb00::/56`.
  const groups = Math.ceil(prefix / 16);
  let network = '';
  for (let i = 0; i < groups; i++) {
    const kept = Math.min(16, prefix - 16 * i);
    network += `${i === 0 ? '' : ':'}${(address.parts[i]! & (0xffff << (16 - kept)) & 0xffff).toString(16)}`;
  }
  return `${network}${groups < 8 ? '::' : ''}/${prefix}`;
}

/**
 * The client of a request, as a key (`clientKey`). By default the connection's address,
 * worked out once per connection. Behind `trustProxyHops` proxies, the `X-Forwarded-For`
 * entry that the outermost of them added (each appends the address it was reached from;
 * entries further left are the client's own word), read with `proxy-addr`, its port
 * dropped: with fewer entries than hops, the leftmost. An entry that is not an address is
 * not used: the client is then counted as the proxy that wrote it (the entry to its
 * right, or the connection), so a proxy that writes no usable address makes its clients
 * share one budget.
 */
export function clientsOf(settings: Pick<ServerSettings, 'trustProxyHops' | 'ipv6ClientPrefix'>) {
  const { trustProxyHops: hops, ipv6ClientPrefix: prefix } = settings;
  const ofConnection = new WeakMap<Socket, string>();
  const connectionKey = (socket: Socket) => {
    let key = ofConnection.get(socket);
    if (key === undefined) {
      const address = socket.remoteAddress ?? '';
      ofConnection.set(socket, (key = clientKey(address, prefix) ?? address));
    }
    return key;
  };
  return (request: IncomingMessage) => {
    if (hops === 0) return connectionKey(request.socket);
    const chain = proxyAddr.all(request, (_address, i) => i < hops);
    for (let i = chain.length - 1; i > 0; i--) {
      const key = clientKey(withoutPort(chain[i]!), prefix);
      if (key !== undefined) return key;
    }
    return connectionKey(request.socket);
  };
}
