/**
 * Reading an operation of a provider (HubSpot, Salesforce) through its `Connector`: each page is the
 * connector's `readPage` from the operation's stored cursor, shaped into messages, and checkpointed together
 * with the connector's next cursor. A crash resumes at the stored cursor; a page read from a cursor the
 * operation has moved past is not stored (the store compares cursors).
 *
 * A provider's trouble is acted on by its class (retry-policy.ts): a rate limit waits the provider's time
 * and reads on, an unavailable or unreadable answer is tried again with backoff within a deadline, a
 * revoked grant waits at the cursor for the user to reconnect, and a refused request fails the operation.
 */
import { fieldMappings } from '@splice/schema';
import type { Connector, ReadPageRequest, ReadPageResult } from '../connectors/connector.js';
import { type FieldFilter, type ProviderRecord, valuesOf } from '../connectors/provider-record.js';
import type { OperationStore, ReadOperation } from './operation-store.js';
import { messagesOf } from './page-messages.js';
import type { ReadContextBase } from './read-context.js';
import { endStreak, type FaultStreak } from './retry-policy.js';
import type { TimeSlice } from './time-slice.js';
import type { ReadTiming } from './timing.js';

export interface ConnectorContext extends ReadContextBase, FaultStreak {
  connector: Connector;
  /** The provider fields each page asks for; worked out at the first page. */
  fields?: readonly string[];
  /** The next page, asked for while this one is stored (`cursor` is the one it was read from). */
  prefetched?: { cursor: string; page: Promise<ReadPageResult> };
  /** Epoch ms before which the operation reads nothing: a rate limit's wait or a retry's backoff. */
  notBefore?: number;
  /** A provider fault is recorded as waited out on the operation: the next page read clears it. */
  providerWaiting?: boolean;
  /**
   * The provider refused the connection's authorization: the operation waits at its cursor until the
   * connection is no longer `bad_credentials` (the user reconnected), then reads on with the new tokens.
   */
  awaitingReconnect?: boolean;
}

export function connectorContext(base: ReadContextBase, connector: Connector): ConnectorContext {
  return { ...base, connector, failedTries: 0 };
}

export function isConnectorContext(context: object): context is ConnectorContext {
  return 'connector' in context;
}

/**
 * The provider fields a read asks for: what the installation reads (every field of the object when it
 * reads all, from the connector's metadata), the fields its mappings show, and the fields its conditions
 * test.
 */
async function fieldsToRead(context: ConnectorContext): Promise<readonly string[]> {
  if (context.fields) return context.fields;
  const config = context.object.config;
  const selected = Object.entries(config?.selectedFields ?? {}).flatMap(([name, on]) => (on ? [name] : []));
  let names: string[];
  // The same rule as the fields a message shows (visibleFieldsOf): none chosen is every field.
  if (!config || config.selectedFieldsAuto === 'all' || selected.length === 0) {
    const [metadata] = await context.connector.listObjectMetadata([context.object.objectName]);
    names = Object.keys(metadata?.fields ?? {});
  } else {
    names = selected;
  }
  const mapped = [...fieldMappings(context.shaping).values()].map((mapping) => mapping.providerField);
  const tested = context.window.conditions.map((condition) => condition.fieldName);
  context.fields = [...new Set([...names, ...mapped, ...tested])].filter((name) => name !== 'id');
  return context.fields;
}

/** A record meets a condition when its field equals one of the condition's values (compared as text). */
function meetsConditions(conditions: readonly FieldFilter[]): (record: ProviderRecord) => boolean {
  const wanted = conditions.map((condition) => ({
    fieldName: condition.fieldName,
    values: new Set(valuesOf(condition).map(String)),
  }));
  return (record) =>
    wanted.every(({ fieldName, values }) => {
      const value = record.fields[fieldName];
      return value !== null && value !== undefined && values.has(String(value));
    });
}

/** Reads and checkpoints one page through the connector. */
export async function readConnectorPage(
  store: OperationStore,
  operation: ReadOperation,
  context: ConnectorContext,
  timing: ReadTiming,
  slice: TimeSlice,
): Promise<{ messages: number; finished: boolean }> {
  const { window, connector } = context;
  const request: ReadPageRequest = {
    objectName: operation.objectName,
    fields: await fieldsToRead(context),
    ...(window.sinceMs === undefined ? {} : { sinceMs: window.sinceMs }),
    untilMs: window.untilMs,
    ...(operation.cursor === undefined ? {} : { cursor: operation.cursor }),
    pageSize: timing.pageSize,
  };
  const prefetched =
    context.prefetched && context.prefetched.cursor === operation.cursor
      ? context.prefetched.page
      : undefined;
  context.prefetched = undefined;
  const result = await (prefetched ?? connector.readPage(request));
  endStreak(context);
  // A page that is not the last but names no next page would be read again forever: it ends the read.
  const finished = result.done || result.nextCursor === undefined;
  // The next page travels over the network while this one is shaped, stored and delivered.
  if (!finished && result.nextCursor !== undefined) {
    const next = connector.readPage({ ...request, cursor: result.nextCursor });
    next.catch(() => undefined);
    context.prefetched = { cursor: result.nextCursor, page: next };
  }
  const records = window.conditions.length
    ? result.records.filter(meetsConditions(window.conditions))
    : result.records;
  const messages = await messagesOf(
    records,
    {
      shaping: context.shaping,
      envelope: context.envelope,
      destinationName: context.destinationName,
      maxMessageBytes: timing.maxMessageBytes,
      buildChunk: timing.buildChunk,
    },
    () => slice.yield(),
  );
  await store.checkpoint({
    operationId: operation.id,
    fromAfterId: operation.afterId,
    afterId: operation.afterId,
    ...(operation.cursor === undefined ? {} : { fromCursor: operation.cursor }),
    ...(finished || result.nextCursor === undefined ? {} : { cursor: result.nextCursor }),
    recordsProcessed: operation.recordsProcessed + records.length,
    messages,
    finished,
    createTime: new Date(timing.now()).toISOString(),
    // The provider's count of the whole read (its conditions are tested here, so it may count more).
    ...(operation.cursor === undefined && result.totalRecords !== undefined
      ? { recordsEstimatedTotal: result.totalRecords }
      : {}),
  });
  return { messages: messages.length, finished };
}
