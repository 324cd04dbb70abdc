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
 * The key a client is counted by (undefined when `text` is no address): an IPv4 address, or an IPv6 address's
 * network of `prefix` bits, since one subscriber is given a whole network (`2001:db8:aa:bb00::/56`).
 */
export function clientKey(text: string, prefix: number): string | undefined {
  const version = isIP(text);
  if (version === 4) return text;
  if (version !== 6) return undefined;
  const address = ipaddr.IPv6.parse(text);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  // Each 16-bit group the prefix covers, with the prefix's bits only.
  const groups = Math.ceil(prefix / 16);
  let network = '';
  for (let i = 0; i < groups; i++) {
    const kept = Math.min(16, prefix - 16 * i);
    network += `${i === 0 ? '' : ':'}${(address.parts[i]! & (0xffff << (16 - kept)) & 0xffff).toString(16)}`;
  }
  return `${network}${groups < 8 ? '::' : ''}/${prefix}`;
}

/**
 * The client of a request: the connection's address or, behind a trusted proxy, the nearest `X-Forwarded-For`
 * entry no trusted proxy wrote; one that is no address counts as the proxy that wrote it (docs/security.md).
 */
export function clientsOf(settings: Pick<ServerSettings, 'trustProxy' | 'ipv6ClientPrefix'>) {
  const { ipv6ClientPrefix: prefix } = settings;
  const trusted = settings.trustProxy.length === 0 ? undefined : proxyAddr.compile([...settings.trustProxy]);
  const ofConnection = new WeakMap<Socket, { key: string; proxy: boolean }>();
  const connection = (socket: Socket) => {
    let known = ofConnection.get(socket);
    if (known === undefined) {
      const address = socket.remoteAddress ?? '';
      known = { key: clientKey(address, prefix) ?? address, proxy: trusted?.(address, 0) ?? false };
      ofConnection.set(socket, known);
    }
    return known;
  };
  return (request: IncomingMessage) => {
    const { key, proxy } = connection(request.socket);
    if (!proxy) return key;
    // The connection's address, then each entry the trusted proxies vouch for, the client's last.
    const chain = proxyAddr.all(request, trusted);
    for (let i = chain.length - 1; i > 0; i--) {
      const forwarded = clientKey(withoutPort(chain[i]!), prefix);
      if (forwarded !== undefined) return forwarded;
    }
    return key;
  };
}
