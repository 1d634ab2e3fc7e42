import type {
  ConfigContentInput,
  FieldMappingEntry,
  FieldValueMapping,
  IntegrationDetails,
  MappingInput,
  ReadFilter,
  ReadObjectDetails,
  WriteObjectDetails,
} from '@splice/schema';
import type { ReadObjectDraft, WizardDraft, WriteObjectDraft } from './draft.js';

/**
 * A mapping the user has something to choose for: a field to pick (no `fieldName`), or values to map.
 * Mappings the manifest fixes completely (`fieldName` and no values) need no input and the service
 * already honours them, so they stay out of `dynamicMappingsInput`.
 */
export function needsUserInput(input: MappingInput): boolean {
  return !input.fieldName || (input.mappedValues?.length ?? 0) > 0;
}

function toMappingEntry(input: MappingInput): FieldMappingEntry {
  return {
    mapToName: input.mapToName,
    ...(input.mapToDisplayName ? { mapToDisplayName: input.mapToDisplayName } : {}),
    ...(input.prompt ? { prompt: input.prompt } : {}),
    ...(input.mappedValues?.length ? { mappedValues: input.mappedValues } : {}),
    ...(input.fieldName ? { fieldName: input.fieldName } : {}),
  };
}

function nonEmpty<V>(map: Record<string, V>, keep: (value: V) => boolean): Record<string, V> {
  return Object.fromEntries(Object.entries(map).filter(([, value]) => keep(value)));
}

/**
 * The draft's provider value -> app value as the config keeps it: app value -> its provider value, or
 * its list when several stand for it (a single value stays a string, the shape every service takes).
 */
export function byAppValue(values: Record<string, string>): FieldValueMapping {
  const grouped = new Map<string, string[]>();
  for (const [providerValue, appValue] of Object.entries(values)) {
    if (appValue) grouped.set(appValue, [...(grouped.get(appValue) ?? []), providerValue]);
  }
  return Object.fromEntries(
    [...grouped].map(([appValue, list]) => [appValue, list.length === 1 ? (list[0] as string) : list]),
  );
}

function readObjectConfig(object: ReadObjectDetails, draft: ReadObjectDraft) {
  const inputs = object.mappingInputs.filter(needsUserInput);
  const selectedFieldMappings = nonEmpty(
    Object.fromEntries(
      inputs.map((input) => [input.mapToName, input.fieldName ?? draft.mappings[input.mapToName] ?? '']),
    ),
    (field) => field !== '',
  );
  const selectedValueMappings = nonEmpty(
    Object.fromEntries(
      Object.entries(draft.valueMappings).map(([mapToName, values]) => [mapToName, byAppValue(values)]),
    ),
    (values) => Object.keys(values).length > 0,
  );
  const fieldFilters: ReadFilter[] = draft.filters
    .filter((filter) => filter.fieldName !== '')
    .map((filter) => ({
      fieldName: filter.fieldName,
      operator: 'eq' as const,
      ...(filter.value === '' ? {} : { value: filter.value }),
    }));
  return {
    objectName: object.objectName,
    ...(draft.schedule ? { schedule: draft.schedule } : {}),
    ...(draft.paused ? { disabled: true } : {}),
    ...(draft.destination ? { destination: draft.destination } : {}),
    selectedFields: draft.allFields ? {} : nonEmpty(draft.fields, (on) => on),
    ...(draft.allFields ? { selectedFieldsAuto: 'all' as const } : {}),
    selectedFieldMappings,
    ...(Object.keys(selectedValueMappings).length ? { selectedValueMappings } : {}),
    ...(inputs.length ? { dynamicMappingsInput: inputs.map(toMappingEntry) } : {}),
    ...(draft.backfill ? { backfill: draft.backfill } : {}),
    ...(fieldFilters.length ? { fieldFilters } : {}),
  };
}

function writeObjectConfig(object: WriteObjectDetails, draft: WriteObjectDraft) {
  const types = new Map(object.fields.map((f) => [f.fieldName, f.valueType]));
  const selectedFieldSettings = Object.fromEntries(
    Object.entries(draft.fields).map(([fieldName, setting]) => {
      const valueType = types.get(fieldName);
      const value = setting.value;
      // The three kinds of field-setting default (docs/service-interface.md#field-setting); the field's type decides which one carries the value.
      const defaultValue =
        !setting.enabled || value === ''
          ? undefined
          : valueType === 'boolean'
            ? { booleanValue: value === true || value === 'true' }
            : valueType === 'int'
              ? { integerValue: Number(value) }
              : { stringValue: String(value) };
      return [
        fieldName,
        {
          ...(defaultValue ? { default: defaultValue } : {}),
          writeOnCreate: setting.writeOnCreate,
          writeOnUpdate: setting.writeOnUpdate,
        },
      ];
    }),
  );
  return {
    objectName: object.objectName,
    deletionSettings: { enabled: draft.deletionEnabled },
    ...(Object.keys(selectedFieldSettings).length ? { selectedFieldSettings } : {}),
  };
}

/** The config content (docs/service-interface.md#config-content) the wizard's choices stand for. */
export function buildConfigContent(wizard: IntegrationDetails, draft: WizardDraft): ConfigContentInput {
  const readObjects = wizard.readObjects.filter((o) => o.enabledAlways || draft.read[o.objectName]?.selected);
  const writeObjects = wizard.writeObjects.filter((o) => draft.write[o.objectName]?.selected);
  return {
    provider: wizard.integration.provider,
    ...(readObjects.length
      ? {
          read: {
            objects: Object.fromEntries(
              readObjects.map((o) => [
                o.objectName,
                readObjectConfig(o, draft.read[o.objectName] as ReadObjectDraft),
              ]),
            ),
          },
        }
      : {}),
    ...(writeObjects.length
      ? {
          write: {
            objects: Object.fromEntries(
              writeObjects.map((o) => [
                o.objectName,
                writeObjectConfig(o, draft.write[o.objectName] as WriteObjectDraft),
              ]),
            ),
          },
        }
      : {}),
    ...(wizard.proxy.allowed ? { proxy: { enabled: draft.proxyEnabled } } : {}),
  };
}
