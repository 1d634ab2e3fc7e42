import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUpstream } from './helpers/fake-upstream.js';
import { json, startFakeUpstream } from './helpers/fake-upstream.js';
import { installation, validCreateBody } from './helpers/fixtures.js';
import { problemOf } from './helpers/read.js';
import { browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff } from './helpers/start-bff.js';

let upstream: FakeUpstream;
let bff: RunningBff;

beforeAll(async () => {
  upstream = await startFakeUpstream((_req, res) => json(res, 201, installation));
  bff = await startBff(upstream);
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});

function create(user: string, body: unknown, path = '/integrations/crm-sync/installations', extra = {}) {
  return fetch(`${bff.url}${path}`, {
    method: 'POST',
    headers: browserHeaders(user, { 'Idempotency-Key': crypto.randomUUID(), ...extra }),
    body: JSON.stringify(body),
  });
}

describe('session binding', () => {
  it('answers 401 without a signed-in session, and calls nothing upstream', async () => {
    const before = upstream.requests.length;
    const response = await fetch(`${bff.url}/integrations/crm-sync`, {
      headers: { Origin: 'http://app.test' },
    });
    expect(response.status).toBe(401);
    expect(await problemOf(response)).toMatchObject({
      type: 'urn:problem-type:unauthenticated',
      status: 401,
    });
    expect(upstream.requests.length).toBe(before);
  });

  it('refuses a groupRef in the body with 400, and calls nothing upstream', async () => {
    const before = upstream.requests.length;
    const response = await create('alice', { ...validCreateBody, groupRef: 'globex' });
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.type).toBe('urn:problem-type:session-bound-parameter');
    expect(problem.issues).toEqual([expect.objectContaining({ in: 'body', name: 'groupRef' })]);
    expect(upstream.requests.length).toBe(before);
  });

  it('refuses an orgId in an invite body', async () => {
    const response = await fetch(`${bff.url}/invites`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: JSON.stringify({ email: 'a@example.com', orgId: 'someone-elses-org' }),
    });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).issues).toEqual([
      expect.objectContaining({ in: 'body', name: 'orgId' }),
    ]);
  });

  it('refuses a groupRef in the query, however it is spelt', async () => {
    for (const name of ['groupRef', 'group_ref', 'GROUPREF']) {
      const response = await create(
        'alice',
        validCreateBody,
        `/integrations/crm-sync/installations?${name}=globex`,
      );
      expect(response.status).toBe(400);
      expect((await problemOf(response)).issues).toEqual([expect.objectContaining({ in: 'query', name })]);
    }
  });

  it('refuses a group or organization header', async () => {
    for (const name of ['X-Group-Ref', 'X-Org-Id', 'groupRef']) {
      const response = await fetch(`${bff.url}/integrations/crm-sync/search`, {
        method: 'POST',
        headers: browserHeaders('alice', { [name]: 'globex' }),
        body: JSON.stringify({ objectName: 'contacts', fieldFilters: [] }),
      });
      expect(response.status).toBe(400);
      expect((await problemOf(response)).issues).toEqual([
        expect.objectContaining({ in: 'header', name: name.toLowerCase() }),
      ]);
    }
  });

  it('refuses unknown keys with one issue per key, at their full path', async () => {
    const response = await create('alice', {
      connectionId: 'conn-acme',
      extra: 1,
      config: { ...validCreateBody.config, content: { ...validCreateBody.config.content, surprise: true } },
    });
    expect(response.status).toBe(400);
    const names = ((await problemOf(response)).issues ?? []).map((issue) => issue.name).sort();
    expect(names).toEqual(['config.content.surprise', 'extra']);
  });

  it('refuses an unknown query parameter on a route that takes none', async () => {
    const response = await fetch(`${bff.url}/integrations/crm-sync/search?debug=1`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: JSON.stringify({ objectName: 'contacts', fieldFilters: [] }),
    });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).issues).toEqual([
      expect.objectContaining({ in: 'query', name: 'debug' }),
    ]);
  });

  it('builds the upstream call from the session and an allowlist of the body', async () => {
    const before = upstream.requests.length;
    const response = await create('alice', { connectionId: 'conn-acme', config: validCreateBody.config });
    expect(response.status).toBe(201);
    const sent = upstream.requests[before]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/v1/projects/demo/integrations/crm-sync/installations?skipSampling=false');
    // The hosted service requires both selection maps on a read object: the BFF sends empty ones.
    expect(JSON.parse(sent.body)).toEqual({
      groupRef: 'acme',
      connectionId: 'conn-acme',
      config: {
        content: {
          provider: 'hubspot',
          read: {
            objects: {
              contacts: {
                objectName: 'contacts',
                selectedFields: { email: true },
                selectedFieldMappings: {},
              },
            },
          },
        },
        createdBy: 'consumer:alice',
      },
    });
  });

  it('accepts the user’s own createdBy but no one else’s', async () => {
    const own = await create('alice', { config: { ...validCreateBody.config, createdBy: 'consumer:alice' } });
    expect(own.status).toBe(201);
    const other = await create('alice', {
      config: { ...validCreateBody.config, createdBy: 'builder:acme-admin' },
    });
    expect(other.status).toBe(400);
    expect((await problemOf(other)).issues).toEqual([
      expect.objectContaining({ name: 'config.createdBy', in: 'body' }),
    ]);
  });

  it('keeps path parameters inside the upstream path', async () => {
    const before = upstream.requests.length;
    for (const id of ['..', '.hidden', 'a/b', 'x%2F..%2Fy']) {
      const response = await fetch(`${bff.url}/integrations/${id}`, { headers: browserHeaders('alice') });
      expect([400, 404]).toContain(response.status);
    }
    expect(upstream.requests.length).toBe(before);
  });
});
