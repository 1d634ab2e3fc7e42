/**
 * What a write needs before it reaches the provider: the group's installation of the integration, the
 * object's write settings from it (the object must be in `write.objects`), the mappings that name the
 * record's fields (the object's read config and manifest entry), and the connection's connector.
 */
import type { Issue, MappingContext, WriteObjectConfig } from '@splice/schema';
import { problemTypes, readObjectConfigSchema, writeObjectConfigSchema } from '@splice/schema';
import { problemError } from '@splice/server-kit';
import type { Connector } from '../connectors/connector.js';
import type { ServiceDeps } from '../deps.js';
import type { IntegrationWithManifest } from '../lookups/find-integration.js';
import type { Installation } from '../store/index.js';

export interface WriteTarget {
  integration: IntegrationWithManifest;
  installation: Installation;
  objectName: string;
  settings: WriteObjectConfig;
  mapping: MappingContext;
}

function ownEntry(map: Record<string, unknown> | undefined, key: string): unknown {
  return map && Object.hasOwn(map, key) ? map[key] : undefined;
}

/** The group's installation and the object's write settings; a problem when either is missing. */
export async function findWriteTarget(
  deps: ServiceDeps,
  integration: IntegrationWithManifest,
  groupRef: string,
  objectName: string,
): Promise<WriteTarget> {
  const { project, integration: row, manifest } = integration;
  const [group, installation] = await Promise.all([
    deps.repo.getGroup(project.id, groupRef),
    deps.repo.getInstallation(project.id, row.id, groupRef),
  ]);
  if (!group) {
    throw problemError(404, 'groupNotFound', `Project "${project.name}" has no group "${groupRef}".`);
  }
  if (!installation) {
    throw problemError(404, 'installationNotFound', {
      detail: `Group "${groupRef}" has no installation of "${row.name}": install it before writing.`,
    });
  }
  const content = installation.config.content as {
    read?: { objects?: Record<string, unknown> };
    write?: { objects?: Record<string, unknown> };
  };
  const rawSettings = ownEntry(content.write?.objects, objectName);
  if (rawSettings === undefined) {
    const issue: Issue = {
      type: problemTypes.objectNotWritable.type,
      detail: `The installation does not write "${objectName}": it is not in its write settings.`,
      in: 'path',
      name: 'objectName',
      value: objectName,
    };
    throw problemError(422, 'objectNotWritable', { detail: issue.detail, issues: [issue] });
  }
  const rawRead = ownEntry(content.read?.objects, objectName);
  const objectConfig = rawRead === undefined ? undefined : readObjectConfigSchema.parse(rawRead);
  const manifestObject = manifest.read?.objects.find((o) => o.objectName === objectName);
  return {
    integration,
    installation,
    objectName,
    settings: writeObjectConfigSchema.parse(rawSettings),
    mapping: { ...(manifestObject && { manifestObject }), ...(objectConfig && { objectConfig }) },
  };
}

/** The connector of the installation's connection: writes reach catalog providers only. */
export async function writeConnector(deps: ServiceDeps, target: WriteTarget): Promise<Connector> {
  const { project, integration } = target.integration;
  if (!deps.connectors?.entry(integration.provider)) {
    throw problemError(422, 'objectNotWritable', {
      detail: `The service cannot write to "${integration.provider}": writes reach HubSpot and Salesforce.`,
    });
  }
  const connection = await deps.repo.getConnection(project.id, target.installation.connectionId);
  if (!connection) {
    throw problemError(422, 'connectionRequired', {
      detail: `The ${integration.provider} connection is gone: connect a ${integration.provider} account, then try again.`,
    });
  }
  return deps.connectors.forConnection(connection);
}
