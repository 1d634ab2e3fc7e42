/**
 * The emulator's OAuth 2 server, through the consent page a browser would post and HubSpot's own client
 * for the token calls: code exchange (with and without PKCE), refresh with rotation, reuse detection,
 * expiry, token information and revocation.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHubSpotEmulator, startHubSpotEmulator } from './start.js';

const redirectUri = 'http://127.0.0.1:9/callback';
let clock = Date.UTC(2026, 0, 1);
let emulator: RunningHubSpotEmulator;
let oauth: Client['oauth'];

beforeAll(async () => {
  emulator = await startHubSpotEmulator({
    counts: { contacts: 5, companies: 2, deals: 2 },
    accessTokenTtlSeconds: 60,
    now: () => clock,
  });
  oauth = new Client({ basePath: emulator.url }).oauth;
});
afterAll(() => emulator.close());

/** Opens the consent page, checks it shows the request, and posts the user's decision back as its form does. */
async function consent(decision: 'allow' | 'deny', extra: Record<string, string> = {}): Promise<URL> {
  const query = new URLSearchParams({
    client_id: emulator.app.clientId,
    redirect_uri: redirectUri,
    scope: 'crm.objects.contacts.read crm.objects.contacts.write',
    state: 'state-<&>',
    ...extra,
  });
  const page = await fetch(`${emulator.url}/oauth/authorize?${query}`);
  expect(page.status).toBe(200);
  const markup = await page.text();
  expect(markup).toContain('crm.objects.contacts.write');
  expect(markup).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
  // A person clicking through a demo must not take it for the real HubSpot, and can read it on a phone.
  expect(markup).toContain('This is a local HubSpot emulator for development');
  expect(markup).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(markup).not.toContain('state-<&>');
  // The hidden fields, as the browser would post them.
  const fields = [...markup.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    ([, name, value]) => [
      name!,
      value!.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'),
    ],
  );
  const answer = await fetch(`${emulator.url}/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams([...fields, ['decision', decision]] as [string, string][]),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

const exchange = (code: string) =>
  oauth.tokensApi.create(
    'authorization_code',
    code,
    redirectUri,
    emulator.app.clientId,
    emulator.app.clientSecret,
  );
const refresh = (refreshToken: string) =>
  oauth.tokensApi.create(
    'refresh_token',
    undefined,
    undefined,
    emulator.app.clientId,
    emulator.app.clientSecret,
    refreshToken,
  );
const crmAs = (accessToken: string) =>
  new Client({ accessToken, basePath: emulator.url }).crm.contacts.basicApi;

describe('authorization code', () => {
  it('Allow redirects with a code and the state; the code buys tokens that open the CRM', async () => {
    const back = await consent('allow');
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('state-<&>');
    const tokens = await exchange(back.searchParams.get('code')!);
    expect(tokens).toMatchObject({ tokenType: 'bearer', expiresIn: 60 });
    expect((await crmAs(tokens.accessToken).getPage(2)).results).toHaveLength(2);
    await expect(exchange(back.searchParams.get('code')!)).rejects.toMatchObject({ code: 400 });
  });

  it('Deny redirects with access_denied and no code', async () => {
    const back = await consent('deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('with PKCE, the code needs the verifier whose S256 hash was the challenge', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const token = (code: string, codeVerifier: string) =>
      fetch(`${emulator.url}/oauth/v1/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: emulator.app.clientId,
          client_secret: emulator.app.clientSecret,
          redirect_uri: redirectUri,
          code,
          code_verifier: codeVerifier,
        }),
      });
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const wrong = await token((await consent('allow', pkce)).searchParams.get('code')!, 'not-the-verifier');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ status: 'BAD_CODE_VERIFIER', error: 'invalid_grant' });
    const right = await token((await consent('allow', pkce)).searchParams.get('code')!, verifier);
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ token_type: 'bearer', token_use: 'access_token' });
  });

  it('refuses a wrong client secret', async () => {
    const code = (await consent('allow')).searchParams.get('code')!;
    await expect(
      oauth.tokensApi.create('authorization_code', code, redirectUri, emulator.app.clientId, 'wrong'),
    ).rejects.toMatchObject({ code: 400, body: { status: 'BAD_CLIENT_SECRET' } });
  });
});

describe('refresh', () => {
  it('rotates the refresh token; the new pair works and the old access token still lives out its time', async () => {
    const first = await exchange((await consent('allow')).searchParams.get('code')!);
    const second = await refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect((await crmAs(second.accessToken).getPage(1)).results).toHaveLength(1);
    const third = await refresh(second.refreshToken);
    expect((await crmAs(third.accessToken).getPage(1)).results).toHaveLength(1);
  });

  it('reusing a retired refresh token revokes the grant: every token of it stops working', async () => {
    const first = await exchange((await consent('allow')).searchParams.get('code')!);
    const second = await refresh(first.refreshToken);
    await expect(refresh(first.refreshToken)).rejects.toMatchObject({
      code: 400,
      body: { status: 'BAD_REFRESH_TOKEN' },
    });
    await expect(refresh(second.refreshToken)).rejects.toMatchObject({ code: 400 });
    await expect(crmAs(second.accessToken).getPage(1)).rejects.toMatchObject({
      code: 401,
      body: { category: 'INVALID_AUTHENTICATION' },
    });
  });

  it('an access token past its lifetime is refused as expired until a refresh', async () => {
    const tokens = await exchange((await consent('allow')).searchParams.get('code')!);
    clock += 61_000;
    await expect(crmAs(tokens.accessToken).getPage(1)).rejects.toMatchObject({
      code: 401,
      body: { category: 'EXPIRED_AUTHENTICATION' },
    });
    const renewed = await refresh(tokens.refreshToken);
    expect((await crmAs(renewed.accessToken).getPage(1)).results).toHaveLength(1);
  });
});

describe('token information and revocation', () => {
  it('describes an access token and a refresh token, then deleting the refresh token ends the grant', async () => {
    const tokens = await exchange((await consent('allow')).searchParams.get('code')!);
    const access = await oauth.accessTokensApi.get(tokens.accessToken);
    expect(access).toMatchObject({
      token: tokens.accessToken,
      appId: emulator.app.appId,
      scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write'],
    });
    expect(access.expiresIn).toBeGreaterThan(0);
    const info = await oauth.refreshTokensApi.get(tokens.refreshToken);
    expect(info).toMatchObject({ clientId: emulator.app.clientId, token: tokens.refreshToken });

    await oauth.refreshTokensApi.archive(tokens.refreshToken);
    await expect(oauth.refreshTokensApi.get(tokens.refreshToken)).rejects.toMatchObject({ code: 404 });
    await expect(crmAs(tokens.accessToken).getPage(1)).rejects.toMatchObject({ code: 401 });
  });
});
