/**
 * Salesforce's query answers and records as the service's `ProviderRecord`s: `raw` exactly as sent (with
 * its `attributes`), `fields` typed: booleans and numbers as JSON gives them, datetimes as ISO 8601 in UTC
 * with milliseconds (Salesforce writes `2024-01-15T10:20:30.000+0000`), everything else as sent.
 */
import * as z from 'zod/mini';
import type { ProviderRecord } from '../connector.js';
import type { DescribedFields } from './describe.js';
import { malformedAnswer } from './salesforce-errors.js';

// Each record is checked to be an object here and for its Id by `toProviderRecord`: a full schema pass over
// every field of thousands of records a page would cost more than the rest of reading them.
const rawRecordSchema = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
);

export const queryPageSchema = z.object({
  totalSize: z.number(),
  done: z.boolean(),
  nextRecordsUrl: z.optional(z.string()),
  records: z.array(rawRecordSchema),
});
export type QueryPage = z.infer<typeof queryPageSchema>;

/** Epoch ms of a Salesforce datetime, which writes its offset without a colon (`+0000`). */
export function salesforceInstant(value: string): number {
  // Salesforce answers in UTC (`+0000`): as `Z` it takes Date.parse's fast path.
  return Date.parse(
    value.endsWith('+0000') ? `${value.slice(0, -5)}Z` : value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'),
  );
}

function typedValue(type: string | undefined, value: unknown): unknown {
  if (type === 'datetime' && typeof value === 'string') {
    const ms = salesforceInstant(value);
    return Number.isFinite(ms) ? new Date(ms).toISOString() : value;
  }
  return value;
}

export function toProviderRecord(raw: Record<string, unknown>, described: DescribedFields): ProviderRecord {
  const id = raw.Id;
  if (typeof id !== 'string') throw malformedAnswer('query (a record without its Id)');
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (name === 'attributes') continue;
    fields[name] = typedValue(described.get(name)?.type, value);
  }
  return { id, fields, raw };
}
