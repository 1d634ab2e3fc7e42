/**
 * The proxy on a real service: a builder's own HubSpot call goes through to the emulated HubSpot with the
 * connection's token, and nothing else gets through. HubSpot is reached through a front that records what
 * arrives (./provider-front.ts); a second server stands for any other host, and must never be called.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerAppsFromEnv } from '../src/index.js';
import {
  apiKeyHeaders,
  contactsConfig,
  createInstallationUrl,
  crmIntegration,
  emulatedProviders,
  type Json,
  postJson,
  startTestService,
  type TestService,
} from './harness.js';
import { type ProviderFront, startProviderFront } from './provider-front.js';

let service: TestService;
let front: ProviderFront;
let elsewhere: Server;
let elsewhereUrl: string;
let elsewhereHits = 0;
let acmeInstallation: string;
let globexInstallation: string;

const proxyHeaders = (extra: Record<string, string> = {}) => ({
  'x-amp-proxy-version': '1',
  'x-amp-project-id': 'demo',
  'x-api-key': service.apiKey,
  ...extra,
});

const acme = (extra: Record<string, string> = {}) =>
  proxyHeaders({ 'x-amp-installation-id': acmeInstallation, ...extra });

const proxied = (path: string, init: RequestInit = {}) => fetch(`${service.url}/proxy${path}`, init);

beforeAll(async () => {
  const providers = await emulatedProviders();
  elsewhere = createServer((_req, res) => {
    elsewhereHits++;
    res.end('elsewhere');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  front = await startProviderFront(providers.hubspot.url, { redirectTo: () => redirectTarget });
  service = await startTestService({
    providerApps: providerAppsFromEnv({
      SPLICE_HUBSPOT_BASE_URL: front.url,
      SPLICE_SALESFORCE_BASE_URL: providers.salesforce.url,
    }),
  });
  const hubspot = await postJson(
    `${createInstallationUrl(service)}?skipSampling=true`,
    apiKeyHeaders(service),
    {
      groupRef: 'acme',
      config: { content: { ...contactsConfig().content, proxy: { enabled: true } } },
    },
  );
  expect(hubspot.status).toBe(201);
  acmeInstallation = hubspot.body.id;
  const salesforce = await postJson(
    `${createInstallationUrl(service, 'demo', crmIntegration.salesforce)}?skipSampling=true`,
    apiKeyHeaders(service),
    { groupRef: 'globex', config: contactsConfig({}, 'salesforce') },
  );
  expect(salesforce.status).toBe(201);
  globexInstallation = salesforce.body.id;
});

afterAll(async () => {
  front?.finishStream();
  await Promise.all([service?.dispose(), front?.close()]);
  await new Promise<void>((resolve) => {
    elsewhere?.closeAllConnections();
    elsewhere?.close(() => resolve());
  });
});

let redirectTarget = '';

function rawGet(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${service.url}${path}`, { headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('a builder call through the proxy', () => {
  it("reads a contact from Acme's HubSpot by installation id, with the connection's token", async () => {
    const list = await proxied('/crm/v3/objects/contacts?limit=2&properties=email', { headers: acme() });
    expect(list.status).toBe(200);
    const body: Json = await list.json();
    expect(body.results).toHaveLength(2);
    const id = body.results[0].id as string;
    const one = await proxied(`/crm/v3/objects/contacts/${id}?properties=email`, {
      headers: proxyHeaders({ 'x-amp-integration-name': crmIntegration.hubspot, 'x-amp-group-ref': 'acme' }),
    });
    expect(one.status).toBe(200);
    expect(((await one.json()) as Json).id).toBe(id);
    const arrived = front.seen.filter((r) => r.url.startsWith('/crm/v3/objects/contacts'));
    expect(arrived.at(-1)?.headers.authorization).toBe(
      `Bearer ${service.demoGrant('acme').tokens.accessToken}`,
    );
  });

  it('sends the same method and body, and answers the provider status as it is', async () => {
    const email = `proxy.${Date.now()}@proxy.example`;
    const created = await proxied('/crm/v3/objects/contacts', {
      method: 'POST',
      headers: acme({ 'content-type': 'application/json' }),
      body: JSON.stringify({ properties: { email } }),
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as Json).properties.email).toBe(email);
    const missing = await proxied('/crm/v3/objects/contacts/does-not-exist', { headers: acme() });
    expect(missing.status).toBe(404);
  });

  it('streams the answer: its first part arrives while the provider still holds the rest', async () => {
    const answer = await proxied('/front/stream', { headers: acme() });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('set-cookie')).toBeNull();
    const reader = answer.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first part;');
    front.finishStream();
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      rest += new TextDecoder().decode(part.value);
    }
    expect(rest).toBe('second part');
  });

  it('does not retry: a 503 is answered once, as it came', async () => {
    const before = front.seen.filter((r) => r.url === '/front/503').length;
    const answer = await proxied('/front/503', { headers: acme() });
    expect(answer.status).toBe(503);
    expect(front.seen.filter((r) => r.url === '/front/503').length).toBe(before + 1);
  });
});

describe('what the proxy refuses', () => {
  it('refuses an installation without proxy.enabled, saying so', async () => {
    const answer = await proxied('/services/data/v60.0/sobjects/Contact', {
      headers: proxyHeaders({ 'x-amp-installation-id': globexInstallation }),
    });
    expect(answer.status).toBe(403);
    const problem: Json = await answer.json();
    expect(problem.type).toBe('urn:problem-type:proxy-disabled');
    expect(problem.detail).toMatch(/proxy\.enabled/);
  });

  it('needs the API key, the proxy version and a project', async () => {
    const { 'x-api-key': _key, ...keyless } = acme();
    expect((await proxied('/crm/v3/objects/contacts', { headers: keyless })).status).toBe(401);
    const { 'x-amp-proxy-version': _v, ...versionless } = acme();
    expect((await proxied('/crm/v3/objects/contacts', { headers: versionless })).status).toBe(400);
    const answer = await proxied('/crm/v3/objects/contacts', {
      headers: acme({ 'x-amp-project-id': 'nope' }),
    });
    expect(answer.status).toBe(404);
  });

  it("never reaches another group's installation by naming its id with one's own group", async () => {
    const crossed = await proxied('/crm/v3/objects/contacts', {
      headers: proxyHeaders({ 'x-amp-installation-id': acmeInstallation, 'x-amp-group-ref': 'globex' }),
    });
    expect(crossed.status).toBe(404);
    const wrongIntegration = await proxied('/crm/v3/objects/contacts', {
      headers: proxyHeaders({
        'x-amp-installation-id': acmeInstallation,
        'x-amp-integration-name': crmIntegration.salesforce,
      }),
    });
    expect(wrongIntegration.status).toBe(404);
    const noInstallation = await proxied('/crm/v3/objects/contacts', {
      headers: proxyHeaders({
        'x-amp-integration-name': crmIntegration.hubspot,
        'x-amp-group-ref': 'initech',
      }),
    });
    expect(noInstallation.status).toBe(404);
  });

  it('reaches no other host, whatever the path holds', async () => {
    const host = new URL(elsewhereUrl).host;
    const attempts = [
      `//${host}/x`,
      `/@${host}/x`,
      `/http://${host}/x`,
      `/${elsewhereUrl}`,
      `/%2F%2F${host}/x`,
      `/%2e%2e/%2e%2e/x`,
      `/crm/..%2f..%2f${host}`,
      `/%5c%5c${host}/x`,
      `/crm/%00/x`,
      `/\\\\${host}/x`,
    ];
    for (const path of attempts) {
      const answer = await fetch(`${service.url}/proxy${path}`, { headers: acme() });
      expect([400, 404], path).toContain(answer.status);
      await answer.arrayBuffer();
    }
    expect(elsewhereHits).toBe(0);
    for (const seen of front.seen) expect(seen.url.startsWith('/'), seen.url).toBe(true);
  });

  it('does not follow a redirect: one off the provider is refused, one on it is passed back under the proxy', async () => {
    redirectTarget = `${elsewhereUrl}/stolen`;
    const off = await proxied('/front/redirect', { headers: acme(), redirect: 'manual' });
    expect(off.status).toBe(502);
    expect(off.headers.get('location')).toBeNull();
    redirectTarget = `//${new URL(elsewhereUrl).host}/stolen`;
    const protocolRelative = await proxied('/front/redirect', { headers: acme(), redirect: 'manual' });
    expect(protocolRelative.status).toBe(502);
    redirectTarget = `${front.url}/crm/v3/objects/contacts?limit=1`;
    const on = await proxied('/front/redirect', { headers: acme(), redirect: 'manual' });
    expect(on.status).toBe(302);
    expect(on.headers.get('location')).toBe('/proxy/crm/v3/objects/contacts?limit=1');
    expect(elsewhereHits).toBe(0);
  });

  it("passes on no credential, proxy or hop-by-hop header of the caller's", async () => {
    // node:http, as fetch itself never sends a Connection header of the caller's.
    const status = await rawGet(
      '/proxy/crm/v3/objects/contacts?limit=1',
      acme({
        authorization: 'Bearer stolen-or-forged',
        cookie: 'session=abc',
        'proxy-authorization': 'Basic eA==',
        'x-amp-extra': 'x',
        'x-forwarded-host': 'evil.example',
        connection: 'x-listed-hop',
        'x-listed-hop': 'dropped',
        'x-custom': 'kept',
      }),
    );
    expect(status).toBe(200);
    const seen = front.seen.at(-1)!;
    expect(seen.headers.authorization).toBe(`Bearer ${service.demoGrant('acme').tokens.accessToken}`);
    for (const name of [
      'cookie',
      'proxy-authorization',
      'x-api-key',
      'x-amp-extra',
      'x-amp-installation-id',
      'x-amp-project-id',
      'x-forwarded-host',
      'x-listed-hop',
    ]) {
      expect(seen.headers[name], name).toBeUndefined();
    }
    expect(seen.headers['x-custom']).toBe('kept');
    expect(seen.headers.host).toBe(new URL(front.url).host);
  });
});
