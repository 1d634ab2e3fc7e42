import type { ManifestField } from '../resources/manifest.js';
import type { ValueType } from '../resources/metadata.js';

/** What a value compared with, or written to, a provider field must be. */
export type ValueKind = 'integer' | 'number' | 'boolean' | 'text';

/** The kind of input a UI offers for a provider field. */
export type InputKind = ValueKind | 'select';

/** int takes whole numbers, float any number, boolean true/false; every other type is compared as text. */
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
      return typeof value === 'string';
  }
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
