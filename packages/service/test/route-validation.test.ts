/**
 * The answers of the routes whose input is not a plain JSON body: pause and resume (an optional body, the
 * installation in a `:target` segment), the operations and status reads (a query), oauth-connect (the
 * project named in the body) and oauth-update (an optional body). Each refusal is pinned whole (status and
 * problem object, what differs per request left out), and so is the order: an unknown address is a 404 whatever the
 * body or query holds, a bad body or query is a 400 only on a known address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json, TestService } from './harness.js';
import {
  apiKeyHeaders,
  createInstallationUrl,
  demoConnectionIds,
  postJson,
  startTestService,
} from './harness.js';

let service: TestService;
let installationId: string;

beforeAll(async () => {
  service = await startTestService();
  const created = await postJson(
    `${createInstallationUrl(service)}?skipSampling=true`,
    apiKeyHeaders(service),
    {
      groupRef: 'acme',
      config: {
        content: {
          provider: 'hubspot',
          read: {
            objects: { contacts: { objectName: 'contacts', backfill: { defaultPeriod: { days: 0 } } } },
          },
        },
      },
    },
  );
  expect(created.status).toBe(201);
  installationId = created.body.id;
});
afterAll(async () => {
  await service.dispose();
});

interface Sent {
  status: number;
  body: Json;
}

/** Sends a request and returns its status and body (JSON, or text), what differs per request left out. */
async function send(url: string, init: RequestInit & { anonymous?: true } = {}): Promise<Sent> {
  const { anonymous, headers, ...rest } = init;
  const response = await fetch(url, {
    ...rest,
    headers: { ...(anonymous ? {} : { 'x-api-key': service.apiKey }), ...(headers as object) },
  });
  const text = await response.text();
  let body: Json = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A text answer (oauth-connect's URL) or none.
  }
  // What differs on every request.
  if (body && typeof body === 'object') for (const key of ['requestId', 'instance', 'time']) delete body[key];
  return { status: response.status, body };
}

const json = { 'content-type': 'application/json' };

/** The address of pause or resume under `{read_url}` or `{base_url}`. */
function pauseUrl(
  action: 'pause' | 'unpause',
  { base = 'read', project = 'demo', integration = 'hubspot-sync', installation = installationId } = {},
) {
  const root = base === 'read' ? service.readUrl : service.baseUrl;
  return `${root}/projects/${project}/integrations/${integration}/installations/${installation}:${action}`;
}

