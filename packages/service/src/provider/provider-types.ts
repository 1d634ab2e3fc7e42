/**
 * The shapes a provider's search and sample read return (structurally the same as `ProviderRecord` in
 * ../deps.ts, so the sandbox provider plugs into the routes as is).
 */

import type { FilterValue } from '@splice/schema';

export type { FilterValue };
export interface FieldFilter {
  fieldName: string;
  value: FilterValue;
}

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
