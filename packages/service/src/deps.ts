import type { FieldMetadata, ObjectMetadata } from '@splice/schema';
import type { Credentials } from './http/credentials.js';
import type { OAuthDeps } from './oauth/connect-flow.js';
import type { IdRange, ReadPage, ReadWindow } from './provider/sandbox-reader.js';
import type { ReadEngine } from './reads/read-engine.js';
import type { DestinationStore } from './store/destination-store.js';
import type { Repository } from './store/index.js';

/** One provider record as search returns it. */
export interface ProviderRecord {
  id: string;
  /** Values keyed by provider field name. */
  fields: Record<string, unknown>;
  /** The record as the provider's own API returns it. */
  raw: Record<string, unknown>;
}

/** What the service needs of a SaaS provider: its metadata, an eq search and a sample read. */
export interface Provider {
  readonly name: string;
  /** The provider's name as its users know it, e.g. "Sandbox CRM" (the hosted `GET /providers/{provider}`'s `displayName`). */
  readonly displayName: string;
  listObjects(): ObjectMetadata[];
  getObjectMetadata(objectName: string): ObjectMetadata | undefined;
  search(
    objectName: string,
    filters: Array<{ fieldName: string; value: string | number | boolean }>,
    limit: number,
  ): { records: ProviderRecord[] };
  /** Reads one record with just these fields, as the provider's API would for a sample read. */
  sampleRead(
    objectName: string,
    fieldNames: string[],
  ): { ok: true; record: ProviderRecord | null } | { ok: false; unknownFields: string[] };
  /** Records modified within a window that meet every condition, in id order after `afterId`. */
  readPage(objectName: string, window: ReadWindow, afterId: number, limit: number): ReadPage;
  /**
   * How many records `readPage` would return over the window (a backfill's estimate); with `ids`, only
   * among ids in (after, upTo], so a count over millions of records can run in slices.
   */
  countRecords(objectName: string, window: ReadWindow, ids?: IdRange): number;
  /** The largest record id of an object, 0 when it has none. */
  lastRecordId(objectName: string): number;
}

export type { FieldMetadata };

/** Everything the routes use, passed in so tests and the CLI wire the same app. */
export interface ServiceDeps {
  repo: Repository;
  providers: ReadonlyMap<string, Provider>;
  credentials: Credentials;
  /** The OAuth connect flow's store, the key that seals tokens, and the clock. */
  oauth: OAuthDeps;
  /** Webhook destinations (`{base_url}/projects/{p}/destinations`). */
  destinations?: DestinationStore;
  /** The read engine: absent in apps that only serve the synchronous operations. */
  reads?: ReadEngine;
}
