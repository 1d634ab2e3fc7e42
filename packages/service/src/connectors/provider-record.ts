/**
 * The shapes every connector answers with and every caller (reads, search, the sample read) uses: a
 * provider's record, and an `eq` condition on one of its fields.
 */
import type { FilterValue } from '@splice/schema';

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
