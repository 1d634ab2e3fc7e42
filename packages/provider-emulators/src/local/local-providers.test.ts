import { describe, expect, it } from 'vitest';
import { startLocalProviders } from './local-providers.js';

/** Whether something answers HTTP at the URL (any status). */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

describe('local providers', () => {
  it('starts both emulators on free loopback ports when the environment names no provider, and stops them', async () => {
    const local = await startLocalProviders({});
    try {
      expect(local.providers.map((p) => [p.provider, p.emulated])).toEqual([
        ['hubspot', true],
        ['salesforce', true],
      ]);
      const [hubspot, salesforce] = local.providers;
      expect(local.env).toEqual({
        SPLICE_HUBSPOT_BASE_URL: hubspot!.baseUrl,
        SPLICE_SALESFORCE_BASE_URL: salesforce!.baseUrl,
      });
      expect(hubspot!.baseUrl).not.toBe(salesforce!.baseUrl);
      // Each is the provider it says: HubSpot's properties, Salesforce's login page.
      expect((await fetch(`${hubspot!.baseUrl}/crm/v3/properties/contacts`)).status).toBe(401);
      expect(await answers(`${salesforce!.baseUrl}/services/oauth2/authorize`)).toBe(true);
      expect(local.describe()[0]).toContain(`${hubspot!.baseUrl}   (emulator`);
    } finally {
      await local.close();
    }
    for (const provider of local.providers) expect(await answers(provider.baseUrl)).toBe(false);
  });

  it('uses a provider the environment names and starts no emulator for it', async () => {
    const local = await startLocalProviders({
      SPLICE_SALESFORCE_BASE_URL: 'https://example.my.salesforce.com/',
    });
    try {
      const salesforce = local.providers.find((p) => p.provider === 'salesforce')!;
      expect(salesforce).toMatchObject({ baseUrl: 'https://example.my.salesforce.com', emulated: false });
      expect(local.env.SPLICE_SALESFORCE_BASE_URL).toBe('https://example.my.salesforce.com');
      expect(local.providers.find((p) => p.provider === 'hubspot')!.emulated).toBe(true);
      expect(local.describe()[1]).toContain('(from SPLICE_SALESFORCE_BASE_URL)');
    } finally {
      await local.close();
    }
  });
});

