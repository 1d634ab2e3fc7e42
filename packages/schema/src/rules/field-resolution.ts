import type { ManifestField, ManifestReadObject } from '../resources/manifest.js';
import type { ReadObjectConfig } from '../resources/read-config.js';
import type { FieldValueMapping, UnmappedValues } from '../resources/value-mapping.js';
import { defaultUnmappedValues, providerValuesOf } from './value-mapping-rules.js';

/** Where a search field name came from (docs/service-interface.md#field-names: mapped names first, then provider names). */
export type FieldNameSource = 'installation-mapping' | 'manifest-mapping' | 'provider';

export interface ResolvedField {
  /** The name the caller used. */
  requestedName: string;
  /** The provider field it filters. */
  providerField: string;
  source: FieldNameSource;
  /** For a mapped name: app-side value -> provider value or values (selectedValueMappings of that name). */
  valueMapping?: FieldValueMapping;
}

export interface MappingContext {
  manifestObject?: Pick<ManifestReadObject, 'requiredFields' | 'optionalFields'>;
  objectConfig?: Pick<ReadObjectConfig, 'selectedFieldMappings' | 'selectedValueMappings'>;
}

/** mapToName -> provider field, from the installation first, then the manifest's fixed mappings. */
export function fieldMappings(
  ctx: MappingContext,
): Map<string, { providerField: string; source: FieldNameSource }> {
  const mappings = new Map<string, { providerField: string; source: FieldNameSource }>();
  const manifestFields = [
    ...(ctx.manifestObject?.requiredFields ?? []),
    ...(ctx.manifestObject?.optionalFields ?? []),
  ];
  for (const field of manifestFields) {
    if (field.mapToName && field.fieldName) {
      mappings.set(field.mapToName, { providerField: field.fieldName, source: 'manifest-mapping' });
    }
  }
  // The user's choice at installation overrides the manifest's default for the same name.
  for (const [mapToName, providerField] of Object.entries(ctx.objectConfig?.selectedFieldMappings ?? {})) {
    mappings.set(mapToName, { providerField, source: 'installation-mapping' });
  }
  return mappings;
}

/**
 * Resolves a search `fieldName`: a mapped name (the installation's selectedFieldMappings, then the
 * manifest's fields with both `mapToName` and `fieldName`) filters the provider field behind it; any other
 * name is taken as the provider's own field name.
 */
export function resolveFieldName(requestedName: string, ctx: MappingContext): ResolvedField {
  return resolveWith(fieldMappings(ctx), requestedName, ctx);
}

function resolveWith(
  mappings: ReturnType<typeof fieldMappings>,
  requestedName: string,
  ctx: MappingContext,
): ResolvedField {
  const mapped = mappings.get(requestedName);
  if (!mapped) return { requestedName, providerField: requestedName, source: 'provider' };
  const valueMapping = ctx.objectConfig?.selectedValueMappings?.[requestedName];
  return { requestedName, ...mapped, ...(valueMapping ? { valueMapping } : {}) };
}

/** A condition on a field whose name is resolved (see `resolveFieldName`). */
export interface ResolvedFilter<V> {
  /** The field as resolved: the provider field behind the name used. */
  field: ResolvedField;
  /** The value as the filter gives it (an app-side value when the name is mapped). */
  value: V;
  /**
   * The value as the provider holds it, translated through the name's value mapping: a list when the app
   * value stands for several provider values, and the condition then holds for any one of them.
   */
  providerValue: V | string | readonly string[];
}

/**
 * Resolves a list of conditions (a search's `fieldFilters`, a read's `fieldFilters` and backfill filters):
 * each name to the provider field behind it, each value to the provider's value. The mappings are worked
 * out once for the list. The result keeps the list's order, so index `i` is the filter at `i`.
 */
export function resolveFilters<F extends { fieldName: string; value?: unknown }>(
  filters: readonly F[],
  ctx: MappingContext,
): ResolvedFilter<F['value']>[] {
  const mappings = fieldMappings(ctx);
  return filters.map((filter) => {
    const field = resolveWith(mappings, filter.fieldName, ctx);
    return { field, value: filter.value, providerValue: toProviderValue(filter.value, field) };
  });
}

