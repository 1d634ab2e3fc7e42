/**
 * What the service needs of a SaaS provider, and the shapes a provider answers with. The routes, the read
 * engine and the sandbox CRM (./sandbox-provider.ts) meet here; a real connector implements `Provider`.
 */
import type { FilterValue, ObjectMetadata } from '@splice/schema';

export type { FilterValue };

/**
 * An `eq` condition on a provider field, with a provider value; given a list, the field equals any one of
 * its values (an app value that a value mapping makes stand for several provider values).
 */
export interface FieldFilter {
  fieldName: string;
  value: FilterValue | readonly FilterValue[];
}

/** The values a condition's field may equal: one, or each of its list. */
export function valuesOf(filter: FieldFilter): readonly FilterValue[] {
  // A scalar is one value; the only object a condition holds is its list of values.
  return typeof filter.value === 'object' ? filter.value : [filter.value];
}

/** One provider record. */
export interface ProviderRecord {
  id: string;
  /** Field values keyed by provider field name, in their typed form (booleans as booleans). */
  fields: Record<string, unknown>;
  /** The record as the provider's own API returns it. */
  raw: Record<string, unknown>;
}

export interface SearchResult {
  records: ProviderRecord[];
}

export type SampleReadResult =
  /** `record` is null when the object has no records: nothing to read, but nothing is wrong either. */
  { ok: true; record: ProviderRecord | null } | { ok: false; unknownFields: string[] };

/** The records a read asks for: modified within a time window and meeting every condition. */
export interface ReadWindow {
  /** Exclusive lower bound on the last-modified time, epoch ms; undefined reads all history. */
  sinceMs?: number;
  /** Inclusive upper bound on the last-modified time, epoch ms. */
  untilMs: number;
  conditions: readonly FieldFilter[];
}

/** Record ids in (after, upTo]. */
export interface IdRange {
  after: number;
  upTo: number;
}

export interface ReadPage {
  records: ProviderRecord[];
  /** The id to continue after; equal to the input when the page is empty. */
  lastId: number;
}

/** What the service needs of a SaaS provider: its metadata, an eq search, a sample read and paged reads. */
export interface Provider {
  readonly name: string;
  /** The provider's name as its users know it, e.g. "Sandbox CRM" (the hosted `GET /providers/{provider}`'s `displayName`). */
  readonly displayName: string;
  listObjects(): ObjectMetadata[];
  getObjectMetadata(objectName: string): ObjectMetadata | undefined;
  search(objectName: string, filters: readonly FieldFilter[], limit: number): SearchResult;
  /** Reads one record with just these fields, as the provider's API would for a sample read. */
  sampleRead(objectName: string, fieldNames: string[]): SampleReadResult;
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
