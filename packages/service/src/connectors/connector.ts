/**
 * What the service needs of a CRM provider's API, whichever provider it is. The read engine, search, the
 * wizard's metadata and sample read, and writes call a `Connector`; each provider (./hubspot,
 * ./salesforce) implements it over HTTP through one `ProviderHttp` (./provider-http.ts), which holds the
 * connection's tokens. Every method may throw a `ProviderError` (./provider-error.ts) and nothing else
 * about the provider.
 */
import type { ObjectMetadata } from '@splice/schema';
import type { FieldFilter, ProviderRecord } from './provider-record.js';

export { valuesOf } from './provider-record.js';
export type { FieldFilter, ProviderRecord };

/** One page of a read: the records modified within a window, oldest change first where the API allows. */
export interface ReadPageRequest {
  objectName: string;
  /** Provider field names to read; the connector adds the id and modification time it needs itself. */
  fields: readonly string[];
  /** Exclusive lower bound on the provider's last-modified time, epoch ms; undefined reads all history. */
  sinceMs?: number;
  /** Inclusive upper bound on the last-modified time, epoch ms; undefined reads up to now. */
  untilMs?: number;
  /** The `nextCursor` of the previous page; undefined starts the read. Opaque outside the connector. */
  cursor?: string;
  /** At most this many records (the connector may return fewer; it clamps to the provider's maximum). */
  pageSize: number;
  signal?: AbortSignal;
}

export interface ReadPageResult {
  records: ProviderRecord[];
  /** Where the next page starts; undefined when `done`. A cursor survives a restart (it is plain data). */
  nextCursor?: string;
  done: boolean;
  /**
   * How many records the whole read holds, on a read's first page (no `cursor`) where the provider counts
   * them: an estimate for progress, since records change while a read runs.
   */
  totalRecords?: number;
}

/** One page of records matching every condition (AND of `eq`), as the seed's search allows. */
export interface SearchRequest {
  objectName: string;
  filters: readonly FieldFilter[];
  /** Fields to return; undefined returns the provider's default set. */
  fields?: readonly string[];
  limit: number;
  signal?: AbortSignal;
}

export interface WriteRecordRequest {
  objectName: string;
  /** Fields keyed by provider field name, in their typed form. */
  fields: Record<string, unknown>;
  /** Set for an update; absent for a create. */
  recordId?: string;
  /**
   * An earlier attempt of this very write may have reached the provider (it was cut off before its answer
   * came back): a create is keyed on the object's `uniqueProperty` where the record carries one, so that
   * the record the earlier attempt made is updated rather than made twice.
   */
  mayHaveBeenWritten?: boolean;
  signal?: AbortSignal;
}

/** One record's outcome in a write: a batch succeeds or fails per record. */
export type WriteOutcome =
  | { success: true; recordId: string; record?: ProviderRecord }
  | { success: false; reason: string; fieldNames?: string[] };

export interface BatchWriteRequest {
  objectName: string;
  type: 'create' | 'update';
  /** Each with `recordId` for an update; at most the catalog's `batchWriteLimit`. */
  records: readonly { fields: Record<string, unknown>; recordId?: string }[];
  /**
   * Whether one refused record leaves every record of the call unwritten, where the provider can do that
   * (Salesforce's collections). HubSpot checks a batch's inputs before writing any, whatever this says.
   */
  allOrNone?: boolean;
  /** As for one record (`WriteRecordRequest`): creates are keyed where every record carries the key. */
  mayHaveBeenWritten?: boolean;
  signal?: AbortSignal;
}

export interface Connector {
  /** The provider's name in the catalog, e.g. `hubspot`. */
  readonly provider: string;
  /** The objects the connection can read, with their fields (the wizard's field lists and picklists). */
  listObjectMetadata(objectNames: readonly string[], signal?: AbortSignal): Promise<ObjectMetadata[]>;
  readPage(request: ReadPageRequest): Promise<ReadPageResult>;
  search(request: SearchRequest): Promise<ProviderRecord[]>;
  /** One record by its id with these provider fields; undefined when the provider has no such record. */
  getRecord(
    objectName: string,
    recordId: string,
    fields: readonly string[],
    signal?: AbortSignal,
  ): Promise<ProviderRecord | undefined>;
  /**
   * The property a create can be keyed on, so that sending the same create twice writes one record
   * (HubSpot's contacts: `email`); undefined where the object has none the connector can key on.
   */
  uniqueProperty?(objectName: string): string | undefined;
  write(request: WriteRecordRequest): Promise<WriteOutcome>;
  /** One outcome per record, in the request's order. */
  batchWrite(request: BatchWriteRequest): Promise<WriteOutcome[]>;
  /** Deletes (or archives, where that is the provider's delete) one record; a missing record is not an error. */
  delete(objectName: string, recordId: string, signal?: AbortSignal): Promise<void>;
}
