import { describe, expect, it } from 'vitest';
import { ProxyPathError, proxyTarget, redirectWithinProvider } from './proxy-target.js';

describe('proxyTarget', () => {
  it("puts the provider path and query under the base URL's own path", () => {
    expect(proxyTarget('https://api.example.com', '/crm/v3/objects?limit=1').href).toBe(
      'https://api.example.com/crm/v3/objects?limit=1',
    );
    expect(proxyTarget('https://na1.example.com/api/', '/a/b').href).toBe('https://na1.example.com/api/a/b');
  });

  it.each(['//evil.example/x', '/@evil.example', '/https://evil.example/x'])(
    'keeps %s on the provider origin',
    (path) => {
      expect(proxyTarget('https://api.example.com', path).origin).toBe('https://api.example.com');
    },
  );

  it.each([
    'crm/v3',
    '/../x',
    '/a/%2e%2e/x',
    '/a/%2E/x',
    '/a/.',
    '/a\\b',
    '/a%5cb',
    '/a%0d%0aHost:%20evil',
    '/a\u0000b',
  ])('refuses %j', (path) => {
    expect(() => proxyTarget('https://api.example.com/base', path)).toThrow(ProxyPathError);
  });
});

describe('redirectWithinProvider', () => {
  const from = new URL('https://api.example.com/base/a');
  it('answers a redirect on the API as a path under it', () => {
    expect(redirectWithinProvider('https://api.example.com/base', '/base/b?x=1', from)).toBe('/b?x=1');
    expect(redirectWithinProvider('https://api.example.com/base', 'c', from)).toBe('/c');
  });
  it.each([
    'https://evil.example/base/b',
    '//evil.example/base/b',
    'http://api.example.com/base/b',
    'https://api.example.com:8443/base/b',
    '/other/b',
  ])('refuses %s', (location) => {
    expect(redirectWithinProvider('https://api.example.com/base', location, from)).toBeUndefined();
  });
});
