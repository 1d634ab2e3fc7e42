/**
 * The CRM the reliability suite's services read: the HubSpot emulator on a loopback port, with its rate
 * limit lifted (the suite measures the service, not HubSpot's 110 requests per 10 s), and connections to
 * it in the form a finished connect flow stores them (a grant of their own per group, sealed).
 */
import {
  type HubSpotEmulatorOptions,
  type RunningHubSpotEmulator,
  startHubSpotEmulator,
} from '@splice/provider-emulators';
import type { Repository, StoredTokens } from '@splice/service';
import { loadSecretKey, providerAppsFromEnv, SecretBox, sealCredentials } from '@splice/service';

/** The demo manifest's HubSpot integration and provider: what the suite installs and reads. */
export const crmIntegration = 'hubspot-sync';
export const crmProvider = 'hubspot';

export function startCrm(options: HubSpotEmulatorOptions = {}): Promise<RunningHubSpotEmulator> {
  return startHubSpotEmulator({
    ...options,
    rateLimit: { max: Number.MAX_SAFE_INTEGER, ...options.rateLimit },
  });
}

/** The service's provider apps pointing its HubSpot at the emulator. */
export const providerAppsFor = (crm: RunningHubSpotEmulator) =>
  providerAppsFromEnv({ SPLICE_HUBSPOT_BASE_URL: crm.url });

/** `SPLICE_HUBSPOT_BASE_URL` for a service process reading the emulator. */
export const crmEnv = (crm: Pick<RunningHubSpotEmulator, 'url'>) => ({ SPLICE_HUBSPOT_BASE_URL: crm.url });

/** What seeding connections needs of the emulator: grants (an emulator in another process hands out its own). */
export type GrantIssuer = Pick<RunningHubSpotEmulator, 'issueTokens'>;

/** A new grant at the emulator, as a connection stores its tokens. */
export function grantTokens(crm: GrantIssuer): StoredTokens {
  const issued = crm.issueTokens();
  return {
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken,
    expiresAtMs: issued.issuedAt + issued.expiresIn * 1000,
  };
}

/** A working default HubSpot connection of a group (`conn-${groupRef}`), its own grant sealed by `secrets`. */
export function crmConnection(crm: GrantIssuer, secrets: SecretBox, groupRef: string) {
  return {
    id: `conn-${groupRef}`,
    projectId: 'demo',
    provider: crmProvider,
    groupRef,
    consumerRef: `${groupRef}-admin`,
    providerWorkspaceRef: groupRef,
    status: 'working' as const,
    authScheme: 'oauth2/authorizationCode' as const,
    isDefault: true,
    credentials: sealCredentials(secrets, grantTokens(crm)),
  };
}

/** Stores `count` groups `${prefix}-${i}`, each with a working HubSpot connection; returns their refs. */
export async function seedCrmGroups(
  repo: Repository,
  crm: GrantIssuer,
  secrets: SecretBox,
  prefix: string,
  count: number,
): Promise<string[]> {
  const refs: string[] = [];
  await repo.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const groupRef = `${prefix}-${i}`;
      refs.push(groupRef);
      if (await tx.getGroup('demo', groupRef)) continue;
      await tx.upsertGroup({ projectId: 'demo', groupRef, groupName: `Generated ${groupRef}` });
      await tx.insertConnection(crmConnection(crm, secrets, groupRef));
    }
  });
  return refs;
}

/**
 * Acme and Globex connected to the HubSpot account (`conn-acme-hubspot`, `conn-globex-hubspot`, so a test
 * can name another group's connection), each with a grant of its own; kept if already there.
 */
export async function connectDemoGroups(
  repo: Repository,
  crm: GrantIssuer,
  secrets: SecretBox,
): Promise<void> {
  for (const groupRef of ['acme', 'globex']) {
    if ((await repo.listConnections('demo', groupRef)).some((c) => c.provider === crmProvider)) continue;
    await repo.insertConnection({
      ...crmConnection(crm, secrets, groupRef),
      id: `conn-${groupRef}-${crmProvider}`,
    });
  }
}

/**
 * The key a service process started on `dataDir` seals tokens with (made there now if missing, as the
 * service makes it), so connections seeded before it starts are ones it can open.
 */
export const secretsOf = (dataDir: string) => new SecretBox(loadSecretKey(dataDir));
