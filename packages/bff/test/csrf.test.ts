import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUpstream } from './helpers/fake-upstream.js';
import { json, startFakeUpstream } from './helpers/fake-upstream.js';
import { invite } from './helpers/fixtures.js';
import { problemOf } from './helpers/read.js';
import { browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff } from './helpers/start-bff.js';

let upstream: FakeUpstream;
let bff: RunningBff;

beforeAll(async () => {
  upstream = await startFakeUpstream((_req, res) => json(res, 201, invite));
  bff = await startBff(upstream);
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});

const body = JSON.stringify({ email: 'new@example.com' });

describe('CSRF defences', () => {
  it('lets a same-origin JSON request with the custom header through', async () => {
    const response = await fetch(`${bff.url}/invites`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body,
    });
    expect(response.status).toBe(201);
  });

  it('refuses a body that is not JSON with 415, before anything reaches upstream', async () => {
    const before = upstream.requests.length;
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await fetch(`${bff.url}/invites`, {
        method: 'POST',
        headers: browserHeaders('alice', { 'Content-Type': contentType }),
        body,
      });
      expect(response.status).toBe(415);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    }
    expect(upstream.requests.length).toBe(before);
  });

  it('refuses an unsafe request without X-Requested-With: splice with 403', async () => {
    const headers = browserHeaders('alice');
    delete headers['X-Requested-With'];
    const missing = await fetch(`${bff.url}/invites`, { method: 'POST', headers, body });
    expect(missing.status).toBe(403);
    expect((await problemOf(missing)).type).toBe('urn:problem-type:missing-csrf-header');
    const wrong = await fetch(`${bff.url}/invites`, {
      method: 'POST',
      headers: browserHeaders('alice', { 'X-Requested-With': 'XMLHttpRequest' }),
      body,
    });
    expect(wrong.status).toBe(403);
  });

  it('refuses an origin outside the allowlist with 403, even with the header and a valid cookie', async () => {
    const response = await fetch(`${bff.url}/invites`, {
      method: 'POST',
      headers: browserHeaders('alice', { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }),
      body,
    });
    expect(response.status).toBe(403);
    expect((await problemOf(response)).type).toBe('urn:problem-type:forbidden-origin');
  });

  it('refuses the opaque origin "null" (sandboxed frames, data: URLs)', async () => {
    const response = await fetch(`${bff.url}/invites`, {
      method: 'POST',
      headers: browserHeaders('alice', { Origin: 'null' }),
      body,
    });
    expect(response.status).toBe(403);
  });

  it('refuses a cross-site GET by its fetch metadata (no Origin on GET)', async () => {
    const headers = browserHeaders('alice', { 'Sec-Fetch-Site': 'cross-site' });
    delete headers.Origin;
    const response = await fetch(`${bff.url}/integrations/crm-sync`, { headers });
    expect(response.status).toBe(403);
  });

  it('serves the OpenAPI document to anyone: it is public and holds no data', async () => {
    const response = await fetch(`${bff.url}/openapi.json`);
    expect(response.status).toBe(200);
  });
});
