import type { Manifest } from '@splice/schema';
import type { SecretBox } from './oauth/crypto.js';
import { type StoredTokens, sealCredentials } from './oauth/sealed-credentials.js';
import type { DestinationStore } from './store/destination-store.js';
import { ConflictError } from './store/errors.js';
import type { Repository } from './store/index.js';

/**
 * The demo data set every test, the demo and the README rely on: project `demo`; the manifest's
 * integrations (id = name, so `hubspot-sync` is addressable by both); groups `acme` (its CRM HubSpot),
 * `globex` (Salesforce) and `initech` (none); org `org-demo`. Idempotent: a restart adds nothing twice and
 * keeps every id. The CRM connections come from the grants `seedDemoConnections` stores.
 */
export const demoDataSet = {
  project: { id: 'demo', name: 'demo', displayName: 'Northwind Pipeline' },
  org: { id: 'org-demo', name: 'Northwind Pipeline' },
  groups: [
    { groupRef: 'acme', groupName: 'Acme Corp', crm: 'hubspot' },
    { groupRef: 'globex', groupName: 'Globex', crm: 'salesforce' },
    { groupRef: 'initech', groupName: 'Initech', crm: undefined },
  ],
} as const;

/**
 * A demo group's CRM grant, issued at start by whoever runs the provider: the local emulators hold their
 * accounts in memory and issue new tokens on every run, so the stored connection's tokens are replaced
 * at every start rather than seeded once.
 */
export interface DemoConnectionGrant {
  groupRef: string;
  provider: string;
  tokens: StoredTokens;
  /** The provider's name for the account (HubSpot's hub domain, a Salesforce org); default the group's name. */
  workspace?: string;
}

/**
 * The demo groups' grants: each company with a CRM (Acme's HubSpot, Globex's Salesforce) gets the tokens
 * `issue` answers for its provider; a provider `issue` has no tokens for (a real one, not an emulator,
 * which only its consent page can grant) leaves that company to connect through the connect flow.
 */
export function demoConnectionGrants(
  issue: (provider: string) => StoredTokens | undefined,
): DemoConnectionGrant[] {
  return demoDataSet.groups.flatMap((group) => {
    const tokens = group.crm && issue(group.crm);
    return group.crm && tokens ? [{ groupRef: group.groupRef, provider: group.crm, tokens }] : [];
  });
}

/**
 * Stores each grant as its group's working connection to that provider: a new connection on first start,
 * the same connection (id and installations kept) with the new tokens after that.
 */
export async function seedDemoConnections(
  repo: Repository,
  secrets: SecretBox,
  grants: readonly DemoConnectionGrant[],
): Promise<void> {
  const projectId = demoDataSet.project.id;
  for (const grant of grants) {
    const group = demoDataSet.groups.find((g) => g.groupRef === grant.groupRef);
    const credentials = sealCredentials(secrets, grant.tokens);
    const existing = (await repo.listConnections(projectId, grant.groupRef)).find(
      (connection) => connection.provider === grant.provider,
    );
    if (existing) {
      await repo.updateConnection(projectId, existing.id, { credentials, status: 'working' });
      continue;
    }
    await repo.insertConnection({
      id: `conn-${grant.groupRef}-${grant.provider}`,
      projectId,
      provider: grant.provider,
      groupRef: grant.groupRef,
      consumerRef: `${grant.groupRef}-admin`,
      providerWorkspaceRef: grant.workspace ?? group?.groupName ?? grant.groupRef,
      status: 'working',
      authScheme: 'oauth2/authorizationCode',
      isDefault: true,
      credentials,
    });
  }
}

export async function seedDemoData(repo: Repository, manifest: Manifest): Promise<void> {
  await repo.transaction(async (tx) => {
    const { project, org, groups } = demoDataSet;
    if (!(await tx.getProject(project.id))) await tx.insertProject(project);
    else await tx.nameUnnamedProject(project.id, project.displayName);
    if (!(await tx.getOrg(org.id))) await tx.insertOrg(org);
    for (const integration of manifest.integrations) {
      await tx.upsertIntegration({
        id: integration.name,
        projectId: project.id,
        name: integration.name,
        provider: integration.provider,
        specVersion: manifest.specVersion,
        content: integration,
      });
    }
    // The groups' CRM connections are their grants, stored at every start by `seedDemoConnections`.
    for (const group of groups) {
      await tx.upsertGroup({ projectId: project.id, groupRef: group.groupRef, groupName: group.groupName });
    }
  });
}

/** The demo receiver's signing secret when `SPLICE_DEMO_WEBHOOK_SECRET` is unset (a dev value, printed at start). */
export const demoWebhookSecret = 'whsec_c3BsaWNlLWRlbW8td2ViaG9vay1zZWNyZXQtMDE=';

/**
 * Points every destination the manifest's read objects name (`contactsWebhook`, ...) at the demo app's
 * receiver, with the configured secret. Runs at every start, because the demo's port changes between runs.
 */
export async function seedDemoDestinations(
  destinations: DestinationStore,
  manifest: Manifest,
  receiver: { url: string; signingSecret: string },
): Promise<string[]> {
  const projectId = demoDataSet.project.id;
  const names = new Set(
    manifest.integrations.flatMap((integration) =>
      (integration.read?.objects ?? []).flatMap((object) => (object.destination ? [object.destination] : [])),
    ),
  );
  for (const name of names) {
    const existing = await destinations.get(projectId, name);
    if (!existing) {
      try {
        await destinations.insert({
          projectId,
          name,
          metadata: { url: receiver.url },
          signingSecret: receiver.signingSecret,
        });
      } catch (error) {
        // Another instance on the same PostgreSQL seeded it at the same moment, with the same values.
        if (!(error instanceof ConflictError)) throw error;
      }
      continue;
    }
    if (existing.metadata.url !== receiver.url) {
      await destinations.update(projectId, name, { metadata: { ...existing.metadata, url: receiver.url } });
    }
    if (existing.signingSecret !== receiver.signingSecret) {
      await destinations.setSigningSecret(projectId, name, receiver.signingSecret);
    }
  }
  return [...names];
}
