/**
 * Reads one page of an operation: the provider records after the operation's cursor, turned into messages
 * and stored with the advanced cursor in one checkpoint. What an operation needs to know of its installation
 * (envelope, mappings, conditions, destination) is looked up once and kept while it runs.
 */
import type { ManifestIntegration } from '@splice/schema';
import { manifestIntegrationSchema, resolveFieldName, toProviderValue } from '@splice/schema';
import type { Provider } from '../deps.js';
import type { FieldFilter } from '../provider/provider-types.js';
import type { ReadWindow } from '../provider/sandbox-reader.js';
import type { Installation, Repository } from '../store/index.js';
import type { MessageEnvelope, RecordShaping } from './build-messages.js';
import { packMessages, resultEntry } from './build-messages.js';
import type { OperationStore, ReadOperation } from './operation-store.js';
import { type EffectiveReadObject, effectiveReadObjects } from './read-plan.js';
import type { TimeSlice } from './time-slice.js';
import type { ReadTiming } from './timing.js';

export interface OperationContext {
  installation: Installation;
  provider: Provider;
  object: EffectiveReadObject;
  envelope: MessageEnvelope;
  shaping: RecordShaping;
  window: ReadWindow;
  destinationName: string;
}

/** A read that cannot proceed; the operation fails with this message. */
export class ReadRefused extends Error {}

const parsedManifests = new Map<string, ManifestIntegration>();

/** An integration's manifest, parsed once per revision (every read of every installation needs it). */
function parsedManifest(integration: {
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

export function manifestOf(repo: Repository, projectId: string, integrationId: string): ManifestIntegration {
  const integration = repo.getIntegration(projectId, integrationId);
  if (!integration) throw new ReadRefused(`the integration "${integrationId}" no longer exists`);
  return parsedManifest(integration);
}

/** The provider's conditions for a read: the object's fieldFilters, and for a backfill its own too (AND). */
export function readConditions(object: EffectiveReadObject, withBackfill: boolean): FieldFilter[] {
  const filters = [...object.fieldFilters, ...(withBackfill ? (object.backfill?.fieldFilters ?? []) : [])];
  const ctx = { manifestObject: object.manifestObject, objectConfig: object.config };
  return filters
    .filter((filter) => filter.value !== undefined)
    .map((filter) => {
      const field = resolveFieldName(filter.fieldName, ctx);
      return { fieldName: field.providerField, value: toProviderValue(filter.value!, field) };
    });
}

export function buildContext(
  repo: Repository,
  providers: ReadonlyMap<string, Provider>,
  operation: ReadOperation,
): OperationContext {
  const installation = repo.getInstallationById(operation.projectId, operation.installationId);
  if (!installation) throw new ReadRefused('the installation no longer exists');
  const integration = repo.getIntegration(operation.projectId, operation.integrationId);
  if (!integration) throw new ReadRefused(`the integration "${operation.integrationId}" no longer exists`);
  const manifest = parsedManifest(integration);
  const provider = providers.get(integration.provider);
  if (!provider) throw new ReadRefused(`the service has no provider "${integration.provider}"`);
  const object = effectiveReadObjects(installation, manifest).find(
    (o) => o.objectName === operation.objectName,
  );
  if (!object) throw new ReadRefused(`the installation no longer reads "${operation.objectName}"`);
  if (!object.destination) throw new ReadRefused(`"${operation.objectName}" names no destination`);
  const group = repo.getGroup(installation.projectId, installation.groupRef);
  const connection = repo.getConnection(installation.projectId, installation.connectionId);
  const consumerRef = connection?.consumerRef ?? installation.createdBy;
  return {
    installation,
    provider,
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
}

/** Ids per counting slice: a full-history count over a million records would stall the event loop. */
const countSlice = 100_000;

/**
 * The estimate of a read. A window with a lower bound is counted at once (the provider's time index keeps
 * it small); all history is counted in id slices, yielding between them.
 */
async function countInSlices(
  provider: Provider,
  objectName: string,
  window: ReadWindow,
  slice: TimeSlice,
): Promise<number> {
  if (window.sinceMs !== undefined) return provider.countRecords(objectName, window);
  const last = provider.lastRecordId(objectName);
  let total = 0;
  for (let after = 0; after < last; after += countSlice) {
    total += provider.countRecords(objectName, window, { after, upTo: after + countSlice });
    await slice.yield();
  }
  return total;
}

/**
 * Reads and checkpoints one page. Answers how many messages it stored and whether it was the last page. Shaping the records is the costly
 * part; it yields to the event loop between chunks of `buildChunk` records.
 */
export async function readOnePage(
  store: OperationStore,
  operation: ReadOperation,
  context: OperationContext,
  timing: ReadTiming,
  slice: TimeSlice,
): Promise<{ messages: number; finished: boolean }> {
  const { provider, window } = context;
  const estimate =
    operation.afterId === 0 && operation.recordsEstimatedTotal === undefined
      ? await countInSlices(provider, operation.objectName, window, slice)
      : undefined;
  const page = provider.readPage(operation.objectName, window, operation.afterId, timing.pageSize);
  const entries: string[] = [];
  for (let index = 0; index < page.records.length; index++) {
    entries.push(resultEntry(page.records[index]!, context.shaping));
    if ((index + 1) % timing.buildChunk === 0) await slice.yield();
  }
  const messages = packMessages(context.envelope, entries, context.destinationName, timing.maxMessageBytes);
  await store.checkpoint({
    operationId: operation.id,
    afterId: page.lastId,
    recordsProcessed: operation.recordsProcessed + page.records.length,
    messages,
    finished: page.records.length < timing.pageSize,
    createTime: new Date(timing.now()).toISOString(),
    ...(estimate === undefined ? {} : { recordsEstimatedTotal: estimate }),
  });
  return { messages: messages.length, finished: page.records.length < timing.pageSize };
}
