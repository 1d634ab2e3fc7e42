import type { CredentialSource, ServiceConfig } from './config.js';
import { demoDataSet } from './demo-data.js';
import { DestinationAddressPolicy } from './reads/destination-address.js';
import type { RunningService } from './start-service.js';

/**
 * A secret as the banner shows it: the value only when it is the published development default (a curl user
 * copies it from here); a value the operator set stays out of the output, which often ends up in a log.
 */
function secretLine(value: string, source: CredentialSource, variable: string): string {
  return source === 'devDefault' ? `${value}   (dev default: set ${variable})` : `(from ${variable})`;
}

/** What `pnpm service` prints once it listens: the addresses, where the credentials come from, the data. */
export function startupBanner(config: ServiceConfig, service: RunningService): string {
  const sources = config.credentialSources;
  const groups = demoDataSet.groups.map((g) => `${g.groupRef} (${g.crm ?? 'no connection'})`).join(', ');
  const destinations = config.allowPrivateDestinations.length
    ? `public addresses and ${config.allowPrivateDestinations.join(', ')} (SPLICE_ALLOW_PRIVATE_DESTINATIONS)`
    : 'public addresses only (SPLICE_ALLOW_PRIVATE_DESTINATIONS)';
  const lines = [
    'Splice embedded service listening',
    `  {base_url}    ${service.baseUrl}`,
    `  {search_url}  ${service.searchUrl}`,
    `  {read_url}    ${service.readUrl}`,
    `  {write_url}   ${service.writeUrl}`,
    `  OpenAPI       ${service.url}/openapi.json`,
    `  API key       ${secretLine(service.apiKey, sources.apiKey, 'SPLICE_API_KEY')}`,
    `  Auth token    ${secretLine(service.authToken, sources.authToken, 'SPLICE_AUTH_TOKEN')}`,
    `  Data dir      ${config.dataDir}`,
    `  Destinations  ${destinations}`,
  ];
  if (config.demoReceiverUrl) {
    // The receiver is usually on this machine, which the default address rule refuses to deliver to.
    const refused = new DestinationAddressPolicy(config.allowPrivateDestinations).urlRefusal(
      config.demoReceiverUrl,
    );
    lines.push(
      `  Demo receiver ${config.demoReceiverUrl}   (destinations contactsWebhook, companiesWebhook, dealsWebhook)`,
      ...(refused ? [`                nothing is delivered there: ${refused}`] : []),
      `  Webhook secret ${secretLine(config.demoWebhookSecret, sources.demoWebhookSecret, 'SPLICE_DEMO_WEBHOOK_SECRET')}`,
    );
  }
  lines.push(
    `  Demo data     project "${demoDataSet.project.id}", integrations "hubspot-sync" and "salesforce-sync", groups ${groups}, org "${demoDataSet.org.id}"`,
  );
  return lines.join('\n');
}
