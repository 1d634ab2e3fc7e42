import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providerAppsFromEnv } from '../config.js';
import { providerCatalog } from '../connectors/catalog.js';
import type { ProviderCatalogEntry } from '../connectors/catalog-entry.js';
import { catalogAuthorizeUrl, exchangeCatalogCode } from './catalog-authorization.js';
import { pkceChallenge } from './crypto.js';

/**
 * A provider on a loopback port whose token answer is HubSpot's documented one (no `hub_id`), with its
 * access-token information endpoint: what the real HubSpot answers, where the emulator says more.
 */
let forms: Record<string, string>[];
let tokenAnswer: { status: number; body: unknown };
let server: ReturnType<typeof serve>;
let baseUrl: string;

beforeAll(async () => {
  const token = async (c: Context) => {
    forms.push(Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)])));
    return c.json(tokenAnswer.body as object, tokenAnswer.status as 200);
  };
  // HubSpot's token URL and Salesforce's, on one origin.
  const app = new Hono()
    .post('/oauth/v1/token', token)
    .post('/services/oauth2/token', token)
    .get('/oauth/v1/access-tokens/:token', (c) =>
      c.req.param('token') === 'at-1'
        ? c.json({ token: 'at-1', hub_id: 4242, hub_domain: 'acme.hubspot.test', user: 'a@acme.test' })
        : c.json({ status: 'error', message: 'not found' }, 404),
    );
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  forms = [];
  tokenAnswer = {
    status: 200,
    body: { token_type: 'bearer', access_token: 'at-1', refresh_token: 'rt-1', expires_in: 1800 },
  };
});

const entries = () =>
  providerCatalog(
    providerAppsFromEnv({
      SPLICE_HUBSPOT_BASE_URL: baseUrl,
      SPLICE_HUBSPOT_CLIENT_ID: 'hs-client',
      SPLICE_HUBSPOT_CLIENT_SECRET: 'hs-secret',
      SPLICE_SALESFORCE_BASE_URL: baseUrl,
    }),
  );
const hubspot = (): ProviderCatalogEntry => entries().get('hubspot')!;
const grant = {
  code: 'code-1',
  verifier: 'v'.repeat(48),
  redirectUri: 'http://127.0.0.1:1/callbacks/v1/oauth',
};

describe('the authorize URL of a catalog provider', () => {
  it('carries the PKCE challenge of the verifier only where the grant type takes it', () => {
    const request = { state: 's'.repeat(43), verifier: grant.verifier, redirectUri: grant.redirectUri };
    const plain = new URL(catalogAuthorizeUrl(hubspot(), request));
    expect(Object.fromEntries(plain.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'hs-client',
      redirect_uri: grant.redirectUri,
      scope: hubspot().oauth.scopes.join(' '),
      state: request.state,
    });
    const pkce = new URL(catalogAuthorizeUrl(entries().get('salesforce')!, request));
    expect(pkce.searchParams.get('code_challenge')).toBe(pkceChallenge(grant.verifier));
    expect(pkce.searchParams.get('code_challenge_method')).toBe('S256');
  });
});

describe('the code exchange of a catalog provider', () => {
  it("sends the form the token URL takes, and asks HubSpot's token information for the hub id its answer lacks", async () => {
    const now = Date.parse('2026-11-26T12:00:00.000Z');
    const answer = await exchangeCatalogCode(hubspot(), grant, now);
    expect(forms).toEqual([
      {
        grant_type: 'authorization_code',
        code: 'code-1',
        redirect_uri: grant.redirectUri,
        client_id: 'hs-client',
        client_secret: 'hs-secret',
      },
    ]);
    expect(answer).toEqual({
      tokens: { accessToken: 'at-1', refreshToken: 'rt-1', expiresAtMs: now + 1_800_000, obtainedAtMs: now },
      providerWorkspaceRef: '4242',
    });
  });

  it('takes the account and scopes from the token answer when it names them, and the verifier goes with PKCE', async () => {
    tokenAnswer.body = {
      access_token: 'at-sf',
      refresh_token: 'rt-sf',
      instance_url: 'https://acme.my.salesforce.test',
      id: 'https://login.salesforce.test/id/00D/005',
      scope: 'api refresh_token',
    };
    const answer = await exchangeCatalogCode(entries().get('salesforce')!, grant, 0);
    expect(forms[0]?.code_verifier).toBe(grant.verifier);
    expect(answer).toEqual({
      tokens: {
        accessToken: 'at-sf',
        refreshToken: 'rt-sf',
        scopes: ['api', 'refresh_token'],
        instanceUrl: 'https://acme.my.salesforce.test',
      },
      providerWorkspaceRef: 'https://acme.my.salesforce.test',
    });
  });

  it('answers nothing for a refused code, an answer without a token, or a provider that cannot be reached', async () => {
    tokenAnswer = { status: 400, body: { error: 'invalid_grant', error_description: 'bad code' } };
    expect(await exchangeCatalogCode(hubspot(), grant, 0)).toBeUndefined();
    tokenAnswer = { status: 200, body: { token_type: 'bearer' } };
    expect(await exchangeCatalogCode(hubspot(), grant, 0)).toBeUndefined();
    expect(await exchangeCatalogCode(hubspot(), { ...grant, code: undefined }, 0)).toBeUndefined();
    const unreachable = providerCatalog(
      providerAppsFromEnv({ SPLICE_HUBSPOT_BASE_URL: 'http://127.0.0.1:9' }),
    );
    expect(await exchangeCatalogCode(unreachable.get('hubspot')!, grant, 0)).toBeUndefined();
  });
});