describe('pause and resume', () => {
  it('answer 204 without a body, with an empty one, with `{}` and with known objects, under both base URLs', async () => {
    for (const base of ['read', 'base']) {
      for (const action of ['pause', 'unpause'] as const) {
        const url = pauseUrl(action, { base });
        expect((await send(url, { method: 'POST' })).status).toBe(204);
        expect((await send(url, { method: 'POST', headers: json })).status).toBe(204);
        expect((await send(url, { method: 'POST', headers: json, body: '{}' })).status).toBe(204);
        expect(
          (await send(url, { method: 'POST', headers: json, body: '{"objects":["contacts"],"note":"n"}' }))
            .status,
        ).toBe(204);
      }
    }
    // A chunked body (no Content-Length) is read too.
    const chunked = await send(pauseUrl('pause'), {
      method: 'POST',
      headers: json,
      body: new Blob(['{"objects":["tickets"]}']).stream(),
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(chunked.status).toBe(422);
  });

  it('refuse an unknown address with 404 before looking at the body', async () => {
    const bad = { method: 'POST', headers: json, body: '{"objects":7}' };
    expect(await send(pauseUrl('pause', { project: 'nope' }), bad)).toMatchInlineSnapshot(`
      {
        "body": {
          "detail": "There is no project "nope".",
          "retryable": false,
          "status": 404,
          "subsystem": "splice-service",
          "title": "Project not found",
          "type": "urn:problem-type:project-not-found",
        },
        "status": 404,
      }
    `);
    expect(await send(pauseUrl('unpause', { integration: 'nope' }), bad)).toMatchInlineSnapshot(`
      {
        "body": {
          "detail": "Project "demo" has no integration "nope".",
          "retryable": false,
          "status": 404,
          "subsystem": "splice-service",
          "title": "Integration not found",
          "type": "urn:problem-type:integration-not-found",
        },
        "status": 404,
      }
    `);
    expect(await send(pauseUrl('pause', { installation: 'nope', base: 'base' }), bad)).toMatchInlineSnapshot(`
      {
        "body": {
          "detail": "Integration "hubspot-sync" has no installation "nope".",
          "retryable": false,
          "status": 404,
          "subsystem": "splice-service",
          "title": "Installation not found",
          "type": "urn:problem-type:installation-not-found",
        },
        "status": 404,
      }
    `);
  });

  it('refuse another content type (415), malformed JSON (400), bad fields (400) and objects not read (422)', async () => {
    expect(
      await send(pauseUrl('pause'), {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{}',
      }),
    ).toMatchInlineSnapshot(`
      {
        "body": {
          "detail": "Send the body as JSON with "Content-Type: application/json".",
          "retryable": false,
          "status": 415,
          "subsystem": "splice-service",
          "title": "Unsupported Media Type",
          "type": "about:blank",
        },
        "status": 415,
      }
    `);
    const malformed = await send(pauseUrl('pause'), { method: 'POST', headers: json, body: '{"objects":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400 });
    expect(malformed.body.detail).toMatch(/^The body is not valid JSON: /);

    const fields = await send(pauseUrl('unpause'), {
      method: 'POST',
      headers: json,
      body: '{"objects":"contacts","note":5}',
    });
    expect(fields.status).toBe(400);
    expect(fields.body.type).toBe('urn:problem-type:validation');
    expect(fields.body.issues.map((i: Json) => `${i.in}:${i.name}`).sort()).toEqual([
      'body:note',
      'body:objects',
    ]);

    expect(
      await send(pauseUrl('pause'), {
        method: 'POST',
        headers: json,
        body: '{"objects":["contacts","tickets"]}',
      }),
    ).toMatchInlineSnapshot(`
      {
        "body": {
          "detail": "Some objects are not read.",
          "issues": [
            {
              "detail": "The installation does not read "tickets".",
              "in": "body",
              "name": "objects[1]",
              "type": "urn:problem-type:object-not-read",
              "value": "tickets",
            },
          ],
          "retryable": false,
          "status": 422,
          "subsystem": "splice-service",
          "title": "Object is not read",
          "type": "urn:problem-type:object-not-read",
        },
        "status": 422,
      }
    `);
  });

  it('refuse a call without credentials (401)', async () => {
    const answer = await send(pauseUrl('pause'), { method: 'POST', anonymous: true });
    expect(answer.status).toBe(401);
    expect(answer.body.type).toBe('urn:problem-type:unauthorized');
  });
});

describe('operations and status', () => {
  const installationUrl = (id = installationId, project = 'demo') =>
    `${service.baseUrl}/projects/${project}/integrations/hubspot-sync/installations/${id}`;

  it('list operations a page at a time, reading the first of a repeated query key', async () => {
    expect((await send(`${installationUrl()}/operations`)).status).toBe(200);
    const page = await send(`${installationUrl()}/operations?pageSize=5&pageSize=x&other=1`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ results: expect.any(Array), pagination: { done: true } });
  });

  it('refuse a bad page size or token with a 400 naming each, on a known installation only', async () => {
    const bad = await send(`${installationUrl()}/operations?pageSize=0&pageToken=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ type: 'urn:problem-type:validation', status: 400 });
    expect(bad.body.issues).toEqual([
      expect.objectContaining({
        in: 'query',
        name: 'pageSize',
        value: '0',
        detail: 'A whole number from 1 to 1000.',
      }),
      expect.objectContaining({
        in: 'query',
        name: 'pageToken',
        value: 'abc',
        detail: 'Use the nextPageToken of the previous page.',
      }),
    ]);
    const unknown = await send(`${installationUrl('nope')}/operations?pageSize=0`);
    expect(unknown).toMatchInlineSnapshot(`
      {
        "body": {
          "detail": "Integration "hubspot-sync" has no installation "nope".",
          "retryable": false,
          "status": 404,
          "subsystem": "splice-service",
          "title": "Installation not found",
          "type": "urn:problem-type:installation-not-found",
        },
        "status": 404,
      }
    `);
    expect((await send(`${installationUrl(installationId, 'nope')}/operations?pageSize=0`)).body.type).toBe(
      'urn:problem-type:project-not-found',
    );
  });

  it('answer the status and backfill progress of a known installation, 404 otherwise', async () => {
    expect((await send(`${installationUrl()}/read-status`)).status).toBe(200);
    expect((await send(`${installationUrl('nope')}/read-status`)).body.type).toBe(
      'urn:problem-type:installation-not-found',
    );
    expect(await send(`${installationUrl()}/objects/contacts/backfill-progress`)).toMatchInlineSnapshot(`
      {
        "body": {
          "detail": ""contacts" of this installation has no backfill.",
          "retryable": false,
          "status": 404,
          "subsystem": "splice-service",
          "title": "No backfill",
          "type": "urn:problem-type:backfill-not-found",
        },
        "status": 404,
      }
    `);
    expect((await send(`${installationUrl('nope')}/objects/contacts/backfill-progress`)).body.type).toBe(
      'urn:problem-type:installation-not-found',
    );
  });

  it('answer an operation of the project only', async () => {
    expect(await send(`${service.baseUrl}/projects/demo/operations/nope`)).toMatchInlineSnapshot(`
      {
        "body": {
          "detail": "There is no operation "nope".",
          "retryable": false,
          "status": 404,
          "subsystem": "splice-service",
          "title": "Operation not found",
          "type": "urn:problem-type:operation-not-found",
        },
        "status": 404,
      }
    `);
    expect((await send(`${service.baseUrl}/projects/nope/operations/nope`)).body.type).toBe(
      'urn:problem-type:project-not-found',
    );
  });
});

describe('oauth-connect and oauth-update', () => {
  const connectUrl = () => `${service.baseUrl}/oauth-connect`;
  const connect = (body: unknown, headers: Record<string, string> = json) =>
    send(connectUrl(), {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const valid = { projectIdOrName: 'demo', provider: 'hubspot', groupRef: 'initech', consumerRef: 'u1' };

  it("answer the provider's consent page URL for a valid body", async () => {
    const answer = await connect(valid);
    expect(answer.status).toBe(200);
    expect(String(answer.body).startsWith(`${service.providers.hubspot.url}/oauth/authorize?`)).toBe(true);
  });

  it('read the body first: 415, malformed 400, then each missing field, before the project is looked up', async () => {
    expect((await connect(valid, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await connect('{', json)).status).toBe(400);
    const missing = await connect({ projectIdOrName: 'nope' });
    expect(missing.status).toBe(400);
    expect(missing.body.type).toBe('urn:problem-type:validation');
    expect(missing.body.issues.map((i: Json) => i.name).sort()).toEqual([
      'consumerRef',
      'groupRef',
      'provider',
    ]);
  });

  it('then the project (404), then the provider (400)', async () => {
    expect(await connect({ ...valid, projectIdOrName: 'nope', provider: 'nope' })).toMatchInlineSnapshot(`
      {
        "body": {
          "detail": "There is no project "nope".",
          "retryable": false,
          "status": 404,
          "subsystem": "splice-service",
          "title": "Project not found",
          "type": "urn:problem-type:project-not-found",
        },
        "status": 404,
      }
    `);
    expect(await connect({ ...valid, provider: 'nope' })).toMatchInlineSnapshot(`
      {
        "body": {
          "detail": "The request has 1 invalid value: provider.",
          "issues": [
            {
              "detail": "There is no provider "nope".",
              "in": "body",
              "name": "provider",
              "type": "urn:problem-type:invalid-reference",
              "value": "nope",
            },
          ],
          "retryable": false,
          "status": 400,
          "subsystem": "splice-service",
          "title": "Bad Request",
          "type": "urn:problem-type:validation",
        },
        "status": 400,
      }
    `);
  });

  it('oauth-update takes no body or a JSON one; the connection is looked up first', async () => {
    const url = (id: string, action = 'oauth-update') =>
      `${service.baseUrl}/projects/demo/connections/${id}:${action}`;
    expect((await send(url(demoConnectionIds.acme), { method: 'PATCH' })).status).toBe(200);
    expect(
      (await send(url(demoConnectionIds.acme), { method: 'PATCH', headers: json, body: '{}' })).status,
    ).toBe(200);
    // A content type announces a body: an empty one is malformed JSON.
    expect((await send(url(demoConnectionIds.acme), { method: 'PATCH', headers: json })).status).toBe(400);
    const bad = await send(url(demoConnectionIds.acme), {
      method: 'PATCH',
      headers: json,
      body: '{"redirectUrl":5}',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: Json) => i.name)).toEqual(['redirectUrl']);
    expect(
      (await send(url('nope'), { method: 'PATCH', headers: json, body: '{"redirectUrl":5}' })).body.type,
    ).toBe('urn:problem-type:connection-not-found');
    expect((await send(url(demoConnectionIds.acme), { method: 'POST' })).status).toBe(405);
    expect((await send(url(demoConnectionIds.acme, 'nope'), { method: 'POST' })).status).toBe(404);
  });
});
