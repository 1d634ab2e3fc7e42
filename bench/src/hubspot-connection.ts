/**
 * HubSpot connections as a finished connect flow stores them, for benches that seed groups straight into
 * the service's store before (or beside) the service runs.
 */
import type { IssuedTokens } from '@splice/provider-emulators';
import type { SecretBox, StoredTokens } from '@splice/service';
import { sealCredentials } from '@splice/service';

/** Tokens the emulator issued, as a connection keeps them. */
export function storedTokensOf(issued: IssuedTokens): StoredTokens {
  return {
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken,
    expiresAtMs: issued.issuedAt + issued.expiresIn * 1000,
    obtainedAtMs: issued.issuedAt,
  };
}

/**
 * A group's working default HubSpot connection (`conn-${groupRef}`), its tokens sealed by `secrets`.
 * `account` is the HubSpot account (hub id) it reaches: connections to one account share its request budget.
 */
export function hubSpotConnection(
  secrets: SecretBox,
  groupRef: string,
  tokens: StoredTokens,
  account = groupRef,
) {
  return {
    id: `conn-${groupRef}`,
    projectId: 'demo',
    provider: 'hubspot',
    groupRef,
    consumerRef: `${groupRef}-admin`,
    providerWorkspaceRef: account,
    status: 'working' as const,
    authScheme: 'oauth2/authorizationCode' as const,
    isDefault: true,
    credentials: sealCredentials(secrets, tokens),
  };
}
