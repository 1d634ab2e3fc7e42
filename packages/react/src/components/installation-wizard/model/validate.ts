import type { IntegrationDetails, ReadObjectDetails, WriteObjectDetails } from '@splice/schema';
import { parseCron } from '@splice/schema';
import type { ReadObjectDraft, WizardDraft, WriteObjectDraft } from './draft.js';
import { fieldIds } from './field-ids.js';
import type { WizardStep } from './steps.js';

/** Error codes per control id; the UI words them through `messages`. */
export type StepErrors = Record<string, StepError>;

export type StepError =
  | { code: 'choose-an-object' }
  | { code: 'choose-a-field' }
  | { code: 'mapping-required'; mapToName: string }
  | { code: 'mapping-unknown-field'; field: string; objectName: string }
  | { code: 'value-used-twice'; providerValue: string }
  | { code: 'invalid-schedule'; detail: string }
  | { code: 'invalid-backfill' }
  | { code: 'filter-value-required' }
  | { code: 'filter-value-type'; expected: 'number' | 'integer' | 'boolean' }
  | { code: 'default-value-required' }
  | { code: 'default-value-type'; expected: 'integer' | 'boolean' };

function validateRead(object: ReadObjectDetails, draft: ReadObjectDraft): StepErrors {
  const name = object.objectName;
  const errors: StepErrors = {};
  const anyMapping = Object.values(draft.mappings).some((field) => field !== '');
  if (!draft.allFields && !Object.values(draft.fields).some(Boolean) && !anyMapping) {
    errors[fieldIds.readFields(name)] = { code: 'choose-a-field' };
  }
  const known = new Set(object.fields.map((f) => f.fieldName));
  for (const input of object.mappingInputs) {
    const mapped = draft.mappings[input.mapToName];
    if (input.required && !input.fieldName && !mapped) {
      errors[fieldIds.mapping(name, input.mapToName)] = {
        code: 'mapping-required',
        mapToName: input.mapToName,
      };
    } else if (mapped && !input.fieldName && known.size > 0 && !known.has(mapped)) {
      errors[fieldIds.mapping(name, input.mapToName)] = {
        code: 'mapping-unknown-field',
        field: mapped,
        objectName: object.displayName,
      };
    }
  }
  for (const [mapToName, values] of Object.entries(draft.valueMappings)) {
    const seen = new Set<string>();
    for (const providerValue of Object.values(values)) {
      if (!providerValue) continue;
      if (seen.has(providerValue)) {
        errors[fieldIds.valueMapping(name, mapToName)] = { code: 'value-used-twice', providerValue };
        break;
      }
      seen.add(providerValue);
    }
  }
  if (draft.schedule) {
    const parsed = parseCron(draft.schedule);
    if (!parsed.ok)
      errors[fieldIds.schedule(name)] = { code: 'invalid-schedule', detail: parsed.error.message };
  }
  if (draft.backfill === undefined && object.manifest.backfill !== undefined) {
    errors[fieldIds.backfill(name)] = { code: 'invalid-backfill' };
  }
  const types = new Map(object.fields.map((f) => [f.fieldName, f.valueType]));
  draft.filters.forEach((filter, index) => {
    if (!filter.fieldName) return;
    const id = fieldIds.filter(name, index);
    const type = types.get(filter.fieldName);
    if (filter.value === '') errors[id] = { code: 'filter-value-required' };
    else if (type === 'int' && !(typeof filter.value === 'number' && Number.isInteger(filter.value))) {
      errors[id] = { code: 'filter-value-type', expected: 'integer' };
    } else if (type === 'float' && typeof filter.value !== 'number') {
      errors[id] = { code: 'filter-value-type', expected: 'number' };
    } else if (type === 'boolean' && typeof filter.value !== 'boolean') {
      errors[id] = { code: 'filter-value-type', expected: 'boolean' };
    }
  });
  return errors;
}

function validateWrite(object: WriteObjectDetails, draft: WriteObjectDraft): StepErrors {
  const errors: StepErrors = {};
  const types = new Map(object.fields.map((f) => [f.fieldName, f.valueType]));
  for (const [fieldName, setting] of Object.entries(draft.fields)) {
    if (!setting.enabled) continue;
    const id = fieldIds.writeDefault(object.objectName, fieldName);
    const type = types.get(fieldName);
    if (setting.value === '') errors[id] = { code: 'default-value-required' };
    else if (
      type === 'int' &&
      !Number.isInteger(typeof setting.value === 'number' ? setting.value : Number.NaN)
    ) {
      errors[id] = { code: 'default-value-type', expected: 'integer' };
    } else if (type === 'boolean' && typeof setting.value !== 'boolean') {
      errors[id] = { code: 'default-value-type', expected: 'boolean' };
    }
  }
  return errors;
}

/** What blocks leaving a step; an empty object lets the user go on. */
export function validateStep(step: WizardStep, wizard: IntegrationDetails, draft: WizardDraft): StepErrors {
  switch (step.kind) {
    case 'objects': {
      const anyRead = wizard.readObjects.some((o) => o.enabledAlways || draft.read[o.objectName]?.selected);
      const anyWrite = wizard.writeObjects.some((o) => draft.write[o.objectName]?.selected);
      return anyRead || anyWrite ? {} : { [fieldIds.objects]: { code: 'choose-an-object' } };
    }
    case 'read': {
      const object = wizard.readObjects.find((o) => o.objectName === step.objectName);
      const objectDraft = draft.read[step.objectName];
      return object && objectDraft ? validateRead(object, objectDraft) : {};
    }
    case 'write': {
      const object = wizard.writeObjects.find((o) => o.objectName === step.objectName);
      const objectDraft = draft.write[step.objectName];
      return object && objectDraft ? validateWrite(object, objectDraft) : {};
    }
    default:
      return {};
  }
}

/** Warns when an app field's declared type cannot hold the provider field's values. */
export function typeMismatch(
  mapToType: 'string' | 'boolean' | 'number' | 'date' | 'datetime' | undefined,
  providerType: string | undefined,
): boolean {
  if (!mapToType || !providerType) return false;
  const compatible: Record<string, readonly string[]> = {
    string: [
      'string',
      'singleSelect',
      'multiSelect',
      'reference',
      'date',
      'datetime',
      'other',
      'int',
      'float',
      'boolean',
    ],
    number: ['int', 'float'],
    boolean: ['boolean'],
    date: ['date', 'datetime'],
    datetime: ['datetime', 'date'],
  };
  return !(compatible[mapToType] ?? []).includes(providerType);
}
