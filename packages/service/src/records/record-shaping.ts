/**
 * How a provider record is shown to the app, the same in a search answer and in a webhook message: its
 * `fields` (what the installation reads), its `mappedFields` (the installation's field and value mappings)
 * and its `raw` record. Search (../search) and the read engine (../reads) both shape records here.
 */
import type { ManifestReadObject, ReadObjectConfig } from '@splice/schema';
import { mappedFieldsOf } from '@splice/schema';
import type { ProviderRecord } from '../connectors/provider-record.js';

/** What shaping a record depends on: the installation's config of the object and the manifest's entry. */
export interface RecordShaping {
  objectConfig?: ReadObjectConfig;
  manifestObject?: ManifestReadObject;
}

type Fields = Record<string, unknown>;

/** A record as search answers it and a webhook message carries it. */
export interface ShapedRecord {
  id: string;
  fields: Fields;
  mappedFields: Fields;
  raw: Fields;
}

/**
 * The fields a result shows: what the installation reads, or everything when it reads all fields. Worked
 * out once per config, then applied to each record (a search page or a backfill page shares one config).
 */
export function visibleFieldsOf(objectConfig: ReadObjectConfig | undefined): (fields: Fields) => Fields {
  const selected = Object.entries(objectConfig?.selectedFields ?? {}).filter(([, on]) => on);
  if (!objectConfig || objectConfig.selectedFieldsAuto === 'all' || selected.length === 0) {
    return (fields) => fields;
  }
  const keep = new Set([
    'id',
    ...selected.map(([name]) => name),
    ...Object.values(objectConfig.selectedFieldMappings ?? {}),
  ]);
  return (fields) => {
    const shown: Fields = {};
    for (const name of Object.keys(fields)) if (keep.has(name)) shown[name] = fields[name];
    return shown;
  };
}

/**
 * Shapes records for one shaping: which fields show and how they map are worked out once, then applied
 * to each record.
 */
export function recordShaper(shaping: RecordShaping): (record: ProviderRecord) => ShapedRecord {
  const visibleFields = visibleFieldsOf(shaping.objectConfig);
  const mappedFields = mappedFieldsOf(shaping);
  return (record) => ({
    id: record.id,
    fields: visibleFields(record.fields),
    mappedFields: mappedFields(record.fields),
    raw: record.raw,
  });
}
