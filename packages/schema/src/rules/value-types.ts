import type { ManifestField } from '../resources/manifest.js';
import type { ValueType } from '../resources/metadata.js';

/** What a value compared with, or written to, a provider field must be. */
export type ValueKind = 'integer' | 'number' | 'boolean' | 'text';

/** The kind of input a UI offers for a provider field. */
export type InputKind = ValueKind | 'select';

/**
 * int takes whole numbers, float any number, boolean true/false, date an ISO date and datetime an ISO
 * moment with its zone; every other type is compared as text.
 */
export function valueKindOf(valueType: ValueType): ValueKind {
  switch (valueType) {
    case 'int':
      return 'integer';
    case 'float':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'text';
  }
}

/** A picklist (singleSelect) is chosen from its values; every other type is typed as its value kind. */
export function inputKindOf(valueType: ValueType): InputKind {
  return valueType === 'singleSelect' ? 'select' : valueKindOf(valueType);
}

/**
 * Whether a filter value or a write default fits a provider field of `valueType`: the check the service
 * runs on a config's filter values and defaults and the wizard runs before it sends one.
 */
export function valueFitsType(value: string | number | boolean, valueType: ValueType): boolean {
  switch (valueKindOf(valueType)) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    default:
      if (typeof value !== 'string') return false;
      if (valueType === 'date') return isIsoDate(value);
      if (valueType === 'datetime') return isIsoDateTime(value);
      return true;
  }
}

/** The written form a date or datetime field's value must have; undefined for every other type. */
export function valueFormatOf(valueType: ValueType): 'date' | 'datetime' | undefined {
  return valueType === 'date' || valueType === 'datetime' ? valueType : undefined;
}

/** A calendar date as ISO 8601 writes it, "2026-11-26", that exists (not "2026-02-30", not "yesterday"). */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A moment as ISO 8601 writes it with its zone, "2026-11-26T09:00:00Z" or "…+01:00": never ambiguous. */
export function isIsoDateTime(text: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.exec(
    text,
  );
  return Boolean(match?.[1] && isIsoDate(match[1]));
}

/** The provider field types an app-side type (a manifest field's `mapToType`) can take values from; text takes any. */
const compatibleTypes: Record<string, readonly string[]> = {
  number: ['int', 'float'],
  boolean: ['boolean'],
  date: ['date', 'datetime'],
  datetime: ['datetime', 'date'],
};

/** Warns when an app field's declared type cannot hold the provider field's values; unknown on either side is no mismatch. */
export function typeMismatch(
  mapToType: ManifestField['mapToType'],
  providerType: ValueType | undefined,
): boolean {
  if (!mapToType || !providerType || mapToType === 'string') return false;
  // `?? []`: a hosted manifest may carry an app type added after this list.
  return !(compatibleTypes[mapToType] ?? []).includes(providerType);
}
