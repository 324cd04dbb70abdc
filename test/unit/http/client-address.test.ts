import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientKey, clientsOf } from '../../../src/http/client-address.js';

const request = (remoteAddress: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

const of = (message: IncomingMessage, trustProxy: readonly string[], ipv6ClientPrefix = 56) =>
  clientsOf({ trustProxy, ipv6ClientPrefix })(message);

const PROXY = ['10.0.0.1'];

describe('the client of a request', () => {
  it.each([
    // No trusted proxy: the connection's address, whatever the client wrote.
    [request('203.0.113.5', '6.6.6.6'), [], '203.0.113.5'],
    [request('::ffff:203.0.113.5', '6.6.6.6'), [], '203.0.113.5'],
    // A client that reaches the server directly forges nothing, whatever is trusted.
    [request('203.0.113.5', '6.6.6.6'), PROXY, '203.0.113.5'],
    [request('203.0.113.5', '6.6.6.6, 10.0.0.1'), ['10.0.0.0/8'], '203.0.113.5'],
    // One proxy: the entry it appended, not what the client wrote before it.
    [request('10.0.0.1', '6.6.6.6, 198.51.100.7'), PROXY, '198.51.100.7'],
    [request('::ffff:10.0.0.1', '6.6.6.6, 198.51.100.7'), PROXY, '198.51.100.7'],
    // Two proxies, both trusted by range: the entry the outer one appended.
    [request('10.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.2'), ['10.0.0.0/8'], '198.51.100.7'],
    [request('10.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.2'), ['uniquelocal'], '198.51.100.7'],
    // The inner proxy not trusted: the address it connected from, never what it wrote.
    [request('10.0.0.1', '6.6.6.6, 198.51.100.7, 192.0.2.9'), PROXY, '192.0.2.9'],
    // Every entry a trusted proxy: the leftmost.
    [request('127.0.0.1', '10.0.0.3, 10.0.0.2'), ['loopback', 'uniquelocal'], '10.0.0.3'],
    // A trusted proxy that sent no header: the connection's address.
    [request('10.0.0.1'), PROXY, '10.0.0.1'],
    [request('::1', '2001:db8:aa:bb01::1'), ['loopback'], '2001:db8:aa:bb00::/56'],
  ] as const)('%o trusting %o is %s', (message, trusted, key) => {
    expect(of(message, trusted)).toBe(key);
  });

  it.each([
    ['198.51.100.7:5678', '198.51.100.7'],
    ['198.51.100.7:80', '198.51.100.7'],
    ['[2001:db8:1:2::9]:443', '2001:db8:1:0::/56'],
    ['[2001:db8:1:2::9]', '2001:db8:1:0::/56'],
    ['[::ffff:198.51.100.7]:8080', '198.51.100.7'],
  ])('a forwarded %s, port and brackets dropped, is counted as %s', (entry, key) => {
    expect(of(request('10.0.0.1', `6.6.6.6, ${entry}`), PROXY)).toBe(key);
  });

  it.each(['unknown', '_hidden', 'obfuscated:1', '198.51.100', '1', '[::1', '300.1.2.3'])(
    'a forwarded %j is no address: the client is counted as the proxy that wrote it',
    (entry) => {
      // One proxy: the connection's address.
      expect(of(request('10.0.0.1', `6.6.6.6, ${entry}`), PROXY)).toBe('10.0.0.1');
      // Two: the address the inner proxy saw the outer one come from, never the client's own word.
      expect(of(request('10.0.0.1', `6.6.6.6, ${entry}, 10.0.0.2`), ['10.0.0.0/8'])).toBe('10.0.0.2');
    },
  );

  it('every port of one address is one client', () => {
    const keys = new Set(
      Array.from({ length: 50 }, (_, port) =>
        of(request('10.0.0.1', `198.51.100.7:${40_000 + port}`), PROXY),
      ),
    );
    expect([...keys]).toEqual(['198.51.100.7']);
  });
});

describe('the key a client is counted by', () => {
  it.each([
    ['203.0.113.5', 56, '203.0.113.5'],
    ['::ffff:203.0.113.5', 56, '203.0.113.5'],
    ['2001:db8:aa:bbcc:1:2:3:4', 56, '2001:db8:aa:bb00::/56'],
    ['2001:db8:aa:bbff::1', 56, '2001:db8:aa:bb00::/56'],
    ['2001:0db8:00aa:bb00:ffff::1', 56, '2001:db8:aa:bb00::/56'],
    ['2001:db8:aa:bbcc:1:2:3:4', 64, '2001:db8:aa:bbcc::/64'],
    ['2001:db8:aa:bbcc:1:2:3:4', 48, '2001:db8:aa::/48'],
    ['2001:db8:aa:bbcc:1:2:3:4', 60, '2001:db8:aa:bbc0::/60'],
    ['2001:db8:aa:bbcc:1:2:3:4', 128, '2001:db8:aa:bbcc:1:2:3:4/128'],
    ['fe80::1%eth0', 56, 'fe80:0:0:0::/56'],
    ['::1', 56, '0:0:0:0::/56'],
  ])('%s with a /%i prefix is %s', (address, prefix, key) => {
    expect(clientKey(address, prefix)).toBe(key);
  });

  it('a whole /56 is one client, the next /56 another', () => {
    const inside = ['2001:db8:aa:bb00::1', '2001:db8:aa:bbff:ffff:ffff:ffff:ffff', '2001:db8:aa:bb12:3::4'];
    expect(new Set(inside.map((address) => clientKey(address, 56))).size).toBe(1);
    expect(clientKey('2001:db8:aa:bc00::1', 56)).not.toBe(clientKey(inside[0]!, 56));
  });
});
