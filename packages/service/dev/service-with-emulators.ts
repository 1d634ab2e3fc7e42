/**
 * `pnpm service`: the service with the HubSpot and Salesforce emulators beside it, each on a free loopback
 * port, unless SPLICE_HUBSPOT_BASE_URL or SPLICE_SALESFORCE_BASE_URL names the provider to use instead.
 * Outside `src`: the published package (its `splice-service` bin) never loads the emulators, which are a
 * private workspace package; this entry exists only in the repository.
 */
import { startLocalProviders } from '@splice/provider-emulators';
import { configFromEnv } from '../src/config.js';
import { demoConnectionGrants } from '../src/demo-data.js';
import { serveFromCli } from '../src/serve-from-cli.js';

const providers = await startLocalProviders(process.env);
let config: ReturnType<typeof configFromEnv>;
try {
  config = configFromEnv({ ...process.env, ...providers.env });
} catch (error) {
  await providers.close();
  console.error((error as Error).message);
  process.exit(1);
}
// Acme's HubSpot and Globex's Salesforce: a grant each from this run's emulators.
const demoConnections = demoConnectionGrants((provider) => providers.issueTokens(provider));
await serveFromCli(config, {
  demoConnections,
  bannerLines: providers.describe(),
  closeBeside: providers.close,
});
