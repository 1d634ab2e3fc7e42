import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUpstream } from './helpers/fake-upstream.js';
import { json, startFakeUpstream } from './helpers/fake-upstream.js';
import { validCreateBody } from './helpers/fixtures.js';
import { problemOf } from './helpers/read.js';
import { startRealService } from './helpers/real-service.js';
import { browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff } from './helpers/start-bff.js';

function create(url: string, user: string, body: unknown, query = '') {
  return fetch(`${url}/integrations/hubspot-sync/installations${query}`, {
    method: 'POST',
    headers: browserHeaders(user, { 'Idempotency-Key': crypto.randomUUID() }),
    body: JSON.stringify(body),
  });
}

function search(url: string, user: string, body: unknown) {
  return fetch(`${url}/integrations/hubspot-sync/search`, {
    method: 'POST',
    headers: browserHeaders(user),
    body: JSON.stringify(body),
  });
}

/** Nothing in a problem may suggest the browser could pick its group or organization. */
function expectNoScopeLeak(text: string) {
  expect(text).not.toMatch(/group|initech|acme|globex|org-demo|orgId/i);
}

describe('upstream problems, told in the browser’s terms (embedded service)', () => {
  let service: Awaited<ReturnType<typeof startRealService>>;
  let bff: RunningBff;

  beforeAll(async () => {
    service = await startRealService();
    bff = await startBff(service);
  });
  afterAll(async () => {
    await bff.close();
    await service.stop();
  });

  it('passes a failed sample read through as 422 with issues named as the browser sent them', async () => {
    const body = {
      config: {
        content: {
          provider: 'hubspot',
          read: {
            objects: {
              contacts: { objectName: 'contacts', selectedFields: { email: true, shoeSize: true } },
            },
          },
        },
      },
    };
    const response = await create(bff.url, 'alice', body);
    expect(response.status).toBe(422);
    const problem = await problemOf(response);
    expect(problem.type).toBe('urn:problem-type:sample-read-failed');
    expect(problem.issues).toEqual([
      expect.objectContaining({
        in: 'body',
        name: 'config.content.read.objects.contacts.selectedFields.shoeSize',
      }),
    ]);
  });

  it('tells a group without a connection to connect first, without naming the group', async () => {
    const response = await create(bff.url, 'ivan', validCreateBody);
    expect(response.status).toBe(422);
    const text = await response.text();
    const problem = JSON.parse(text);
    expect(problem.type).toBe('urn:problem-type:connection-required');
    expect(problem.detail).toMatch(/connect/i);
    expect(problem.issues).toBeUndefined();
    expectNoScopeLeak(text);
  });

  it('keeps a browser-sent connectionId issue, re-telling a foreign connection in the user’s terms', async () => {
    const response = await create(bff.url, 'alice', {
      ...validCreateBody,
      connectionId: 'conn-globex-salesforce',
    });
    expect(response.status).toBe(422);
    const text = await response.text();
    expect(JSON.parse(text).issues).toEqual([expect.objectContaining({ in: 'body', name: 'connectionId' })]);
    // The browser's own value comes back (it names another customer's connection); nothing else may.
    expectNoScopeLeak(text.replaceAll('conn-globex-salesforce', ''));
  });

  it('answers a second installation with 409, without naming the group', async () => {
    expect((await create(bff.url, 'alice', validCreateBody)).status).toBe(201);
    const response = await create(bff.url, 'alice', validCreateBody);
    expect(response.status).toBe(409);
    const text = await response.text();
    expect(JSON.parse(text).type).toBe('urn:problem-type:installation-exists');
    expectNoScopeLeak(text);
  });

  it('answers search without an installation with 404 and a hint to install', async () => {
    const response = await search(bff.url, 'bob', { objectName: 'contacts', fieldFilters: [] });
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(JSON.parse(text).detail).toMatch(/install/i);
    expectNoScopeLeak(text);
  });

  it('passes an unknown search field through as 422 at its browser path', async () => {
    const response = await search(bff.url, 'alice', {
      objectName: 'contacts',
      fieldFilters: [
        { fieldName: 'email', operator: 'eq', value: 'x' },
        { fieldName: 'shoeSize', operator: 'eq', value: 44 },
      ],
    });
    expect(response.status).toBe(422);
    expect((await problemOf(response)).issues).toEqual([
      expect.objectContaining({ in: 'body', name: 'fieldFilters[1].fieldName' }),
    ]);
  });

  it('answers a second invite for the same address with 409', async () => {
    const invite = () =>
      fetch(`${bff.url}/invites`, {
        method: 'POST',
        headers: browserHeaders('alice'),
        body: JSON.stringify({ email: 'twice@example.com' }),
      });
    expect((await invite()).status).toBe(201);
    const again = await invite();
    expect(again.status).toBe(409);
    expect((await problemOf(again)).type).toBe('urn:problem-type:invite-exists');
  });

  it('tells a session whose organization the service does not know that the account is not ready', async () => {
    const orphan = await startBff(service, {
      resolveSession: () => ({ groupRef: 'acme', orgId: 'org-unknown', consumerRef: 'alice' }),
    });
    const response = await fetch(`${orphan.url}/invites`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: JSON.stringify({ email: 'someone@example.com' }),
    });
    expect(response.status).toBe(422);
    const text = await response.text();
    expect(JSON.parse(text).type).toBe('urn:problem-type:account-not-ready');
    expect(text).not.toContain('org-unknown');
    await orphan.close();
  });
});

