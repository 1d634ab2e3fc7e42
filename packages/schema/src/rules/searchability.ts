import type { ConfigContent } from '../resources/config.js';
import type { ManifestIntegration } from '../resources/manifest.js';

export type Searchability =
  | { searchable: true; reason: 'always-enabled' | 'enabled' }
  | { searchable: false; reason: 'not-in-manifest' | 'disabled' };

/**
 * docs/service-interface.md#search-rules, rules 1-4. Rule 4 (search needs no action type of its own) is why only `read` is consulted.
 * `installationContent` undefined is read as a config that disables nothing (rule 3: searchable unless
 * `disabled: true`). Whether the group has an installation at all (docs/service-interface.md#create-installation) is the caller's check.
 */
export function searchability(
  objectName: string,
  integration: Pick<ManifestIntegration, 'read'>,
  installationContent: Pick<ConfigContent, 'read'> | undefined,
): Searchability {
  const manifestObject = integration.read.objects.find((o) => o.objectName === objectName);
  // Rule 1: only objects defined under `read` in the manifest.
  if (!manifestObject) return { searchable: false, reason: 'not-in-manifest' };
  // Rule 2: `enabled: always` wins over the installation config.
  if (manifestObject.enabled === 'always') return { searchable: true, reason: 'always-enabled' };
  // Rule 3: otherwise searchable unless the installation sets `disabled: true`.
  // Own keys only: an object named "constructor" or "toString" is not one the installation configures.
  const objects = installationContent?.read?.objects;
  const objectConfig = objects && Object.hasOwn(objects, objectName) ? objects[objectName] : undefined;
  if (objectConfig?.disabled === true) return { searchable: false, reason: 'disabled' };
  return { searchable: true, reason: 'enabled' };
}

/** The manifest's read objects that are searchable for an installation, in manifest order. */
export function searchableObjects(
  integration: Pick<ManifestIntegration, 'read'>,
  installationContent: Pick<ConfigContent, 'read'> | undefined,
): string[] {
  return integration.read.objects
    .map((o) => o.objectName)
    .filter((name) => searchability(name, integration, installationContent).searchable);
}
