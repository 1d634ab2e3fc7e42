/**
 * The sandbox's "raw" record: how a HubSpot-like CRM API returns an object, so the search result's `raw`
 * looks like what a real provider would send. Every property value is a string (or null), booleans as
 * 'true'/'false'; the timestamps also appear at the top level, as the API always sends them.
 */
import type { SandboxFieldValue, SandboxRecord } from '@splice/sandbox-data';

/** `propertyNames` limits `properties` to the fields that were asked for (a sample read); default all. */
export function toRawRecord(
  record: SandboxRecord,
  propertyNames?: readonly string[],
): Record<string, unknown> {
  const properties: Record<string, string | null> = {};
  for (const name of propertyNames ?? Object.keys(record)) properties[name] = asText(record[name] ?? null);
  return {
    id: String(record.id),
    properties,
    createdAt: record.createdAt ?? null,
    updatedAt: record.updatedAt ?? record.createdAt ?? null,
    archived: false,
  };
}

const asText = (value: SandboxFieldValue): string | null => (value === null ? null : String(value));
