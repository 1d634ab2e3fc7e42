import type { IntegrationDetails } from '@splice/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStandaloneApp } from '../src/dev/index.js';
import type { Session } from '../src/index.js';
import type { Listening } from './helpers/listen.js';
import { listen } from './helpers/listen.js';
import { startRealService } from './helpers/real-service.js';

const origin = 'http://localhost:8788';
let service: Awaited<ReturnType<typeof startRealService>>;
let server: Listening;
let close: () => Promise<void>;

beforeAll(async () => {
  service = await startRealService();
  const standalone = createStandaloneApp(
    {
      SPLICE_BASE_URL: service.baseUrl,
      SPLICE_SEARCH_URL: service.searchUrl,
      SPLICE_API_KEY: service.apiKey,
      SPLICE_AUTH_TOKEN: service.authToken,
      SPLICE_PROJECT: 'demo',
      ALLOWED_ORIGINS: origin,
      SESSION_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
    },
    () => {},
  );
  close = standalone.close;
  server = await listen(standalone.app.fetch);
});
afterAll(async () => {
  await server.close();
  await close();
  await service.stop();
});

const unsafe = { Origin: origin, 'X-Requested-With': 'splice', 'Content-Type': 'application/json' };

async function signIn(groupRef: string, consumerRef: string) {
  return fetch(`${server.url}/session`, {
    method: 'POST',
    headers: unsafe,
    body: JSON.stringify({ groupRef, consumerRef }),
  });
}

function cookieOf(response: Response): string {
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

describe('the standalone server', () => {
  it('signs in with a signed HttpOnly cookie and serves the BFF under /api for that group', async () => {
    const signedIn = await signIn('globex', 'bob');
    expect(signedIn.status).toBe(200);
    const setCookie = signedIn.headers.get('set-cookie') ?? '';
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const cookie = cookieOf(signedIn);

    const me = await fetch(`${server.url}/session`, { headers: { Cookie: cookie } });
    expect((await me.json()) as Session).toEqual({
      groupRef: 'globex',
      orgId: 'org-demo',
      consumerRef: 'bob',
    });

    const wizard = await fetch(`${server.url}/api/integrations/salesforce-sync`, {
      headers: { Cookie: cookie },
    });
    expect(wizard.status).toBe(200);
    expect(((await wizard.json()) as IntegrationDetails).connection?.id).toBe('conn-globex-salesforce');
  });

  it('refuses a tampered cookie as signed out', async () => {
    const cookie = cookieOf(await signIn('acme', 'alice'));
    const tampered = cookie.replace('acme', 'glob');
    expect(tampered).not.toBe(cookie);
    const response = await fetch(`${server.url}/api/integrations/hubspot-sync`, {
      headers: { Cookie: tampered },
    });
    expect(response.status).toBe(401);
  });

  it('opens sign-in only for the configured groups, and only from an allowed page', async () => {
    expect((await signIn('umbrella', 'mallory')).status).toBe(403);
    const crossSite = await fetch(`${server.url}/session`, {
      method: 'POST',
      headers: { ...unsafe, Origin: 'https://evil.example' },
      body: JSON.stringify({ groupRef: 'acme', consumerRef: 'mallory' }),
    });
    expect(crossSite.status).toBe(403);
  });

  it('signs out by clearing the cookie', async () => {
    const response = await fetch(`${server.url}/session`, { method: 'DELETE', headers: unsafe });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });
});
