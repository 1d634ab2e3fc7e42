import type { IntegrationDetails } from '@splice/schema';
import type { WizardDraft } from './draft.js';

/** A wizard step: the object choice, one per chosen read or write object, proxy, review. */
export type WizardStep =
  | { id: 'objects' }
  | { id: `read:${string}`; objectName: string }
  | { id: `write:${string}`; objectName: string }
  | { id: 'proxy' }
  | { id: 'review' };

export type WizardStepId = WizardStep['id'];

/** Steps a builder can hide; hiding a per-object step keeps the object's defaults and presets. */
export type HideableStep = 'objects' | 'read' | 'write' | 'proxy';

/** The steps for the current choices, in order; follows the draft as objects are switched on and off. */
export function wizardSteps(
  wizard: IntegrationDetails,
  draft: WizardDraft,
  hidden: readonly HideableStep[] = [],
): WizardStep[] {
  const steps: WizardStep[] = [];
  if (!hidden.includes('objects')) steps.push({ id: 'objects' });
  if (!hidden.includes('read')) {
    for (const object of wizard.readObjects) {
      if (object.enabledAlways || draft.read[object.objectName]?.selected) {
        steps.push({ id: `read:${object.objectName}`, objectName: object.objectName });
      }
    }
  }
  if (!hidden.includes('write')) {
    for (const object of wizard.writeObjects) {
      if (draft.write[object.objectName]?.selected) {
        steps.push({ id: `write:${object.objectName}`, objectName: object.objectName });
      }
    }
  }
  if (wizard.proxy.allowed && !hidden.includes('proxy')) steps.push({ id: 'proxy' });
  steps.push({ id: 'review' });
  return steps;
}

/** Where a form control lives: its step and its id (the key of its error in `StepErrors`). */
export interface FieldLocation {
  stepId: WizardStepId;
  fieldId: string;
}

const readPart: Record<string, string> = {
  selectedFields: 'fields',
  selectedFieldsAuto: 'fields',
  selectedFieldMappings: 'mappings',
  dynamicMappingsInput: 'mappings',
  selectedValueMappings: 'valueMappings',
  schedule: 'schedule',
  destination: 'destination',
  backfill: 'backfill',
  fieldFilters: 'filters',
  disabled: 'paused',
  objectName: 'objectName',
};

/** Splits `a.b[2].c` into ['a', 'b', 2, 'c'] (keys quoted as `["x.y"]` stay whole). */
export function splitIssueName(name: string): Array<string | number> {
  const parts: Array<string | number> = [];
  const pattern = /([^.[\]]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
  for (const match of name.matchAll(pattern)) {
    if (match[1] !== undefined) parts.push(match[1]);
    else if (match[2] !== undefined) parts.push(Number(match[2]));
    else if (match[3] !== undefined) parts.push(JSON.parse(`"${match[3]}"`) as string);
  }
  return parts;
}

/**
 * Maps a server issue's `name` (e.g. `config.content.read.objects.contacts.selectedFieldMappings.stage`)
 * to the step and control that edit it, so a 400/422 lands where the user can fix it.
 */
export function locateIssue(name: string): FieldLocation {
  const parts = splitIssueName(name);
  const [c, content, section, objects, objectName, part, key] = parts;
  if (c !== 'config' || content !== 'content') return { stepId: 'review', fieldId: 'review' };
  if (section === 'proxy') return { stepId: 'proxy', fieldId: 'proxy' };
  if (
    (section === 'read' || section === 'write') &&
    objects === 'objects' &&
    typeof objectName === 'string'
  ) {
    if (part === undefined) return { stepId: 'objects', fieldId: `objects.${section}.${objectName}` };
    if (section === 'read') {
      const mapped = readPart[String(part)] ?? 'fields';
      const withKey =
        (mapped === 'mappings' || mapped === 'valueMappings') && typeof key === 'string'
          ? `.${key}`
          : mapped === 'filters' && typeof key === 'number'
            ? `.${key}`
            : '';
      return { stepId: `read:${objectName}`, fieldId: `read.${objectName}.${mapped}${withKey}` };
    }
    if (part === 'deletionSettings')
      return { stepId: `write:${objectName}`, fieldId: `write.${objectName}.deletion` };
    if ((part === 'selectedFieldSettings' || part === 'selectedValueDefaults') && typeof key === 'string') {
      return { stepId: `write:${objectName}`, fieldId: `write.${objectName}.fields.${key}` };
    }
    return { stepId: `write:${objectName}`, fieldId: `write.${objectName}` };
  }
  return { stepId: 'review', fieldId: 'review' };
}
