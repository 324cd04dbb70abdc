import type { IncomingMessage } from 'node:http';
import { expect, it } from 'vitest';
import { clientAddress, clientKey } from '../../../src/http/rate-limit.js';

const request = (remoteAddress: string, forwardedFor?: string | string[]) =>
  ({
    socket: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

it.each([
  // No trusted proxy: the connection's address, whatever the client wrote.
  [request('203.0.113.5', '6.6.6.6'), 0, '203.0.113.5'],
  // One proxy: the entry it appended, not what the client wrote before it.
  [request('10.0.0.1', '6.6.6.6, 198.51.100.7'), 1, '198.51.100.7'],
  // Two proxies: the entry the outer one appended.
  [request('10.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.2'), 2, '198.51.100.7'],
  // Repeated headers are one list.
  [request('10.0.0.1', ['6.6.6.6', '198.51.100.7']), 1, '198.51.100.7'],
  // Fewer entries than trusted hops: the leftmost.
  [request('10.0.0.1', '198.51.100.7'), 3, '198.51.100.7'],
  // A trusted proxy that sent no header: the connection's address.
  [request('10.0.0.1'), 1, '10.0.0.1'],
])('the client address of %o with %i trusted hops is %s', (message, hops, address) => {
  expect(clientAddress(message, hops)).toBe(address);
});

it.each([
  ['203.0.113.5', '203.0.113.5'],
  ['::ffff:203.0.113.5', '203.0.113.5'],
  ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
  ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
  ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
  ['::1', '0:0:0:0::/64'],
])('%s is counted as %s', (address, key) => {
  expect(clientKey(address)).toBe(key);
});