describe('upstream problems the browser cannot fix (fault-injecting upstream)', () => {
  let upstream: FakeUpstream;
  let bff: RunningBff;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    bff = await startBff(upstream);
  });
  afterAll(async () => {
    await bff.close();
    await upstream.close();
  });

  const problemType = 'application/problem+json';

  it('turns a 400 about the session’s groupRef into "account not ready", without the groupRef issue', async () => {
    upstream.handle((_req, res) =>
      json(
        res,
        400,
        {
          type: 'urn:problem-type:validation',
          title: 'Bad Request',
          status: 400,
          detail: 'groupRef "acme" is malformed',
          issues: [{ type: 'x', detail: 'bad', in: 'query', name: 'groupRef', value: 'acme' }],
        },
        problemType,
      ),
    );
    const response = await search(bff.url, 'alice', { objectName: 'contacts', fieldFilters: [] });
    expect(response.status).toBe(422);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ type: 'urn:problem-type:account-not-ready', retryable: false });
    expectNoScopeLeak(text);
  });

  it('keeps only the interface’s problem fields: no upstream instance, href, context or remedy', async () => {
    upstream.handle((_req, res) =>
      json(
        res,
        422,
        {
          type: 'urn:problem-type:object-not-searchable',
          title: 'Object is not searchable',
          status: 422,
          detail: 'Object "contacts" is disabled in this installation.',
          instance: 'urn:uuid:upstream-instance',
          href: 'https://internal.example/docs',
          context: { host: 'internal.example' },
          remedy: 'Ask support at internal.example',
          issues: [{ type: 'x', detail: 'disabled', in: 'body', name: 'objectName', value: 'contacts' }],
        },
        problemType,
      ),
    );
    const response = await search(bff.url, 'alice', { objectName: 'contacts', fieldFilters: [] });
    expect(response.status).toBe(422);
    const text = await response.text();
    expect(text).not.toContain('internal.example');
    expect(text).not.toContain('upstream-instance');
    const problem = JSON.parse(text);
    expect(problem.detail).toBe('Object "contacts" is disabled in this installation.');
    expect(problem.issues).toEqual([expect.objectContaining({ name: 'objectName', in: 'body' })]);
    expect(problem.instance).toBe(`urn:uuid:${response.headers.get('x-request-id')}`);
  });

  it('answers a project the service does not know with 502: an administrator must fix it', async () => {
    upstream.handle((_req, res) =>
      json(
        res,
        404,
        { type: 'urn:problem-type:project-not-found', title: 'Project not found', status: 404 },
        problemType,
      ),
    );
    const response = await search(bff.url, 'alice', { objectName: 'contacts', fieldFilters: [] });
    expect(response.status).toBe(502);
    expect(await problemOf(response)).toMatchObject({
      type: 'urn:problem-type:upstream-misconfigured',
      retryable: false,
    });
  });

  it('answers upstream 401 with 502, never 401: the browser’s own session is fine', async () => {
    upstream.handle((_req, res) =>
      json(
        res,
        401,
        { type: 'urn:problem-type:unauthorized', title: 'Unauthorized', status: 401 },
        problemType,
      ),
    );
    const response = await search(bff.url, 'alice', { objectName: 'contacts', fieldFilters: [] });
    expect(response.status).toBe(502);
    expect((await problemOf(response)).type).toBe('urn:problem-type:upstream-misconfigured');
  });

  it('answers upstream 429 with 503 and Retry-After', async () => {
    upstream.handle((_req, res) => {
      res.writeHead(429, { 'Retry-After': '7', 'Content-Type': problemType });
      res.end(JSON.stringify({ type: 'about:blank', title: 'Too Many Requests', status: 429 }));
    });
    const response = await search(bff.url, 'alice', { objectName: 'contacts', fieldFilters: [] });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('7');
    expect((await problemOf(response)).retryable).toBe(true);
  });

  it('accepts the hosted service’s `result` without ids and normalises it', async () => {
    upstream.handle((_req, res) =>
      json(res, 200, {
        result: [
          { fields: { email: 'a@example.com' }, mappedFields: {}, raw: { Id: '003A' } },
          { fields: { email: 'b@example.com' }, raw: {} },
        ],
      }),
    );
    const response = await search(bff.url, 'alice', { objectName: 'contacts', fieldFilters: [] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      results: [
        { id: '003A', fields: { email: 'a@example.com' }, mappedFields: {}, raw: { Id: '003A' } },
        { id: null, fields: { email: 'b@example.com' }, mappedFields: {}, raw: {} },
      ],
    });
  });
});
