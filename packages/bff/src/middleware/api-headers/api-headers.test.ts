import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { apiHeaders } from './index.js';

describe('apiHeaders', () => {
  it('marks answers no-store, allows no content, and removes X-Powered-By even if a handler set it', async () => {
    const app = new Hono().use(apiHeaders()).get('/', (c) => {
      c.header('X-Powered-By', 'SomeFramework');
      return c.json({ ok: true });
    });
    const response = await app.request('/');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(response.headers.get('X-Powered-By')).toBeNull();
  });
});
