import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemOf } from './helpers/read.js';
import { startRealService } from './helpers/real-service.js';
import { appOrigin, browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff } from './helpers/start-bff.js';

let service: Awaited<ReturnType<typeof startRealService>>;
let bff: RunningBff;

beforeAll(async () => {
  service = await startRealService();
  bff = await startBff(service, { apiKey: service.apiKey, authToken: service.authToken });
});
afterAll(async () => {
  await bff.close();
  await service.stop();
});

const attempt = (n: number) => `attempt-${String(n).padStart(12, '0')}`;

async function post(path: string, user: string, body: unknown, extra: Record<string, string> = {}) {
  return fetch(`${bff.url}${path}`, {
    method: 'POST',
    headers: browserHeaders(user, extra),
    body: JSON.stringify(body),
  });
}

const htmlText = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/**
 * What the user's browser does in the popup: the provider's consent page (the emulator's), its form posted
 * with a choice, the service's callback.
 */
async function runFlow(url: string, decision: 'allow' | 'deny'): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  expect(action).toBeDefined();
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(htmlText(name as string), htmlText(value as string));
  }
  fields.set('decision', decision);
  const chosen = await fetch(new URL(htmlText(action as string), url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  });
  const callback = await fetch(chosen.headers.get('location') as string, { redirect: 'manual' });
  expect(callback.status).toBe(303);
  return new URL(callback.headers.get('location') as string);
}

/** The `name=value` of the connect flow's cookie the BFF set on a start answer. */
function flowCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('splice_connect_'));
  expect(cookie).toBeDefined();
  return (cookie as string).split(';')[0] as string;
}

/** Opens the result page the flow ended on, as a browser with (or without) the flow's cookie: its outcome. */
async function finish(end: URL, cookie?: string): Promise<string | undefined> {
  // The page's origin (app.test) is where the BFF is mounted in a builder's app; here the BFF answers it.
  const page = await fetch(`${bff.url}${end.pathname}${end.search}`, {
    headers: { 'Sec-Fetch-Site': 'cross-site', ...(cookie ? { Cookie: cookie } : {}) },
  });
  expect(page.status).toBe(200);
  return /"outcome":"([a-z_]+)"/.exec(await page.text())?.[1];
}

/** Acme (alice) and Initech (ivan) connect HubSpot here; Globex (bob) has its Salesforce. */
const integrationOf = (user: string) => (user === 'bob' ? 'salesforce-sync' : 'hubspot-sync');

async function connectionOf(user: string) {
  const response = await fetch(`${bff.url}/integrations/${integrationOf(user)}/connection`, {
    headers: browserHeaders(user),
  });
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      connection: { id: string; status: string; group: { groupRef: string } } | null;
    }
  ).connection;
}

