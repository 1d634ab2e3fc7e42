import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../problem/handlers.js';
import { csrfGuard } from './index.js';

function app() {
  return new Hono()
    .use(csrfGuard({ allowedOrigins: ['https://app.example.com/'] }))
    .get('/data', (c) => c.json({ ok: true }))
    .post('/act', (c) => c.json({ ok: true }))
    .onError(errorHandler(() => {}));
}

const json = { 'Content-Type': 'application/json', 'X-Requested-With': 'splice' };

describe('csrfGuard', () => {
  it('accepts an allowlisted origin, written with or without a trailing slash', async () => {
    const response = await app().request('/act', {
      method: 'POST',
      headers: { ...json, Origin: 'https://app.example.com' },
      body: '{}',
    });
    expect(response.status).toBe(200);
  });

  it('accepts JSON with a charset parameter and refuses look-alike media types', async () => {
    const withCharset = await app().request('/act', {
      method: 'POST',
      headers: { ...json, 'Content-Type': 'application/json; charset=utf-8' },
      body: '{}',
    });
    expect(withCharset.status).toBe(200);
    const lookAlike = await app().request('/act', {
      method: 'POST',
      headers: { ...json, 'Content-Type': 'application/jsonp' },
      body: '{}',
    });
    expect(lookAlike.status).toBe(415);
    expect(lookAlike.headers.get('Accept-Post')).toBe('application/json');
  });

  it('still requires the custom header from a client that sends no Origin', async () => {
    const response = await app().request('/act', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });

  it('lets a same-origin GET through without the custom header, and refuses a same-site one', async () => {
    expect((await app().request('/data', { headers: { 'Sec-Fetch-Site': 'same-origin' } })).status).toBe(200);
    expect((await app().request('/data', { headers: { 'Sec-Fetch-Site': 'same-site' } })).status).toBe(403);
  });

  it('refuses an origin that differs only by scheme or port', async () => {
    for (const origin of ['http://app.example.com', 'https://app.example.com:8443']) {
      const response = await app().request('/act', {
        method: 'POST',
        headers: { ...json, Origin: origin },
        body: '{}',
      });
      expect(response.status).toBe(403);
    }
  });
});
