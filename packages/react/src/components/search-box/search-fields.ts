import type { FieldMetadata, FieldValueMapping, IntegrationDetails, ReadObjectDetails } from '@splice/schema';
import { providerValuesOf, valueFormatOf, valueKindOf } from '@splice/schema';

export type FilterInputKind = 'text' | 'number' | 'boolean';

/** A name the search may filter on (docs/service-interface.md#field-names: a mapped name, or the provider's own field name). */
export interface SearchFieldOption {
  name: string;
  label: string;
  source: 'mapped' | 'provider';
  kind: FilterInputKind;
  /** A date or datetime field: the value must be written in that ISO form (checked before sending). */
  format?: 'date' | 'datetime';
  /** Values worth offering while typing: picklist values, or the app values of a value mapping. */
  suggestions: string[];
  /**
   * The values to pick from, as the wizard offers them: a picklist's values, or for a value-mapped name
   * the user's own values (by their display names). Absent: the value is typed.
   */
  choices?: Array<{ value: string; label: string }>;
  /**
   * For a value-mapped name: the provider field behind it and app value -> provider value, so a picked
   * value is translated before the query leaves (the condition goes to the provider field). Only app values
   * standing for one provider value are here; the others go out on the mapped name.
   */
  translate?: { providerField: string; values: Record<string, string> };
}

/** The provider's picklist values as choices. */
function picklistChoices(field: FieldMetadata | undefined) {
  return field?.values?.length
    ? field.values.map((v) => ({ value: v.value, label: v.displayValue }))
    : undefined;
}

/**
 * A mapped name whose values the user mapped: their values (those mapped to something) as choices, and
 * the mapping to translate a pick into the provider's value.
 */
function valueMapped(
  providerField: string,
  mapping: FieldValueMapping | undefined,
  labels: Array<{ mappedValue: string; mappedDisplayValue: string }> = [],
): Pick<SearchFieldOption, 'choices' | 'translate'> {
  const entries = Object.entries(mapping ?? {});
  if (entries.length === 0) return {};
  // An app value standing for several provider values has no one provider value to send: it goes out as
  // it is, on the mapped name, and the service, which knows the mapping, finds records holding any of them.
  const values = Object.fromEntries(
    entries.flatMap(([app, provider]) => {
      const only = providerValuesOf(provider);
      return only.length === 1 ? [[app, only[0]!]] : [];
    }),
  );
  return {
    choices: entries.map(([value]) => ({
      value,
      label: labels.find((l) => l.mappedValue === value)?.mappedDisplayValue ?? value,
    })),
    translate: { providerField, values },
  };
}

function kindOfProviderField(field: FieldMetadata | undefined): FilterInputKind | undefined {
  if (!field) return undefined;
  const kind = valueKindOf(field.valueType);
  return kind === 'integer' ? 'number' : kind;
}

function kindOfAppType(type: string | undefined): FilterInputKind {
  if (type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  return 'text';
}

/**
 * The names a search on `readObject` may use: mapped names first (the installation's own mappings
 * override the manifest's, as search resolves them), then every provider field. A mapped name is typed
 * by the provider field behind it, because that is the value the provider compares.
 */
export function searchFieldOptions(
  details: IntegrationDetails,
  readObject: ReadObjectDetails,
): SearchFieldOption[] {
  const providerFields = new Map(readObject.fields.map((field) => [field.fieldName, field]));
  const objectConfig = details.installation?.config.content.read?.objects[readObject.objectName];
  const installed = objectConfig?.selectedFieldMappings ?? {};
  const valueMappings = objectConfig?.selectedValueMappings ?? {};
  // The manifest's mapped names in its order, then names only the installation maps.
  const names = new Set([
    ...readObject.mappingInputs.map((input) => input.mapToName),
    ...Object.keys(installed),
  ]);
  const mapped: SearchFieldOption[] = [];
  for (const name of names) {
    const input = readObject.mappingInputs.find((i) => i.mapToName === name);
    const behind = installed[name] ?? input?.fieldName;
    if (behind === undefined) continue;
    const providerField = providerFields.get(behind);
    const byValue = valueMapped(behind, valueMappings[name], input?.mappedValues);
    mapped.push({
      name,
      label: input?.mapToDisplayName ?? name,
      source: 'mapped',
      kind: kindOfProviderField(providerField) ?? kindOfAppType(input?.mapToType),
      ...formatOf(providerField),
      suggestions:
        input?.mappedValues?.map((v) => v.mappedValue) ?? providerField?.values?.map((v) => v.value) ?? [],
      ...(byValue.choices ? byValue : withChoices(picklistChoices(providerField))),
    });
  }
  const provider = readObject.fields.map<SearchFieldOption>((field) => ({
    name: field.fieldName,
    label: field.displayName,
    source: 'provider',
    kind: kindOfProviderField(field) ?? 'text',
    ...formatOf(field),
    suggestions: field.values?.map((v) => v.value) ?? [],
    ...withChoices(picklistChoices(field)),
  }));
  return [...mapped, ...provider];
}

function formatOf(field: FieldMetadata | undefined): Pick<SearchFieldOption, 'format'> {
  const format = field ? valueFormatOf(field.valueType) : undefined;
  return format ? { format } : {};
}

function withChoices(choices: SearchFieldOption['choices']) {
  return choices ? { choices } : {};
}

export type FilterValueError = 'required' | 'not-number';

/** The typed value for a filter, from what the user entered in its input. */
export function toFilterValue(
  kind: FilterInputKind,
  text: string,
): { value: string | number | boolean } | { error: FilterValueError } {
  if (kind === 'boolean') return { value: text === 'true' };
  if (text.trim() === '') return { error: 'required' };
  if (kind === 'number') {
    const value = Number(text.trim());
    return Number.isFinite(value) ? { value } : { error: 'not-number' };
  }
  return { value: normaliseText(text) };
}

/**
 * What a typed text is compared as: without the spaces around it (never part of a value one means), and
 * an e-mail address in lower case, as addresses are stored and compared case-insensitively by mail.
 * Everything else is kept as typed: search matches exact values, capitals included.
 */
export function normaliseText(text: string): string {
  const trimmed = text.trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}