/**
 * A filter value given as an app-side value is translated to the provider's value through the value
 * mapping; any other value (already a provider value, or a number/boolean) passes unchanged. An app value
 * that stands for several provider values becomes the list of them: a record holding any one of them has
 * that app value, so an `eq` on the app value matches each of them.
 */
export function toProviderValue<V>(value: V, field: ResolvedField): V | string | readonly string[] {
  if (typeof value !== 'string' || !field.valueMapping || !Object.hasOwn(field.valueMapping, value)) {
    return value;
  }
  const providerValues = providerValuesOf(field.valueMapping[value] as FieldValueMapping[string]);
  return providerValues.length === 1 ? (providerValues[0] as string) : providerValues;
}

/**
 * The record's mapped fields: mapped name -> provider value, with value mappings applied in reverse
 * (provider value -> the app-side value delivered to the destination).
 */
export function toMappedFields(
  fields: Record<string, unknown>,
  ctx: MappingContext,
): Record<string, unknown> {
  return mappedFieldsOf(ctx)(fields);
}

/** The manifest's entries by the name the app knows them by (`mapToName`), required and optional alike. */
function manifestFieldsByName(ctx: MappingContext): Map<string, ManifestField> {
  const byName = new Map<string, ManifestField>();
  for (const field of [
    ...(ctx.manifestObject?.requiredFields ?? []),
    ...(ctx.manifestObject?.optionalFields ?? []),
  ]) {
    if (field.mapToName && !byName.has(field.mapToName)) byName.set(field.mapToName, field);
  }
  return byName;
}

/** What a provider value the user mapped to no app value becomes, as the manifest's rule says. */
function unmappedValueOf(rule: UnmappedValues): (providerValue: unknown) => unknown {
  switch (rule.deliver) {
    case 'nothing':
      return () => null;
    case 'default':
      return () => rule.value;
    default:
      return (providerValue) => providerValue;
  }
}

/**
 * `toMappedFields` for many records of one context: the mappings and their reverse value lookups are
 * worked out once, not per record (a backfill shapes a hundred thousand records with one context).
 * A field with values to map (the manifest's `mappedValues`, or the installation's value mapping) turns a
 * provider value mapped to no app value into what the manifest's `unmappedValues` says; a missing or null
 * value stays as it is, since there is no value to map.
 */
export function mappedFieldsOf(
  ctx: MappingContext,
): (fields: Record<string, unknown>) => Record<string, unknown> {
  const manifestFields = manifestFieldsByName(ctx);
  const plan = [...fieldMappings(ctx)].map(([mapToName, { providerField }]) => {
    const valueMapping = ctx.objectConfig?.selectedValueMappings?.[mapToName];
    const manifestField = manifestFields.get(mapToName);
    // Provider value -> app value; the schema lets a provider value belong to one app value only.
    const appValues = new Map<string, string>();
    for (const [appValue, providerValues] of Object.entries(valueMapping ?? {})) {
      for (const providerValue of providerValuesOf(providerValues)) {
        if (!appValues.has(providerValue)) appValues.set(providerValue, appValue);
      }
    }
    const valueMapped = valueMapping !== undefined || (manifestField?.mappedValues?.length ?? 0) > 0;
    const unmapped = unmappedValueOf(manifestField?.unmappedValues ?? defaultUnmappedValues);
    return { mapToName, providerField, appValues, valueMapped, unmapped };
  });
  return (fields) => {
    const mappedFields: Record<string, unknown> = {};
    for (const { mapToName, providerField, appValues, valueMapped, unmapped } of plan) {
      if (!Object.hasOwn(fields, providerField)) continue;
      const value = fields[providerField];
      const appValue = typeof value === 'string' ? appValues.get(value) : undefined;
      mappedFields[mapToName] =
        appValue ?? (valueMapped && value !== null && value !== undefined ? unmapped(value) : value);
    }
    return mappedFields;
  };
}
