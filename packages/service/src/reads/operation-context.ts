/**
 * What reading an operation needs, looked up once and kept while it runs: its installation's envelope,
 * mappings, conditions and destination, and the connector of the installation's connection.
 */
import type { ManifestIntegration } from '@splice/schema';
import { resolveFilters } from '@splice/schema';
import type { ConnectorSource } from '../connectors/connector-source.js';
import type { FieldFilter } from '../connectors/provider-record.js';
import { integrationManifest } from '../lookups/find-integration.js';
import type { Repository } from '../store/index.js';
import { type ConnectorContext, connectorContext } from './connector-reads.js';
import type { ReadOperation } from './operation-store.js';
import type { ReadContextBase } from './read-context.js';
import { type EffectiveReadObject, effectiveReadObjects } from './read-plan.js';

/** A read that cannot proceed; the operation fails with this message. */
export class ReadRefused extends Error {}

export async function manifestOf(
  repo: Repository,
  projectId: string,
  integrationId: string,
): Promise<ManifestIntegration> {
  return (await integrationOf(repo, projectId, integrationId)).manifest;
}

async function integrationOf(repo: Repository, projectId: string, integrationId: string) {
  const found = await integrationManifest(repo, projectId, integrationId);
  if (!found) throw new ReadRefused(`the integration "${integrationId}" no longer exists`);
  return found;
}

/** The provider's conditions for a read: the object's fieldFilters, and for a backfill its own too (AND). */
export function readConditions(object: EffectiveReadObject, withBackfill: boolean): FieldFilter[] {
  const filters = [...object.fieldFilters, ...(withBackfill ? (object.backfill?.fieldFilters ?? []) : [])];
  const ctx = { manifestObject: object.manifestObject, objectConfig: object.config };
  const given = filters.flatMap(({ fieldName, value }) =>
    value === undefined ? [] : [{ fieldName, value }],
  );
  return resolveFilters(given, ctx).map(({ field, providerValue }) => ({
    fieldName: field.providerField,
    value: providerValue,
  }));
}

/** What an operation reads with, looked up once: the provider's connector for the installation's connection. */
export async function buildContext(
  repo: Repository,
  operation: ReadOperation,
  connectors: ConnectorSource,
): Promise<ConnectorContext> {
  const installation = await repo.getInstallationById(operation.projectId, operation.installationId);
  if (!installation) throw new ReadRefused('the installation no longer exists');
  const { integration, manifest } = await integrationOf(repo, operation.projectId, operation.integrationId);
  if (!connectors.entry(integration.provider))
    throw new ReadRefused(`the service has no provider "${integration.provider}"`);
  const object = effectiveReadObjects(installation, manifest).find(
    (o) => o.objectName === operation.objectName,
  );
  if (!object) throw new ReadRefused(`the installation no longer reads "${operation.objectName}"`);
  if (!object.destination) throw new ReadRefused(`"${operation.objectName}" names no destination`);
  const group = await repo.getGroup(installation.projectId, installation.groupRef);
  const connection = await repo.getConnection(installation.projectId, installation.connectionId);
  const consumerRef = connection?.consumerRef ?? installation.createdBy;
  const base: ReadContextBase = {
    installation,
    object,
    destinationName: object.destination,
    shaping: {
      ...(object.config ? { objectConfig: object.config } : {}),
      ...(object.manifestObject ? { manifestObject: object.manifestObject } : {}),
    },
    envelope: {
      projectId: installation.projectId,
      provider: integration.provider,
      groupRef: installation.groupRef,
      groupName: group?.groupName ?? installation.groupRef,
      installationId: installation.id,
      installationUpdateTime: installation.updateTime ?? installation.createTime,
      objectName: operation.objectName,
      consumerRef,
      // The store keeps no display name for a consumer: its reference stands in.
      consumerName: consumerRef,
      operationId: operation.id,
      readType: operation.readType,
      operationTime: operation.createTime,
    },
    window: {
      ...(operation.sinceTime ? { sinceMs: Date.parse(operation.sinceTime) } : {}),
      untilMs: Date.parse(operation.untilTime),
      conditions: readConditions(object, operation.readType === 'backfill'),
    },
  };
  if (!connection) throw new ReadRefused("the installation's connection no longer exists");
  return connectorContext(base, connectors.forConnection(connection));
}
