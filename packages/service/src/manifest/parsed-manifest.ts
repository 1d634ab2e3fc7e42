import type { ManifestIntegration } from '@splice/schema';
import { manifestIntegrationSchema } from '@splice/schema';

const parsedManifests = new Map<string, ManifestIntegration>();

/**
 * An integration's manifest, parsed once per revision: every request about an integration and every read of
 * every installation needs it, and the stored content was already validated when the manifest was loaded.
 */
export function parsedManifest(integration: {
  id: string;
  revisionId: string;
  content: unknown;
}): ManifestIntegration {
  const key = `${integration.id}\u0000${integration.revisionId}`;
  let manifest = parsedManifests.get(key);
  if (!manifest) {
    if (parsedManifests.size > 1_000) parsedManifests.clear();
    manifest = manifestIntegrationSchema.parse(integration.content);
    parsedManifests.set(key, manifest);
  }
  return manifest;
}
