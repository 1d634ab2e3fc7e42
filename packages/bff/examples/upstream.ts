import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Upstream {
  baseUrl: string;
  searchUrl: string;
  apiKey: string;
  authToken: string;
  project: string;
  /** True for the embedded service started here: the BFF may use its extensions. */
  embeddedExtensions: boolean;
  close(): Promise<void>;
}

/**
 * Where the examples' BFF sends its calls: the service named by SPLICE_* variables, or else the embedded
 * service started here with the demo data set and the HubSpot and Salesforce emulators beside it (Acme's
 * and Globex's CRMs), so that every example runs with no account anywhere. (Only the examples start them:
 * the BFF itself talks to any service over HTTP.)
 */
export async function upstream(): Promise<Upstream> {
  const env = process.env;
  if (env.SPLICE_BASE_URL && env.SPLICE_SEARCH_URL && env.SPLICE_API_KEY && env.SPLICE_AUTH_TOKEN) {
    return {
      baseUrl: env.SPLICE_BASE_URL,
      searchUrl: env.SPLICE_SEARCH_URL,
      apiKey: env.SPLICE_API_KEY,
      authToken: env.SPLICE_AUTH_TOKEN,
      project: env.SPLICE_PROJECT ?? 'demo',
      embeddedExtensions: env.SPLICE_EMBEDDED_EXTENSIONS === '1',
      close: async () => {},
    };
  }
  const { demoConnectionGrants, providerAppsFromEnv, startService } = await import('@splice/service');
  const { startLocalProviders } = await import('@splice/provider-emulators');
  const providers = await startLocalProviders({});
  const dataDir = mkdtempSync(join(tmpdir(), 'splice-example-'));
  const service = await startService({
    port: 0,
    dataDir,
    providerApps: providerAppsFromEnv(providers.env),
    demoConnections: demoConnectionGrants((provider) => providers.issueTokens(provider)),
  });
  return {
    baseUrl: service.baseUrl,
    searchUrl: service.searchUrl,
    apiKey: service.apiKey,
    authToken: service.authToken,
    project: 'demo',
    embeddedExtensions: true,
    close: async () => {
      await service.close();
      await providers.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** True when the file is run directly (`tsx examples/hono.ts`), not imported by the examples' test. */
export function isMain(url: string): boolean {
  return process.argv[1] !== undefined && url.endsWith(process.argv[1].replace(/\\/g, '/'));
}
