import { describe, expect, it } from 'vitest';
import { providerAppsFromEnv } from '../config.js';
import { providerCatalog } from './catalog.js';
import { providerInfo } from './provider-info.js';

describe('provider apps from the environment', () => {
  it("defaults to the emulators' app on their default ports", () => {
    expect(providerAppsFromEnv({})).toEqual({
      hubspot: {
        clientId: 'splice-emulator-client',
        clientSecret: 'splice-emulator-secret',
        baseUrl: 'http://127.0.0.1:4020',
      },
      salesforce: {
        clientId: 'splice-emulator-client',
        clientSecret: 'splice-emulator-secret',
        baseUrl: 'http://127.0.0.1:4021',
      },
    });
  });

  it('takes each variable, an empty one as unset, and a base URL without its trailing slash', () => {
    const apps = providerAppsFromEnv({
      SPLICE_HUBSPOT_CLIENT_ID: 'real-id',
      SPLICE_HUBSPOT_CLIENT_SECRET: 'real-secret',
      SPLICE_HUBSPOT_BASE_URL: 'https://api.hubapi.com/',
      SPLICE_SALESFORCE_CLIENT_ID: '',
      SPLICE_SALESFORCE_BASE_URL: 'https://login.salesforce.com',
    });
    expect(apps.hubspot).toEqual({
      clientId: 'real-id',
      clientSecret: 'real-secret',
      baseUrl: 'https://api.hubapi.com',
    });
    expect(apps.salesforce.clientId).toBe('splice-emulator-client');
    expect(apps.salesforce.baseUrl).toBe('https://login.salesforce.com');
  });

  it('refuses a base URL that is not http or https, naming the variable', () => {
    expect(() => providerAppsFromEnv({ SPLICE_HUBSPOT_BASE_URL: 'ftp://example.com' })).toThrow(
      /^SPLICE_HUBSPOT_BASE_URL is not valid/,
    );
    expect(() => providerAppsFromEnv({ SPLICE_SALESFORCE_BASE_URL: 'not a url' })).toThrow(
      /^SPLICE_SALESFORCE_BASE_URL is not valid/,
    );
  });
});

describe('the HubSpot catalog entry', () => {
  it("points at the emulator's token endpoint and consent page by default", () => {
    const hubspot = providerCatalog(providerAppsFromEnv({})).get('hubspot');
    expect(hubspot?.oauth).toMatchObject({
      grantType: 'authorizationCode',
      authorizeUrl: 'http://127.0.0.1:4020/oauth/authorize',
      tokenUrl: 'http://127.0.0.1:4020/oauth/v1/token',
      clientId: 'splice-emulator-client',
    });
    expect(hubspot?.api).toEqual({ kind: 'fixed', baseUrl: 'http://127.0.0.1:4020' });
    expect(hubspot?.support.batchWrite).toEqual({ create: true, update: true, limit: 100 });
  });

  it("sends users to HubSpot's own consent page when the base URL is HubSpot's API", () => {
    const hubspot = providerCatalog(
      providerAppsFromEnv({ SPLICE_HUBSPOT_BASE_URL: 'https://api.hubapi.com' }),
    ).get('hubspot');
    expect(hubspot?.oauth.authorizeUrl).toBe('https://app.hubspot.com/oauth/authorize');
    expect(hubspot?.oauth.tokenUrl).toBe('https://api.hubapi.com/oauth/v1/token');
  });

  it("answers the hosted provider shape without the app's credentials", () => {
    const entry = providerCatalog(
      providerAppsFromEnv({
        SPLICE_HUBSPOT_CLIENT_ID: 'id-123456',
        SPLICE_HUBSPOT_CLIENT_SECRET: 'secret-7890',
      }),
    ).get('hubspot')!;
    const info = providerInfo(entry);
    expect(info).toMatchObject({
      name: 'hubspot',
      displayName: 'HubSpot',
      authType: 'oauth2',
      baseURL: 'http://127.0.0.1:4020',
      oauth2Opts: { tokenURL: 'http://127.0.0.1:4020/oauth/v1/token' },
      support: {
        read: true,
        search: { operators: { equals: true } },
        batchWrite: { create: { supported: true, defaultRecordLimit: 100 }, upsert: { supported: false } },
      },
    });
    const text = JSON.stringify(info);
    expect(text).not.toContain('id-123456');
    expect(text).not.toContain('secret-7890');
  });
});
