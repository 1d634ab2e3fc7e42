import type { IntegrationDetails } from '@splice/schema';
import type { WizardDraft } from './draft.js';
import type { ReadPart } from './field-ids.js';
import { fieldIds } from './field-ids.js';

/**
 * A wizard step: the object choice, one per chosen read or write object, proxy, review. `kind` says
 * what the step edits; `id` tells two steps of one kind apart (a React key, `data-step` in the page).
 */
export type WizardStep =
  | { kind: 'objects'; id: 'objects' }
  | { kind: 'read'; id: `read:${string}`; objectName: string }
  | { kind: 'write'; id: `write:${string}`; objectName: string }
  | { kind: 'proxy'; id: 'proxy' }
  | { kind: 'review'; id: 'review' };

export type WizardStepKind = WizardStep['kind'];
export type WizardStepId = WizardStep['id'];

/** The step that edits one read or write object. */
export function objectStep(kind: 'read', objectName: string): Extract<WizardStep, { kind: 'read' }>;
export function objectStep(kind: 'write', objectName: string): Extract<WizardStep, { kind: 'write' }>;
export function objectStep(
  kind: 'read' | 'write',
  objectName: string,
): Extract<WizardStep, { kind: 'read' | 'write' }>;
export function objectStep(kind: 'read' | 'write', objectName: string): WizardStep {
  return kind === 'read'
    ? { kind, id: `read:${objectName}`, objectName }
    : { kind, id: `write:${objectName}`, objectName };
}

/** Steps a builder can hide; hiding a per-object step keeps the object's defaults and presets. */
export type HideableStep = 'objects' | 'read' | 'write' | 'proxy';

/** The steps for the current choices, in order; follows the draft as objects are switched on and off. */
export function wizardSteps(
  wizard: IntegrationDetails,
  draft: WizardDraft,
  hidden: readonly HideableStep[] = [],
): WizardStep[] {
  const steps: WizardStep[] = [];
  if (!hidden.includes('objects')) steps.push({ kind: 'objects', id: 'objects' });
  if (!hidden.includes('read')) {
    for (const object of wizard.readObjects) {
      if (object.enabledAlways || draft.read[object.objectName]?.selected) {
        steps.push(objectStep('read', object.objectName));
      }
    }
  }
  if (!hidden.includes('write')) {
    for (const object of wizard.writeObjects) {
      if (draft.write[object.objectName]?.selected) {
        steps.push(objectStep('write', object.objectName));
      }
    }
  }
  if (wizard.proxy.allowed && !hidden.includes('proxy')) steps.push({ kind: 'proxy', id: 'proxy' });
  steps.push({ kind: 'review', id: 'review' });
  return steps;
}

/** Where a form control lives: its step and its id (the key of its error in `StepErrors`). */
export interface FieldLocation {
  stepId: WizardStepId;
  fieldId: string;
}

/** Which read-step part each key of a read object's config belongs to, in the order the step shows them. */
export const readPart: Record<string, ReadPart> = {
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
  const review: FieldLocation = { stepId: 'review', fieldId: fieldIds.review };
  const parts = splitIssueName(name);
  const [c, content, section, objects, objectName, part, key] = parts;
  if (c !== 'config' || content !== 'content') return review;
  if (section === 'proxy') return { stepId: 'proxy', fieldId: fieldIds.proxy };
  if (
    (section !== 'read' && section !== 'write') ||
    objects !== 'objects' ||
    typeof objectName !== 'string'
  ) {
    return review;
  }
  if (part === undefined) return { stepId: 'objects', fieldId: fieldIds.objectChoice(section, objectName) };
  const stepId = objectStep(section, objectName).id;
  if (section === 'read') {
    const mapped = readPart[String(part)] ?? 'fields';
    if (mapped === 'mappings' && typeof key === 'string') {
      return { stepId, fieldId: fieldIds.mapping(objectName, key) };
    }
    if (mapped === 'valueMappings' && typeof key === 'string') {
      return { stepId, fieldId: fieldIds.valueMapping(objectName, key) };
    }
    if (mapped === 'filters' && typeof key === 'number') {
      return { stepId, fieldId: fieldIds.filter(objectName, key) };
    }
    return { stepId, fieldId: fieldIds.readPart(objectName, mapped) };
  }
  if (part === 'deletionSettings') return { stepId, fieldId: fieldIds.deletion(objectName) };
  if ((part === 'selectedFieldSettings' || part === 'selectedValueDefaults') && typeof key === 'string') {
    return { stepId, fieldId: fieldIds.writeDefault(objectName, key) };
  }
  return { stepId, fieldId: fieldIds.write(objectName) };
}
