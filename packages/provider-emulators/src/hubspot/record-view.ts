/**
 * A record as HubSpot answers it: the properties the caller asked for (unknown names ignored, known ones
 * without a value as null), always with the id and the two timestamps; the type's defaults when none asked.
 */
import type { CrmRecord } from './crm-record.js';
import { lastModifiedProperty, type ObjectType } from './object-types.js';
import { defaultProperties, propertyDefinitions } from './properties.js';

export interface RecordView {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string;
  associations?: Record<string, { results: Array<{ id: string; type: string }> }>;
}

/** `properties` as the client sends it: repeated, comma separated, or both. */
export function propertyList(values: readonly string[] | undefined): string[] | undefined {
  const names = values
    ?.flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter(Boolean);
  return names && names.length > 0 ? names : undefined;
}

export function viewRecord(
  type: ObjectType,
  record: CrmRecord,
  requested?: readonly string[],
  associations?: RecordView['associations'],
): RecordView {
  const definitions = propertyDefinitions[type];
  const names = requested
    ? new Set([
        ...requested.filter((name) => definitions.has(name)),
        'hs_object_id',
        'createdate',
        lastModifiedProperty[type],
      ])
    : defaultProperties[type];
  const properties: Record<string, string | null> = {};
  for (const name of names) properties[name] = record.properties[name] ?? null;
  return {
    id: record.id,
    properties,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    archived: record.archived,
    ...(record.archivedAt !== undefined && { archivedAt: record.archivedAt }),
    ...(associations && { associations }),
  };
}
