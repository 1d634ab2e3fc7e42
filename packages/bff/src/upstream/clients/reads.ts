import type { WriteStatus } from '@splice/schema';
import { triggerReadResultSchema, writeStatusSchema } from '@splice/schema';
import type { CallContext } from '../call.js';
import { endpoint } from '../endpoint.js';
import type { BackfillProgress, Operation, ReadStatus } from '../read-shapes.js';
import { backfillProgressSchema, operationListSchema, readStatusSchema } from '../read-shapes.js';
import { UpstreamFault } from '../upstream-fault.js';
import type { ClientKit } from './client-kit.js';

/** An installation's reads: their status, operations, backfill progress, and starting one now. */
export function createReadsClient(kit: ClientKit) {
  const { baseUrl, readUrl, call, read, getJson, getJsonOrNull, integrationPath } = kit;
  return {
    /**
     * The embedded service's `read-status` extension: per-object read state (next run, records delivered,
     * delivery health). The hosted service has no such path; it is called only with `embeddedExtensions`.
     */
    async getReadStatus(
      ctx: CallContext,
      integrationId: string,
      installationId: string,
    ): Promise<ReadStatus> {
      const operation = 'getReadStatus';
      const url = endpoint(baseUrl, [
        ...integrationPath(integrationId),
        'installations',
        installationId,
        'read-status',
      ]);
      const json = await getJson(ctx, operation, url);
      return read(ctx, operation, readStatusSchema, json);
    },

    /**
     * The embedded service's `write-status` extension: per written object, the records written since
     * `since` and the latest failure. Null where the service has none (it serves no writes: 404).
     */
    async getWriteStatus(
      ctx: CallContext,
      integrationId: string,
      installationId: string,
      since: string,
    ): Promise<WriteStatus | null> {
      const operation = 'getWriteStatus';
      const url = endpoint(
        baseUrl,
        [...integrationPath(integrationId), 'installations', installationId, 'write-status'],
        { since },
      );
      const json = await getJsonOrNull(ctx, operation, url);
      return json === undefined ? null : read(ctx, operation, writeStatusSchema, json);
    },

    /** The installation's latest operations, newest first (one page). */
    async listOperations(
      ctx: CallContext,
      integrationId: string,
      installationId: string,
      pageSize: number,
    ): Promise<Operation[]> {
      const operation = 'listOperations';
      const url = endpoint(
        baseUrl,
        [...integrationPath(integrationId), 'installations', installationId, 'operations'],
        { pageSize: String(pageSize) },
      );
      const json = await getJson(ctx, operation, url);
      return read(ctx, operation, operationListSchema, json).results;
    },

    /**
     * One object's backfill progress (`getBackfillProgress`, on both services); `null` when the service
     * says there is none (404: no backfill, or none recorded yet).
     */
    async getBackfillProgress(
      ctx: CallContext,
      integrationId: string,
      installationId: string,
      objectName: string,
    ): Promise<BackfillProgress | null> {
      const operation = 'getBackfillProgress';
      const url = endpoint(baseUrl, [
        ...integrationPath(integrationId),
        'installations',
        installationId,
        'objects',
        objectName,
        'backfill-progress',
      ]);
      const json = await getJsonOrNull(ctx, operation, url);
      return json === undefined ? null : read(ctx, operation, backfillProgressSchema, json);
    },

    /**
     * Starts a read of one object now; never retried, so one click is one read. Without
     * `sinceTimestamp` the service reads the object's whole history.
     */
    async triggerRead(
      ctx: CallContext,
      integrationId: string,
      objectName: string,
      groupRef: string,
      window: { sinceTimestamp?: string } = {},
    ): Promise<{ operationId: string }> {
      const operation = 'triggerRead';
      if (!readUrl) throw new UpstreamFault('malformed', operation, 'readUrl is not configured');
      const url = endpoint(readUrl, [...integrationPath(integrationId), 'objects', objectName]);
      const json = await call(ctx, {
        operation,
        method: 'POST',
        url,
        credential: 'api-key',
        body: { groupRef, mode: 'async', ...window },
        kind: 'write',
        expectStatus: 201,
      });
      return read(ctx, operation, triggerReadResultSchema, json);
    },
  };
}
