/**
 * HubSpot properties (`GET /crm/v3/properties/{objectType}`) as the service's field metadata, and a
 * record's property values (always strings on HubSpot's wire) in their typed form.
 */
import type { FieldMetadata, ObjectMetadata, ValueType } from '@splice/schema';

export interface HubSpotProperty {
  name: string;
  label?: string;
  type: string;
  fieldType?: string;
  options?: { label?: string; value: string; hidden?: boolean }[];
  hidden?: boolean;
  calculated?: boolean;
  hubspotDefined?: boolean;
  modificationMetadata?: { readOnlyValue?: boolean };
}

/** HubSpot's type and field type as the service's value type. */
export function valueTypeOf(property: Pick<HubSpotProperty, 'type' | 'fieldType'>): ValueType {
  switch (property.type) {
    case 'enumeration':
      if (property.fieldType === 'checkbox') return 'multiSelect';
      if (property.fieldType === 'booleancheckbox') return 'boolean';
      return 'singleSelect';
    case 'bool':
      return 'boolean';
    case 'number':
      return 'float';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'string':
    case 'phone_number':
      return 'string';
    default:
      return 'other';
  }
}

export function fieldMetadataOf(property: HubSpotProperty): FieldMetadata {
  const valueType = valueTypeOf(property);
  const field: FieldMetadata = {
    fieldName: property.name,
    displayName: property.label || property.name,
    valueType,
    providerType: property.fieldType ? `${property.type}/${property.fieldType}` : property.type,
    readOnly: Boolean(property.modificationMetadata?.readOnlyValue || property.calculated),
    isCustom: property.hubspotDefined === false,
  };
  if (valueType === 'singleSelect' || valueType === 'multiSelect') {
    field.values = (property.options ?? [])
      .filter((option) => !option.hidden)
      .map((option) => ({ value: option.value, displayValue: option.label || option.value }));
  }
  return field;
}

/** HubSpot names objects in the plural, lower case: `contacts` reads as "Contacts". */
const displayNameOf = (objectName: string) => objectName.charAt(0).toUpperCase() + objectName.slice(1);

export function objectMetadataOf(objectName: string, properties: readonly HubSpotProperty[]): ObjectMetadata {
  const fields: Record<string, FieldMetadata> = {};
  // Hidden properties are HubSpot's internal bookkeeping, not shown in its own UI either.
  for (const property of properties) if (!property.hidden) fields[property.name] = fieldMetadataOf(property);
  return { name: objectName, displayName: displayNameOf(objectName), fields };
}

/** One property value in its typed form: numbers as numbers, booleans as booleans, empty as null. */
export function typedValue(field: FieldMetadata | undefined, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value;
  switch (field?.valueType) {
    case 'float':
    case 'int': {
      if (value.trim() === '') return null;
      const n = Number(value);
      return Number.isFinite(n) ? n : value;
    }
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value === '' ? null : value;
    default:
      return value;
  }
}

/**
 * Whether a search value can equal a property's value: a boolean property only a boolean, a number only a
 * number, any other only text. HubSpot compares the text of both, so without this check the string "true"
 * would find the records whose checkbox is set, unlike the same search on any other provider.
 */
export function searchValueFits(field: FieldMetadata | undefined, value: unknown): boolean {
  switch (field?.valueType) {
    case undefined:
      return true;
    case 'boolean':
      return typeof value === 'boolean';
    case 'float':
    case 'int':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === 'string';
  }
}

/** A typed value as HubSpot takes it in a write: a string (an empty one clears the property). */
export function wireValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(String).join(';');
  return String(value);
}
