import { expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/index.js';
import {
  contact,
  corsOrigin,
  dir3,
  onOff,
  portOrOff,
  publicUrl,
  trustedProxies,
} from '../../../src/config/parsers.js';

it.each(['*', 'null', 'https://tamborrada.example', 'http://localhost:8080', 'https://xn--caf-dma.example'])(
  'CORS_ORIGIN %s is accepted as it is',
  (value) => {
    expect(corsOrigin(value, 'CORS_ORIGIN')).toBe(value);
  },
);

it.each([
  'https://a.example\r\nX: y',
  'https://café.example',
  'https://a.example/',
  'https://A.example',
  'ftp://a.example',
  'a.example',
  '',
  '**',
])('CORS_ORIGIN %j is refused', (value) => {
  expect(() => corsOrigin(value, 'CORS_ORIGIN')).toThrow(ConfigError);
});

it('METRICS_PORT takes a port or off', () => {
  expect(portOrOff('9464', 'METRICS_PORT')).toBe(9464);
  expect(portOrOff('off', 'METRICS_PORT')).toBe('off');
  expect(() => portOrOff('no', 'METRICS_PORT')).toThrow(/a port number from 0 to 65535 or 'off'/);
});

it('WEB_PAGES takes on or off', () => {
  expect(onOff('on', 'WEB_PAGES')).toBe(true);
  expect(onOff('off', 'WEB_PAGES')).toBe(false);
  expect(() => onOff('false', 'WEB_PAGES')).toThrow(/WEB_PAGES must be 'on' or 'off', got 'false'/);
});

it.each([
  ['https://tamborrada.example.org', 'https://tamborrada.example.org'],
  ['https://tamborrada.example.org/', 'https://tamborrada.example.org'],
  ['http://localhost:3000', 'http://localhost:3000'],
])('PUBLIC_URL %s is the origin %s', (value, origin) => {
  expect(publicUrl(value, 'PUBLIC_URL')).toBe(origin);
});

it.each([
  'https://a.example/tamborrada',
  'https://a.example?x=1',
  'ftp://a.example',
  'a.example',
  '',
  'https://café.example',
])('PUBLIC_URL %j is refused, in one line', (value) => {
  expect(() => publicUrl(value, 'PUBLIC_URL')).toThrow(/^PUBLIC_URL must be an http\(s\) origin/);
});

it.each(['privacidad@tamborrada.example.org', 'https://tamborrada.example.org/privacidad'])(
  'PRIVACY_CONTACT %s is taken as it is',
  (value) => {
    expect(contact(value, 'PRIVACY_CONTACT')).toBe(value);
  },
);

it.each([
  'privacidad',
  'a@b',
  'a b@example.org',
  'mailto:a@example.org',
  'javascript:alert(1)',
  '<a@example.org>',
])('PRIVACY_CONTACT %j is refused, in one line', (value) => {
  expect(() => contact(value, 'PRIVACY_CONTACT')).toThrow(
    /^PRIVACY_CONTACT must be an e-mail address or an http\(s\) address/,
  );
});

it.each(['L00000000', 'EA0000000', 'A12345678'])('PUBLISHER_DIR3 %s is taken as it is', (value) => {
  expect(dir3(value, 'PUBLISHER_DIR3')).toBe(value);
});

it.each(['l00000000', 'L0000000', 'L000000000', '100000000', 'L0000 0000', ''])(
  'PUBLISHER_DIR3 %j is refused, in one line',
  (value) => {
    expect(() => dir3(value, 'PUBLISHER_DIR3')).toThrow(
      /^PUBLISHER_DIR3 must be a DIR3 code: a capital letter, then eight capitals or digits, got '[^\n]*'$/,
    );
  },
);

it.each([
  ['loopback', ['loopback']],
  ['10.0.0.7', ['10.0.0.7']],
  ['10.0.0.0/8, fd00::/8 192.0.2.0/255.255.255.0', ['10.0.0.0/8', 'fd00::/8', '192.0.2.0/255.255.255.0']],
  ['loopback,linklocal,uniquelocal', ['loopback', 'linklocal', 'uniquelocal']],
])('TRUST_PROXY %j lists %j', (value, proxies) => {
  expect(trustedProxies(value, 'TRUST_PROXY')).toEqual(proxies);
});

it.each(['1', 'proxy.example.org', '10.0.0.0/33', 'loopback, 10.0.0.256', 'all', ' , '])(
  'TRUST_PROXY %j is refused, in one line',
  (value) => {
    expect(() => trustedProxies(value, 'TRUST_PROXY')).toThrow(ConfigError);
    expect(() => trustedProxies(value, 'TRUST_PROXY')).toThrow(/^TRUST_PROXY must (list|name)[^\n]*$/);
  },
);
