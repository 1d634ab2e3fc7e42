/**
 * Reads one page of an operation: the provider records after the operation's cursor, turned into messages
 * and stored with the advanced cursor in one checkpoint. What an operation needs to know of its installation
 * (envelope, mappings, conditions, destination) is looked up once and kept while it runs.
 */
import type { ManifestIntegration } from '@splice/schema';
import { resolveFilters } from '@splice/schema';
import type { ConnectorSource } from '../connectors/connector-source.js';
import { integrationManifest } from '../lookups/find-integration.js';
import type { FieldFilter, Provider, ReadWindow } from '../provider/provider-contract.js';
import type { Repository } from '../store/index.js';
import { type ConnectorContext, connectorContext } from './connector-reads.js';
import type { OperationStore, ReadOperation } from './operation-store.js';
import type { BuiltPage, PageBuilder, PageRequest } from './page-builder.js';
import { inThreadPageBuilder } from './page-builder.js';
import type { ReadContextBase } from './read-context.js';
import { type EffectiveReadObject, effectiveReadObjects } from './read-plan.js';
import type { TimeSlice } from './time-slice.js';
import type { ReadTiming } from './timing.js';

/** An operation of a provider served in-process (the sandbox CRM), read by record id. */
export interface OperationContext extends ReadContextBase {
  provider: Provider;
  /** Where pages are read and shaped: a worker thread when the provider has one, else this thread. */
  pages: PageBuilder;
  /** The next page, asked for while the engine stores this one (its `afterId` says which it is). */
  prefetched?: { afterId: number; page: Promise<BuiltPage> };
}

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

/**
 * What an operation reads with, looked up once: a catalog provider's connector for the installation's
 * connection (`connectors`), else the in-process provider of that name.
 */
export async function buildContext(
  repo: Repository,
  providers: ReadonlyMap<string, Provider>,
  operation: ReadOperation,
  pageBuilders: ReadonlyMap<string, PageBuilder> = new Map(),
  connectors?: ConnectorSource,
): Promise<OperationContext | ConnectorContext> {
  const installation = await repo.getInstallationById(operation.projectId, operation.installationId);
  if (!installation) throw new ReadRefused('the installation no longer exists');
  const { integration, manifest } = await integrationOf(repo, operation.projectId, operation.integrationId);
  const catalogued = connectors?.entry(integration.provider) !== undefined;
  const provider = providers.get(integration.provider);
  if (!catalogued && !provider)
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
  if (catalogued && connectors) {
    if (!connection) throw new ReadRefused("the installation's connection no longer exists");
    return connectorContext(base, connectors.forConnection(connection));
  }
  // `provider` is set whenever the provider is not catalogued (checked above).
  const inProcess = provider as Provider;
  return {
    ...base,
    provider: inProcess,
    pages: pageBuilders.get(integration.provider) ?? inThreadPageBuilder(inProcess),
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
  const request: PageRequest = {
    objectName: operation.objectName,
    window,
    afterId: operation.afterId,
    limit: timing.pageSize,
    shaping: context.shaping,
    envelope: context.envelope,
    destinationName: context.destinationName,
    maxMessageBytes: timing.maxMessageBytes,
    buildChunk: timing.buildChunk,
  };
  const prefetched = context.prefetched?.afterId === operation.afterId ? context.prefetched.page : undefined;
  context.prefetched = undefined;
  const page = await pageWithFallback(context, request, prefetched);
  const finished = page.records < timing.pageSize;
  // The next page is read and shaped (on the worker thread) while this one is stored and delivered.
  if (!finished && !context.pages.inThread) {
    const next = context.pages.build({ ...request, afterId: page.lastId });
    next.catch(() => undefined);
    context.prefetched = { afterId: page.lastId, page: next };
  }
  await store.checkpoint({
    operationId: operation.id,
    fromAfterId: operation.afterId,
    afterId: page.lastId,
    recordsProcessed: operation.recordsProcessed + page.records,
    messages: page.messages,
    finished,
    createTime: new Date(timing.now()).toISOString(),
    ...(estimate === undefined ? {} : { recordsEstimatedTotal: estimate }),
  });
  return { messages: page.messages.length, finished };
}

/**
 * The page from the context's builder; when a worker thread cannot build it (it failed to start or died),
 * the context falls back to this thread for good, so a read never depends on the worker. A provider's own
 * error (an unknown field) is then raised by the in-thread build and fails the operation as before.
 */
async function pageWithFallback(
  context: OperationContext,
  request: PageRequest,
  prefetched: Promise<BuiltPage> | undefined,
): Promise<BuiltPage> {
  try {
    return await (prefetched ?? context.pages.build(request));
  } catch (error) {
    const local = inThreadPageBuilder(context.provider);
    if (context.pages.inThread) throw error;
    context.pages = local;
    return local.build(request);
  }
}
