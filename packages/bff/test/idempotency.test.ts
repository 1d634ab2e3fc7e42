import type { Installation } from '@splice/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUpstream } from './helpers/fake-upstream.js';
import { json, startFakeUpstream } from './helpers/fake-upstream.js';
import { installation, validCreateBody } from './helpers/fixtures.js';
import { problemOf } from './helpers/read.js';
import { startRealService } from './helpers/real-service.js';
import { browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff } from './helpers/start-bff.js';

function create(
  url: string,
  user: string,
  key: string | undefined,
  body: unknown = validCreateBody,
  integration = 'hubspot-sync',
) {
  return fetch(`${url}/integrations/${integration}/installations`, {
    method: 'POST',
    headers: browserHeaders(user, key === undefined ? {} : { 'Idempotency-Key': key }),
    body: JSON.stringify(body),
  });
}

describe('idempotent creates against the embedded service', () => {
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

  it('10 concurrent requests with one key create one installation and all get its 201', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => create(bff.url, 'alice', 'double-click')),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);

    const later = await create(bff.url, 'alice', 'double-click');
    expect(later.status).toBe(201);
    expect(await later.text()).toBe(bodies[0]);
    // Without the key the service itself refuses a second installation: so there was exactly one.
    const plain = await create(bff.url, 'alice', 'another-key');
    expect(plain.status).toBe(409);
  });

  it('scopes keys to the session: another group’s same key runs its own create', async () => {
    const first = (await (await create(bff.url, 'alice', 'double-click')).json()) as Installation;
    // Globex's CRM is Salesforce.
    const globexBody = {
      config: {
        content: {
          provider: 'salesforce',
          read: { objects: { Contact: { objectName: 'Contact', selectedFields: { Email: true } } } },
        },
      },
    };
    const response = await create(bff.url, 'bob', 'double-click', globexBody, 'salesforce-sync');
    expect(response.status).toBe(201);
    const bobs = (await response.json()) as Installation;
    expect(bobs.id).not.toBe(first.id);
    expect(bobs.group?.groupRef).toBe('globex');
    expect(response.headers.get('idempotent-replayed')).toBeNull();
  });

  it('scopes keys to the person: a colleague in the same group does not get alice’s answer', async () => {
    const response = await create(bff.url, 'carol', 'double-click');
    expect(response.headers.get('idempotent-replayed')).toBeNull();
    // A real call was made: the group already has its installation.
    expect(response.status).toBe(409);
  });
});

describe('idempotency, counted at the upstream', () => {
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

  it('sends exactly one create upstream for 10 concurrent same-key requests', async () => {
    upstream.handle((_req, res) => setTimeout(() => json(res, 201, installation), 100));
    const before = upstream.requests.length;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => create(bff.url, 'alice', 'count-me')),
    );
    expect(upstream.requests.length - before).toBe(1);
    expect(new Set(await Promise.all(responses.map((r) => r.text()))).size).toBe(1);
  });

  it('refuses the same key with a different body with 422, and sends nothing', async () => {
    upstream.handle((_req, res) => json(res, 201, installation));
    expect((await create(bff.url, 'alice', 'changed-body')).status).toBe(201);
    const before = upstream.requests.length;
    const changed = { config: { ...validCreateBody.config, content: { provider: 'hubspot' } } };
    const response = await create(bff.url, 'alice', 'changed-body', changed);
    expect(response.status).toBe(422);
    expect((await problemOf(response)).type).toBe('urn:problem-type:idempotency-key-reused');
    expect(upstream.requests.length).toBe(before);
  });

  it('treats the same body in another key order as the same request', async () => {
    upstream.handle((_req, res) => json(res, 201, installation));
    expect(
      (await create(bff.url, 'alice', 'key-order', { connectionId: 'c1', config: validCreateBody.config }))
        .status,
    ).toBe(201);
    const reordered = await create(bff.url, 'alice', 'key-order', {
      config: validCreateBody.config,
      connectionId: 'c1',
    });
    expect(reordered.status).toBe(201);
    expect(reordered.headers.get('idempotent-replayed')).toBe('true');
  });

  it('requires the key on create: 400 naming the header, nothing sent', async () => {
    const before = upstream.requests.length;
    const response = await create(bff.url, 'alice', undefined);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).issues).toEqual([
      expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
    ]);
    expect(upstream.requests.length).toBe(before);
  });

  it('replays a decided refusal (4xx) but lets a retry after a fault (5xx) really run', async () => {
    upstream.handle((_req, res) =>
      json(
        res,
        409,
        { type: 'urn:problem-type:installation-exists', title: 'Exists', status: 409 },
        'application/problem+json',
      ),
    );
    expect((await create(bff.url, 'alice', 'refused-once')).status).toBe(409);
    upstream.handle((_req, res) => json(res, 201, installation));
    expect((await create(bff.url, 'alice', 'refused-once')).status).toBe(409);

    upstream.handle((_req, res) => json(res, 500, {}));
    expect((await create(bff.url, 'alice', 'failed-once')).status).toBe(502);
    upstream.handle((_req, res) => json(res, 201, installation));
    const retry = await create(bff.url, 'alice', 'failed-once');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });
});
