/**
 * The provider calls the synchronous routes make (search, the metadata paths, the install-time checks and
 * sample read), made over HTTP through the connection's connector. A connector's failures stay `ProviderError`s here; the caller turns them
 * into problems (./provider-problem.ts), since only it knows which request member a field came from.
 */
import type { ObjectMetadata } from '@splice/schema';
import type { Connector } from '../connectors/connector.js';
import { ProviderError } from '../connectors/provider-error.js';
import type { FieldFilter, ProviderRecord } from '../connectors/provider-record.js';

export type SampleReadResult =
  /** `record` is null when the object has no records: nothing to read, but nothing is wrong either. */
  { ok: true; record: ProviderRecord | null } | { ok: false; unknownFields: string[] };

export interface ProviderCalls {
  /** The object's fields as the connection sees them; undefined when the provider has no such object. */
  objectMetadata(objectName: string, signal?: AbortSignal): Promise<ObjectMetadata | undefined>;
  /** One page of records meeting every condition; `fields` undefined asks for every field. */
  search(
    objectName: string,
    filters: readonly FieldFilter[],
    options: { limit: number; fields?: readonly string[]; signal?: AbortSignal },
  ): Promise<ProviderRecord[]>;
  /** One record with just these fields, or the fields the provider refused. */
  sampleRead(
    objectName: string,
    fieldNames: readonly string[],
    signal?: AbortSignal,
  ): Promise<SampleReadResult>;
}

/**
 * A provider's calls through the connection's connector. An object the provider does not know is
 * answered as a bad request (HubSpot: no such object type) or not found (Salesforce's describe).
 */
export function connectorCalls(connector: Connector): ProviderCalls {
  return {
    async objectMetadata(objectName, signal) {
      try {
        const [metadata] = await connector.listObjectMetadata([objectName], signal);
        return metadata;
      } catch (error) {
        if (error instanceof ProviderError && (error.kind === 'notFound' || error.kind === 'badRequest')) {
          return undefined;
        }
        throw error;
      }
    },
    search: (objectName, filters, { limit, fields, signal }) =>
      connector.search({
        objectName,
        filters,
        limit,
        ...(fields && { fields }),
        ...(signal && { signal }),
      }),
    async sampleRead(objectName, fieldNames, signal) {
      // A full read's first page of one record: the cheapest read both connectors make (no search index).
      try {
        const page = await connector.readPage({
          objectName,
          fields: fieldNames,
          pageSize: 1,
          ...(signal && { signal }),
        });
        return { ok: true, record: page.records[0] ?? null };
      } catch (error) {
        if (
          error instanceof ProviderError &&
          error.kind === 'badRequest' &&
          error.details.fieldNames?.length
        ) {
          return { ok: false, unknownFields: error.details.fieldNames };
        }
        throw error;
      }
    },
  };
}
