import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUpstream } from './helpers/fake-upstream.js';
import { json, startFakeUpstream } from './helpers/fake-upstream.js';
import { contactsMetadata, installation, integration, invite, validCreateBody } from './helpers/fixtures.js';
import { browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff, testApiKey, testAuthToken } from './helpers/start-bff.js';

let upstream: FakeUpstream;
let bff: RunningBff;

/** Answers like the hosted service, connections carrying credentials. */
function hostedLike() {
  upstream.handle((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method === 'POST' && path.endsWith('/installations')) return json(res, 201, installation);
    if (req.method === 'POST' && path.endsWith('/invites')) return json(res, 201, invite);
    if (req.method === 'POST' && path.startsWith('/search/')) return json(res, 200, { results: [] });
    if (path.endsWith('/installations')) return json(res, 200, [installation]);
    if (path.endsWith('/connections')) return json(res, 200, [installation.connection]);
    if (path.endsWith('/metadata'))
      return json(res, 200, { ...contactsMetadata, name: path.split('/').at(-2) });
    return json(res, 200, integration);
  });
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
  bff = await startBff(upstream);
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});

const secretPattern = /SECRET|token|secret|apiKey|credentials/;

describe('credentials stay on the server', () => {
  it('sends the API key on create and search, the bearer token on invites, and nothing of the browser’s', async () => {
    hostedLike();
    const before = upstream.requests.length;
    const browser = { Authorization: 'Bearer browser-token', 'X-Api-Key': 'browser-key' };
    await fetch(`${bff.url}/integrations/crm-sync/installations`, {
      method: 'POST',
      headers: browserHeaders('alice', { ...browser, 'Idempotency-Key': 'cred-1' }),
      body: JSON.stringify(validCreateBody),
    });
    await fetch(`${bff.url}/integrations/crm-sync/search`, {
      method: 'POST',
      headers: browserHeaders('alice', browser),
      body: JSON.stringify({ objectName: 'contacts', fieldFilters: [] }),
    });
    await fetch(`${bff.url}/invites`, {
      method: 'POST',
      headers: browserHeaders('alice', browser),
      body: JSON.stringify({ email: 'a@example.com' }),
    });
    const [create, search, inviteCall] = upstream.requests.slice(before);
    expect(create?.headers['x-api-key']).toBe(testApiKey);
    expect(create?.headers.authorization).toBeUndefined();
    expect(search?.headers['x-api-key']).toBe(testApiKey);
    expect(search?.headers['x-svc-request-type']).toBe('search');
    expect(search?.url).toBe('/search/v1/projects/demo/integrations/crm-sync?groupRef=acme');
    expect(inviteCall?.headers.authorization).toBe(`Bearer ${testAuthToken}`);
    expect(inviteCall?.headers['x-api-key']).toBeUndefined();
    expect(inviteCall?.url).toBe('/v1/orgs/org-demo/invites');
    for (const call of [create, search, inviteCall]) {
      expect(call?.headers.cookie).toBeUndefined();
      expect(call?.headers.origin).toBeUndefined();
      expect(JSON.stringify(call?.headers)).not.toContain('browser-');
    }
  });

  it('strips a connection’s credential fields from a created installation', async () => {
    hostedLike();
    const response = await fetch(`${bff.url}/integrations/crm-sync/installations`, {
      method: 'POST',
      headers: browserHeaders('alice', { 'Idempotency-Key': 'cred-2' }),
      body: JSON.stringify(validCreateBody),
    });
    expect(response.status).toBe(201);
    const text = await response.text();
    expect(text).not.toMatch(secretPattern);
    expect(JSON.parse(text).connection).toMatchObject({ id: 'conn-acme', status: 'working' });
  });

  it('strips credential fields from the wizard’s installation and connection', async () => {
    hostedLike();
    const response = await fetch(`${bff.url}/integrations/crm-sync`, { headers: browserHeaders('alice') });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(secretPattern);
    const wizard = JSON.parse(text);
    expect(wizard.connection.consumer).toEqual({ consumerRef: 'acme-admin' });
    expect(wizard.installation.id).toBe('inst-1');
  });
});

describe('logs', () => {
  it('redact keys, tokens and query strings, even from upstream error messages', async () => {
    // The upstream answers with a body echoing what it was sent: secrets, the group, the e-mail.
    upstream.handle((req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(`failed ${req.url} key=${req.headers['x-api-key']} auth=${req.headers.authorization}`);
    });
    bff.logs.length = 0;
    await fetch(`${bff.url}/integrations/crm-sync/search?`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: JSON.stringify({ objectName: 'contacts', fieldFilters: [] }),
    });
    await fetch(`${bff.url}/invites`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: JSON.stringify({ email: 'private.person@example.com' }),
    });
    await fetch(`${bff.url}/integrations/crm-sync?token=${testAuthToken}`, {
      headers: browserHeaders('alice'),
    });
    expect(bff.logs.some((entry) => entry.msg === 'upstream')).toBe(true);
    expect(bff.logs.some((entry) => entry.msg === 'request')).toBe(true);
    const text = JSON.stringify(bff.logs);
    expect(text).not.toContain(testApiKey);
    expect(text).not.toContain(testAuthToken);
    expect(text).not.toContain('groupRef=acme');
    expect(text).not.toContain('private.person');
    expect(text).not.toContain('browser-token');
  });

  it('redacts secrets a throwing session resolver puts in its error', async () => {
    const leaky = await startBff(upstream, {
      resolveSession: () => {
        throw new Error(`session store refused key ${testApiKey} at https://store.example/lookup?sid=abc`);
      },
    });
    const response = await fetch(`${leaky.url}/integrations/crm-sync`, { headers: browserHeaders('alice') });
    expect(response.status).toBe(500);
    const problem = await response.text();
    expect(problem).not.toContain(testApiKey);
    expect(problem).not.toContain('store.example');
    const text = JSON.stringify(leaky.logs);
    expect(text).toContain('session store refused key [redacted]');
    expect(text).not.toContain('sid=abc');
    await leaky.close();
  });
});

describe('a browser that goes away', () => {
  it('is logged as a cancelled request (499, info), not as a service fault, and the upstream call stops', async () => {
    // The service never answers: only the browser's own abort can end the call.
    upstream.handle(() => {});
    const before = bff.logs.length;
    const abortedBefore = upstream.aborted.length;
    const browser = new AbortController();
    const pending = fetch(`${bff.url}/integrations/crm-sync/search`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: JSON.stringify({ objectName: 'contacts', fieldFilters: [] }),
      signal: browser.signal,
    }).catch(() => 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 200));
    browser.abort();
    expect(await pending).toBe('aborted');
    await expect
      .poll(() => bff.logs.slice(before).some((e) => e.msg === 'request'), { timeout: 5_000 })
      .toBe(true);
    const entries = bff.logs.slice(before);
    expect(entries.find((e) => e.msg === 'request')).toMatchObject({ status: 499, level: 'info' });
    expect(entries.filter((e) => e.level === 'warn' || e.level === 'error')).toEqual([]);
    await expect.poll(() => upstream.aborted.length, { timeout: 5_000 }).toBeGreaterThan(abortedBefore);
  });
});