describe('POST /integrations/:integrationId/connect', () => {
  it('a flow started in one browser and finished in another connects nothing, and its result page says so', async () => {
    // Ivan starts a flow and hands its provider URL to someone else, whose browser has no cookie of his.
    const response = await post('/integrations/hubspot-sync/connect', 'ivan', {
      attempt: attempt(11),
      mode: 'popup',
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const end = await runFlow(url, 'allow');
    expect(end.pathname).toBe('/connect/done');
    expect(await finish(end)).toBe('expired');
    expect(await connectionOf('ivan')).toBeNull();
    // Ivan's own browser cannot finish it afterwards either: the held result was spent.
    expect(await finish(end, flowCookie(response))).toBe('expired');
    expect(await connectionOf('ivan')).toBeNull();
  });

  it("connects the session's group: the flow ends on the BFF's result page for the page's origin", async () => {
    expect(await connectionOf('ivan')).toBeNull();
    const response = await post('/integrations/hubspot-sync/connect', 'ivan', {
      attempt: attempt(1),
      mode: 'popup',
    });
    expect(response.status).toBe(200);
    // The secret that binds the flow to this browser: sent only to the result page, unreadable by scripts.
    const setCookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith(`splice_connect_${attempt(1)}=`));
    expect(setCookie).toMatch(/; Max-Age=600; Path=\/connect\/done; HttpOnly; SameSite=Lax$/);
    const { url } = (await response.json()) as { url: string };
    // The consent page is the provider's own.
    expect(new URL(url).origin).toBe(new URL(service.providers.hubspot.url).origin);
    const end = await runFlow(url, 'allow');
    expect(end.origin).toBe(appOrigin);
    expect(end.pathname).toBe('/connect/done');
    expect(Object.fromEntries(end.searchParams)).toMatchObject({
      attempt: attempt(1),
      mode: 'popup',
      origin: appOrigin,
    });
    // Nothing is saved until the result page, in the browser that started the flow, completes it.
    expect(await connectionOf('ivan')).toBeNull();
    expect(await finish(end, flowCookie(response))).toBe('connected');
    const connection = await connectionOf('ivan');
    expect(connection).toMatchObject({ status: 'created', group: { groupRef: 'initech' } });
    // The integration's GET shows it too, and the wizard's fields can now be read.
    const wizard = await fetch(`${bff.url}/integrations/hubspot-sync`, { headers: browserHeaders('ivan') });
    const body = (await wizard.json()) as {
      connection: { id: string };
      readObjects: Array<{ fieldsError: string | null }>;
    };
    expect(body.connection.id).toBe(connection?.id);
    expect(body.readObjects[0]?.fieldsError).toBeNull();
  });

  it('a denied consent ends with access_denied on the result page', async () => {
    const response = await post('/integrations/salesforce-sync/connect', 'bob', {
      attempt: attempt(2),
      mode: 'popup',
    });
    const end = await runFlow(((await response.json()) as { url: string }).url, 'deny');
    expect(end.searchParams.get('outcome')).toBe('access_denied');
    expect(await connectionOf('bob')).toMatchObject({ id: 'conn-globex-salesforce', status: 'working' });
  });

  it('carries a same-tab return path, and refuses one that leaves the site', async () => {
    const ok = await post('/integrations/salesforce-sync/connect', 'bob', {
      attempt: attempt(3),
      mode: 'redirect',
      returnTo: '/#/install',
    });
    expect(ok.status).toBe(200);
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const refused = await post('/integrations/salesforce-sync/connect', 'bob', {
        attempt: attempt(4),
        mode: 'redirect',
        returnTo,
      });
      expect(refused.status).toBe(400);
      expect((await problemOf(refused)).issues).toEqual([
        expect.objectContaining({ name: 'returnTo', in: 'body' }),
      ]);
    }
  });

  it('is CSRF-guarded, needs a session, and never takes a group from the browser', async () => {
    const noHeader = await post(
      '/integrations/salesforce-sync/connect',
      'bob',
      { attempt: attempt(5), mode: 'popup' },
      {
        'X-Requested-With': '',
      },
    );
    expect(noHeader.status).toBe(403);
    const otherSite = await post(
      '/integrations/salesforce-sync/connect',
      'bob',
      { attempt: attempt(5), mode: 'popup' },
      {
        Origin: 'https://evil.example',
      },
    );
    expect(otherSite.status).toBe(403);
    const anonymous = await post('/integrations/salesforce-sync/connect', 'nobody', {
      attempt: attempt(5),
      mode: 'popup',
    });
    expect(anonymous.status).toBe(401);
    const withGroup = await post('/integrations/salesforce-sync/connect', 'bob', {
      attempt: attempt(5),
      mode: 'popup',
      groupRef: 'acme',
    });
    expect(withGroup.status).toBe(400);
    expect((await problemOf(withGroup)).type).toBe('urn:problem-type:session-bound-parameter');
  });
});

