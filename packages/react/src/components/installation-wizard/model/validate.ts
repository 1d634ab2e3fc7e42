import type { IntegrationDetails, ReadObjectDetails, WriteObjectDetails } from '@splice/schema';
import { limits, parseCron, valueFitsType, valueFormatOf, valueKindOf } from '@splice/schema';
import type { CustomDaysError } from '../../backfill-picker/backfill-draft.js';
import { parseCustomDays } from '../../backfill-picker/backfill-draft.js';
import { objectNamed } from '../../shared/named.js';
import type { ReadObjectDraft, WizardDraft, WriteObjectDraft } from './draft.js';
import { fieldIds } from './field-ids.js';
import type { WizardStep } from './steps.js';

/** Error codes per control id; the UI words them through `messages`. */
export type StepErrors = Record<string, StepError>;

export type StepError =
  | { code: 'choose-an-object' }
  | { code: 'choose-a-field' }
  /** `name`: the field as the user knows it (its display name). */
  | { code: 'mapping-required'; mapToName: string; name: string }
  | { code: 'mapping-unknown-field'; field: string; objectName: string }
  | { code: 'invalid-schedule'; detail: string }
  | { code: 'schedule-required' }
  | { code: 'invalid-backfill'; reason: CustomDaysError }
  | { code: 'filter-field-required' }
  | { code: 'filter-value-required' }
  | { code: 'filter-value-type'; expected: 'number' | 'integer' | 'boolean' }
  /** A date or datetime field's value not written as the format says (e.g. "yesterday"). */
  | { code: 'filter-value-format'; format: 'date' | 'datetime' }
  | { code: 'default-value-required' }
  | { code: 'default-value-type'; expected: 'integer' | 'boolean' }
  /** Longer than the schema lets the server keep (`limits` in @splice/schema): refused here, not cut. */
  | { code: 'too-long'; max: number; length: number };

/** The too-long error of a text, or undefined when it fits the schema's limit. */
function tooLong(value: unknown, max: number): StepError | undefined {
  return typeof value === 'string' && value.length > max
    ? { code: 'too-long', max, length: value.length }
    : undefined;
}

/** Why the picker's custom number stands for no value, or undefined when it stands for one. */
function backfillProblem(draft: {
  backfillInput?: ReadObjectDraft['backfillInput'];
}): CustomDaysError | undefined {
  const input = draft.backfillInput;
  if (input?.mode !== 'days' || input.choice !== 'custom') return undefined;
  const parsed = parseCustomDays(input.customText, limits.backfillDays);
  return 'error' in parsed ? parsed.error : undefined;
}

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
    const long = input.fieldName ? undefined : tooLong(mapped, limits.name);
    if (long) errors[fieldIds.mapping(name, input.mapToName)] = long;
    else if (input.required && !input.fieldName && !mapped) {
      errors[fieldIds.mapping(name, input.mapToName)] = {
        code: 'mapping-required',
        mapToName: input.mapToName,
        name: input.mapToDisplayName ?? input.mapToName,
      };
    } else if (mapped && !input.fieldName && known.size > 0 && !known.has(mapped)) {
      errors[fieldIds.mapping(name, input.mapToName)] = {
        code: 'mapping-unknown-field',
        field: mapped,
        objectName: object.displayName,
      };
    }
  }
  // An empty schedule is not "the default": the review and the settings would show nothing for it.
  const scheduleError =
    tooLong(draft.schedule, limits.schedule) ??
    (draft.schedule.trim() === '' ? { code: 'schedule-required' as const } : undefined);
  if (scheduleError) errors[fieldIds.schedule(name)] = scheduleError;
  else {
    const parsed = parseCron(draft.schedule);
    if (!parsed.ok)
      errors[fieldIds.schedule(name)] = { code: 'invalid-schedule', detail: parsed.error.message };
  }
  const backfillReason = backfillProblem(draft);
  if (backfillReason) errors[fieldIds.backfill(name)] = { code: 'invalid-backfill', reason: backfillReason };
  else if (draft.backfill === undefined && object.manifest.backfill !== undefined) {
    errors[fieldIds.backfill(name)] = { code: 'invalid-backfill', reason: 'required' };
  }
  const types = new Map(object.fields.map((f) => [f.fieldName, f.valueType]));
  draft.filters.forEach((filter, index) => {
    const id = fieldIds.filter(name, index);
    const long = tooLong(filter.value, limits.text);
    if (long) {
      errors[id] = long;
      return;
    }
    // A row with a value and no field would be dropped on install: the user is asked instead.
    if (!filter.fieldName) {
      if (filter.value !== '') errors[id] = { code: 'filter-field-required' };
      return;
    }
    const type = types.get(filter.fieldName);
    const expected = type === undefined ? 'text' : valueKindOf(type);
    if (filter.value === '') errors[id] = { code: 'filter-value-required' };
    // A text field's input always gives text; the typed kinds are the ones a value can miss.
    else if (type && expected !== 'text' && !valueFitsType(filter.value, type)) {
      errors[id] = { code: 'filter-value-type', expected };
    } else if (type && valueFormatOf(type) && !valueFitsType(filter.value, type)) {
      errors[id] = { code: 'filter-value-format', format: valueFormatOf(type) ?? 'date' };
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
    const long = tooLong(setting.value, limits.text);
    if (long) errors[id] = long;
    else if (setting.value === '') errors[id] = { code: 'default-value-required' };
    // Only whole numbers and booleans are typed defaults (`integerValue`, `booleanValue`); the rest is text.
    else if ((type === 'int' || type === 'boolean') && !valueFitsType(setting.value, type)) {
      errors[id] = { code: 'default-value-type', expected: valueKindOf(type) as 'integer' | 'boolean' };
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
      const historyReason = backfillProblem({ backfillInput: draft.history.input });
      return {
        ...(anyRead || anyWrite ? {} : { [fieldIds.objects]: { code: 'choose-an-object' as const } }),
        ...(historyReason
          ? { [fieldIds.history]: { code: 'invalid-backfill' as const, reason: historyReason } }
          : {}),
      };
    }
    case 'read': {
      const object = objectNamed(wizard.readObjects, step.objectName);
      const objectDraft = draft.read[step.objectName];
      return object && objectDraft ? validateRead(object, objectDraft) : {};
    }
    case 'write': {
      const object = objectNamed(wizard.writeObjects, step.objectName);
      const objectDraft = draft.write[step.objectName];
      return object && objectDraft ? validateWrite(object, objectDraft) : {};
    }
    default:
      return {};
  }
}