/** A HubSpot CRM call and a Salesforce query with a bearer token. */
const hubSpotCall = (baseUrl: string, accessToken: string) =>
  fetch(`${baseUrl}/crm/v3/objects/contacts?limit=1`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
const salesforceCall = (baseUrl: string, accessToken: string) =>
  fetch(`${baseUrl}/services/data/v60.0/query?q=${encodeURIComponent('SELECT Id FROM Contact LIMIT 1')}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
/** The refresh a connector makes: HubSpot's and Salesforce's token endpoints take the same form. */
const refresh = (tokenUrl: string, refreshToken: string) =>
  fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: 'splice-emulator-client',
      client_secret: 'splice-emulator-secret',
      refresh_token: refreshToken,
    }),
  });

describe('local providers: controls for the demo', () => {
  it('revokes every grant at one emulated provider: its API calls answer 401 and its refresh invalid_grant', async () => {
    const local = await startLocalProviders({ SPLICE_SANDBOX_ACTIVITY: '0' });
    try {
      const [hubspot, salesforce] = local.providers;
      const acme = local.issueTokens('hubspot')!;
      const initech = local.issueTokens('hubspot')!;
      const globex = local.issueTokens('salesforce')!;
      expect((await hubSpotCall(hubspot!.baseUrl, acme.accessToken)).status).toBe(200);

      expect(local.revokeGrants('hubspot')).toBe(2);

      for (const grant of [acme, initech]) {
        const call = await hubSpotCall(hubspot!.baseUrl, grant.accessToken);
        expect(call.status).toBe(401);
        expect(await call.json()).toMatchObject({ category: 'INVALID_AUTHENTICATION' });
        const refused = await refresh(`${hubspot!.baseUrl}/oauth/v1/token`, grant.refreshToken);
        expect(refused.status).toBe(400);
        expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
      }
      // The other provider's grants are untouched, and nothing is left to revoke a second time.
      expect((await salesforceCall(salesforce!.baseUrl, globex.accessToken)).status).toBe(200);
      expect(local.revokeGrants('hubspot')).toBe(0);

      expect(local.revokeGrants('salesforce')).toBe(1);
      expect((await salesforceCall(salesforce!.baseUrl, globex.accessToken)).status).toBe(401);
      const refused = await refresh(`${salesforce!.baseUrl}/services/oauth2/token`, globex.refreshToken);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
      // A new grant (the user connecting again) works.
      expect((await hubSpotCall(hubspot!.baseUrl, local.issueTokens('hubspot')!.accessToken)).status).toBe(
        200,
      );
    } finally {
      await local.close();
    }
  });

  it("throttles HubSpot's account to a 429 with its rate-limit headers, and restoring lifts it", async () => {
    const local = await startLocalProviders({ SPLICE_SANDBOX_ACTIVITY: '0' });
    try {
      const { baseUrl } = local.providers[0]!;
      const { accessToken } = local.issueTokens('hubspot')!;
      expect(local.throttle('hubspot', 2)).toBe(true);
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await hubSpotCall(baseUrl, accessToken));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
      const limited = answers[2]!;
      expect(limited.headers.get('x-hubspot-ratelimit-max')).toBe('2');
      expect(limited.headers.get('x-hubspot-ratelimit-remaining')).toBe('0');
      expect(limited.headers.get('x-hubspot-ratelimit-interval-milliseconds')).toBe('10000');
      expect(await limited.json()).toMatchObject({ category: 'RATE_LIMITS', errorType: 'RATE_LIMIT' });

      expect(local.throttle('hubspot', undefined)).toBe(true);
      const lifted = await hubSpotCall(baseUrl, accessToken);
      expect(lifted.status).toBe(200);
      expect(lifted.headers.get('x-hubspot-ratelimit-max')).toBe('110');
    } finally {
      await local.close();
    }
  });

  it("throttles Salesforce's org to REQUEST_LIMIT_EXCEEDED with its usage header, and restoring lifts it", async () => {
    const local = await startLocalProviders({ SPLICE_SANDBOX_ACTIVITY: '0' });
    try {
      const { baseUrl } = local.providers[1]!;
      const { accessToken } = local.issueTokens('salesforce')!;
      expect(local.throttle('salesforce', 1, 60_000)).toBe(true);
      expect((await salesforceCall(baseUrl, accessToken)).status).toBe(200);
      const limited = await salesforceCall(baseUrl, accessToken);
      // Salesforce answers its API request limit with 403, not 429.
      expect(limited.status).toBe(403);
      expect(limited.headers.get('sforce-limit-info')).toBe('api-usage=1/1');
      expect(await limited.json()).toEqual([
        { errorCode: 'REQUEST_LIMIT_EXCEEDED', message: 'TotalRequests Limit exceeded.' },
      ]);

      expect(local.throttle('salesforce', undefined)).toBe(true);
      const lifted = await salesforceCall(baseUrl, accessToken);
      expect(lifted.status).toBe(200);
      expect(lifted.headers.get('sforce-limit-info')).toBe('api-usage=2/15000');
    } finally {
      await local.close();
    }
  });

  it('applies changes on demand to the emulated account and says which records changed', async () => {
    const local = await startLocalProviders({ SPLICE_SANDBOX_ACTIVITY: '0' });
    try {
      const changed = local.applyChanges('hubspot', 5)!;
      expect(changed).toHaveLength(5);
      const { baseUrl } = local.providers[0]!;
      const { accessToken } = local.issueTokens('hubspot')!;
      for (const { objectType, id, kind } of changed) {
        expect(['contacts', 'companies', 'deals']).toContain(objectType);
        const record = await fetch(`${baseUrl}/crm/v3/objects/${objectType}/${id}`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        // A deleted record may be one an earlier change touched; the others are there to read.
        if (kind !== 'deleted' && !changed.some((c) => c.id === id && c.kind === 'deleted')) {
          expect(record.status).toBe(200);
        }
      }
      expect(local.applyChanges('salesforce', 3)!.map((c) => c.objectType)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^(Contact|Account|Opportunity)$/)]),
      );
    } finally {
      await local.close();
    }
  });

  it('has no controls for a provider the environment names instead of an emulator', async () => {
    const local = await startLocalProviders({
      SPLICE_SALESFORCE_BASE_URL: 'https://example.my.salesforce.com',
      SPLICE_SANDBOX_ACTIVITY: '0',
    });
    try {
      expect(local.revokeGrants('salesforce')).toBeUndefined();
      expect(local.throttle('salesforce', 1)).toBe(false);
      expect(local.applyChanges('salesforce', 1)).toBeUndefined();
      expect(local.revokeGrants('pipedrive')).toBeUndefined();
    } finally {
      await local.close();
    }
  });
});

describe('local providers: SPLICE_SANDBOX_ACTIVITY', () => {
  it('gives each emulator 3 changes per minute by default and says so in the banner', async () => {
    const local = await startLocalProviders({});
    try {
      expect(local.changesPerMinute).toBe(3);
      for (const line of local.describe())
        expect(line).toContain('3 changes per minute (SPLICE_SANDBOX_ACTIVITY)');
    } finally {
      await local.close();
    }
  });

  it('gives each emulated account a recent past, so a read of the last 30 days finds records', async () => {
    const local = await startLocalProviders({ SPLICE_SANDBOX_ACTIVITY: '0' });
    try {
      const since = Date.now() - 30 * 86_400_000;
      const search = await fetch(`${local.providers[0]!.baseUrl}/crm/v3/objects/contacts/search`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${local.issueTokens('hubspot')!.accessToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          filterGroups: [
            { filters: [{ propertyName: 'lastmodifieddate', operator: 'GTE', value: String(since) }] },
          ],
          limit: 1,
        }),
      });
      expect(((await search.json()) as { total: number }).total).toBeGreaterThan(0);
      const soql = `SELECT COUNT() FROM Contact WHERE SystemModstamp >= ${new Date(since).toISOString()}`;
      const counted = await fetch(
        `${local.providers[1]!.baseUrl}/services/data/v60.0/query?q=${encodeURIComponent(soql)}`,
        { headers: { authorization: `Bearer ${local.issueTokens('salesforce')!.accessToken}` } },
      );
      expect(((await counted.json()) as { totalSize: number }).totalSize).toBeGreaterThan(0);
    } finally {
      await local.close();
    }
  });

  it('takes the rate the variable names, 0 keeping the accounts still', async () => {
    for (const [value, rate] of [
      ['0', 0],
      ['12', 12],
      [' 0.5 ', 0.5],
    ] as const) {
      const local = await startLocalProviders({ SPLICE_SANDBOX_ACTIVITY: value });
      try {
        expect(local.changesPerMinute).toBe(rate);
        expect(local.describe()[0]).toContain(`${rate} changes per minute`);
      } finally {
        await local.close();
      }
    }
  });

  it('refuses a value that is not a rate, naming the variable, and starts nothing', async () => {
    for (const value of ['fast', '-1', '3/min', 'Infinity']) {
      await expect(startLocalProviders({ SPLICE_SANDBOX_ACTIVITY: value })).rejects.toThrow(
        /SPLICE_SANDBOX_ACTIVITY must be a number of changes per minute/,
      );
    }
  });
});