describe('reconnect', () => {
  it('refreshes the group connection after the provider revoked it', async () => {
    // HubSpot ends Acme's grant; the next call the service makes with it finds out.
    expect(service.providers.hubspot.revokeGrant(service.demoGrant('acme').tokens.accessToken)).toBe(true);
    const wizard = await fetch(`${bff.url}/integrations/hubspot-sync`, { headers: browserHeaders('alice') });
    expect(wizard.status).toBe(200);
    expect(await connectionOf('alice')).toMatchObject({ id: 'conn-acme-hubspot', status: 'bad_credentials' });
    const response = await post('/integrations/hubspot-sync/reconnect', 'alice', {
      attempt: attempt(6),
      mode: 'popup',
    });
    expect(response.status).toBe(200);
    const end = await runFlow(((await response.json()) as { url: string }).url, 'allow');
    expect(await connectionOf('alice')).toMatchObject({ id: 'conn-acme-hubspot', status: 'bad_credentials' });
    expect(await finish(end, flowCookie(response))).toBe('connected');
    expect(await connectionOf('alice')).toMatchObject({ id: 'conn-acme-hubspot', status: 'created' });
  });

  it('answers 409 when the group has nothing to reconnect', async () => {
    const fresh = await startBff(service, {
      apiKey: service.apiKey,
      authToken: service.authToken,
      resolveSession: () => ({ groupRef: 'umbrella', orgId: 'org-demo', consumerRef: 'wesker' }),
    });
    try {
      const response = await fetch(`${fresh.url}/integrations/hubspot-sync/reconnect`, {
        method: 'POST',
        headers: browserHeaders('x'),
        body: JSON.stringify({ attempt: attempt(7), mode: 'popup' }),
      });
      expect(response.status).toBe(409);
      expect((await problemOf(response)).type).toBe('urn:problem-type:no-connection');
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /connect/done', () => {
  const done = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${bff.url}/connect/done?${new URLSearchParams(query)}`, { headers });

  it("posts the result to the opener at the page's exact origin and on the BroadcastChannel", async () => {
    // A cross-site navigation from the provider reaches it: no session, no CSRF header.
    const response = await done(
      { attempt: attempt(8), mode: 'popup', origin: appOrigin, outcome: 'expired' },
      { 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const html = await response.text();
    expect(html).toContain('The sign-in link expired');
    expect(html).toContain(`var target = "${appOrigin}"`);
    expect(html).toContain('"outcome":"expired"');
    expect(html).toContain('window.opener.postMessage(result, target)');
    expect(html).toContain('new BroadcastChannel("splice-connect")');
    expect(html).not.toContain("'*'");
  });

  it('posts nothing to an origin outside the allowlist, nor for a malformed attempt', async () => {
    const foreign = await (
      await done({ attempt: attempt(9), mode: 'popup', origin: 'https://evil.example', outcome: 'connected' })
    ).text();
    expect(foreign).toContain('var result = null');
    expect(foreign).not.toContain('evil.example');
    const malformed = await (
      await done({ attempt: '<script>', mode: 'popup', origin: appOrigin, outcome: 'connected' })
    ).text();
    expect(malformed).toContain('var result = null');
    expect(malformed).not.toContain('<script>"');
  });

  it('does not say connected on a bare outcome=connected: only a flow it completed is connected', async () => {
    const html = await (
      await done({ attempt: attempt(12), mode: 'popup', origin: appOrigin, outcome: 'connected' })
    ).text();
    expect(html).toContain('"outcome":"expired"');
    expect(html).not.toContain('Account connected');
  });

  it('in redirect mode keeps the result for the page and returns to the path the user was on', async () => {
    const html = await (
      await done({
        attempt: attempt(10),
        mode: 'redirect',
        origin: appOrigin,
        returnTo: '/#/install',
        outcome: 'connected',
      })
    ).text();
    expect(html).toContain(`var redirectTo = "${appOrigin}/#/install"`);
    expect(html).toContain("sessionStorage.setItem('splice-connect:' + result.attempt");
  });
});
