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
