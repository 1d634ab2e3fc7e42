import type { Installation, IntegrationDetails } from '@splice/schema';
import type { SpliceError } from '../../../client/splice-error.js';
import { isSpliceProblem } from '../../../client/splice-error.js';
import { isConflict } from '../../../hooks/use-update-installation.js';
import type { BackfillDraft, BackfillValue } from '../../backfill-picker/backfill-draft.js';
import type { ReadObjectDraft, WizardDraft, WriteObjectDraft } from './draft.js';
import type { SavedDraft } from './draft-storage.js';
import type { DraftPresets } from './initial-draft.js';
import { initialDraft } from './initial-draft.js';
import type { HideableStep, WizardStep, WizardStepId } from './steps.js';
import { locateIssue, objectStep, wizardSteps } from './steps.js';
import type { StepErrors } from './validate.js';
import { validateStep } from './validate.js';

/** A server issue placed on a control: its step and the service's own sentence. */
export interface ServerFieldError {
  stepId: WizardStepId;
  detail: string;
}

/** A change to one object's choices: the fields to replace, or a function of the current choices. */
export type DraftUpdate<T> = Partial<T> | ((current: T) => T);

/**
 * Everything the wizard remembers, free of React: a host or a test can drive it with
 * `wizardReducer` alone. The integration details come in with `loaded`; until then `draft` is null.
 */
export interface WizardState {
  details: IntegrationDetails | null;
  /** Kept whole while the user moves back and forth; made once, from the first details. */
  draft: WizardDraft | null;
  hiddenSteps: readonly HideableStep[];
  /** The step shown; may point past the end after objects are switched off (see `currentStep`). */
  stepIndex: number;
  /**
   * The furthest step reached, so the progress bar can offer a way back to each one; `Infinity` for an
   * existing installation, whose steps are all open from the start.
   */
  visited: number;
  /** Client-side errors, shown once the user tried to go on. */
  shownErrors: StepErrors;
  /** The last install's issues, by control, until the user edits their step. */
  serverErrors: Record<string, ServerFieldError>;
  installError: SpliceError | null;
  /** The current settings are being fetched after a conflicting save: no save until they are here. */
  reloading: boolean;
  installing: boolean;
  installed: Installation | null;
  /** The control a view should focus next (a field id, `heading` for the step's title, `installed`). */
  focusTarget: string | null;
  /** The user changed something not yet installed or saved (or a saved draft was restored). */
  dirty: boolean;
  /** The draft started from the settings the group had before it uninstalled (`details.previousConfig`). */
  fromPrevious: boolean;
}

export type WizardAction =
  | {
      type: 'loaded';
      details: IntegrationDetails;
      presets?: DraftPresets | undefined;
      /** An unsaved draft of this user kept by the tab: the wizard opens on it instead of the defaults. */
      saved?: SavedDraft | null | undefined;
    }
  | { type: 'hide-steps'; hidden: readonly HideableStep[] }
  /** The user asked for the current settings after a conflicting save; the conflict lasts until they load. */
  | { type: 'reload-current' }
  /** The current settings could not be fetched: the conflict stays, and the user can ask again. */
  | { type: 'reload-failed' }
  | { type: 'update-read'; objectName: string; update: DraftUpdate<ReadObjectDraft> }
  | { type: 'update-write'; objectName: string; update: DraftUpdate<WriteObjectDraft> }
  | { type: 'set-proxy'; enabled: boolean }
  /** The history for every object: the picker as left, and the value it stands for when valid. */
  | { type: 'set-history'; input: BackfillDraft; value: BackfillValue | undefined }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'go-to'; index: number }
  /** The host's URL names a step (Back/Forward): shown if the user has reached it before. */
  | { type: 'go-to-step'; stepId: string }
  | { type: 'install' }
  | { type: 'install-succeeded'; installation: Installation }
  | { type: 'install-failed'; error: SpliceError }
  /** The user chose the defaults over their previous settings: the wizard starts again from its first step. */
  | { type: 'start-from-defaults'; presets?: DraftPresets | undefined }
  | { type: 'focus-handled' };

export function initialWizardState(hiddenSteps: readonly HideableStep[] = []): WizardState {
  return {
    details: null,
    draft: null,
    hiddenSteps,
    stepIndex: 0,
    visited: 0,
    shownErrors: {},
    serverErrors: {},
    installError: null,
    reloading: false,
    installing: false,
    installed: null,
    focusTarget: null,
    dirty: false,
    fromPrevious: false,
  };
}

/** The steps the current choices imply, in order (none before the details arrive). */
export function selectSteps(state: WizardState): WizardStep[] {
  return state.details && state.draft ? wizardSteps(state.details, state.draft, state.hiddenSteps) : [];
}

/** The index of the step shown, kept inside the current steps. */
export function currentStepIndex(state: WizardState, steps = selectSteps(state)): number {
  return Math.min(state.stepIndex, Math.max(steps.length - 1, 0));
}

/** What blocks leaving the step shown; empty when the user may go on. */
export function currentStepErrors(state: WizardState, steps = selectSteps(state)): StepErrors {
  const step = steps[currentStepIndex(state, steps)];
  return state.details && state.draft && step ? validateStep(step, state.details, state.draft) : {};
}

/** The first step (of all, hidden or passed ones included) that still holds a problem. */
export function firstInvalidStep(
  state: WizardState,
  steps = selectSteps(state),
): { index: number; errors: StepErrors } | undefined {
  const { details, draft } = state;
  if (!details || !draft) return undefined;
  for (const [index, step] of steps.entries()) {
    const errors = validateStep(step, details, draft);
    if (Object.keys(errors).length > 0) return { index, errors };
  }
  return undefined;
}

/** Server issues of one step go once the user edits that step: they describe the choices before. */
function withoutServerErrors(errors: WizardState['serverErrors'], stepId: WizardStepId) {
  const kept = Object.entries(errors).filter(([, e]) => e.stepId !== stepId);
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

/** A change to one object's choices: the shown errors go, and so do the server's issues on its step. */
function updateObject<S extends 'read' | 'write'>(
  state: WizardState,
  section: S,
  objectName: string,
  update: DraftUpdate<WizardDraft[S][string]>,
): WizardState {
  // TypeScript cannot follow `section` into the draft's own type; S ties the two together.
  const objects = state.draft?.[section] as Record<string, WizardDraft[S][string]> | undefined;
  const current = objects?.[objectName];
  if (!state.draft || !current) return state;
  const next = typeof update === 'function' ? update(current) : { ...current, ...update };
  return {
    ...state,
    draft: { ...state.draft, [section]: { ...objects, [objectName]: next } },
    dirty: true,
    shownErrors: {},
    serverErrors: withoutServerErrors(state.serverErrors, objectStep(section, objectName).id),
  };
}

/**
 * The history for every object: each object without one of its own follows a valid choice at once, and
 * keeps its last valid one while the picker stands for none (the objects step is blocked until it does).
 */
function setHistory(state: WizardState, input: BackfillDraft, value: BackfillValue | undefined): WizardState {
  if (!state.draft) return state;
  const history = value ? { value, input } : { ...state.draft.history, input };
  const read = Object.fromEntries(
    Object.entries(state.draft.read).map(([name, object]) => [
      name,
      object.ownBackfill || !value ? object : { ...object, backfill: value, backfillInput: undefined },
    ]),
  );
  return {
    ...state,
    draft: { ...state.draft, history, read },
    dirty: true,
    shownErrors: {},
    serverErrors: withoutServerErrors(state.serverErrors, 'objects'),
  };
}

function goTo(state: WizardState, index: number): WizardState {
  if (index < 0 || index >= selectSteps(state).length) return state;
  return {
    ...state,
    stepIndex: index,
    visited: Math.max(state.visited, index),
    shownErrors: {},
    focusTarget: 'heading',
  };
}

/** Each issue on the control it names; two issues on one control keep both sentences. */
function placeIssues(error: SpliceError): Record<string, ServerFieldError> {
  const placed: Record<string, ServerFieldError> = {};
  if (!isSpliceProblem(error)) return placed;
  for (const issue of error.issues) {
    const { stepId, fieldId } = locateIssue(issue.name);
    const previous = placed[fieldId]?.detail;
    placed[fieldId] = { stepId, detail: previous ? `${previous} ${issue.detail}` : issue.detail };
  }
  return placed;
}

/**
 * Opens on a saved draft: each object the details know takes the saved choices (an object added since
 * takes its defaults), and the user is back on the step they left, with the steps they had reached.
 */
function restore(
  state: WizardState,
  details: IntegrationDetails,
  saved: SavedDraft,
  presets: DraftPresets | undefined,
): WizardState {
  const fresh = initialDraft(details, presets);
  const pick = <T>(defaults: Record<string, T>, kept: Record<string, T>) =>
    Object.fromEntries(Object.entries(defaults).map(([name, value]) => [name, kept[name] ?? value]));
  const draft: WizardDraft = {
    history: saved.draft.history ?? fresh.history,
    read: pick(fresh.read, saved.draft.read),
    write: pick(fresh.write, saved.draft.write),
    proxyEnabled: saved.draft.proxyEnabled === true,
  };
  const steps = wizardSteps(details, draft, state.hiddenSteps);
  const index = Math.max(
    steps.findIndex((step) => step.id === saved.stepId),
    0,
  );
  const visited = Math.min(Math.max(saved.visited, index), steps.length - 1);
  return { ...state, details, draft, stepIndex: index, visited, dirty: true, focusTarget: null };
}

/** The wizard's transitions. Pure: the same state and action always give the same next state. */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'loaded': {
      const loaded =
        !state.draft && action.saved
          ? restore(state, action.details, action.saved, action.presets)
          : // Later refetches refresh the details but must not wipe what the user chose.
            {
              ...state,
              details: action.details,
              draft: state.draft ?? initialDraft(action.details, action.presets),
              fromPrevious: state.draft
                ? state.fromPrevious
                : !action.details.installation && action.details.previousConfig !== null,
              // Current settings arrived after a conflicting save: the draft stays, the next save starts from them.
              installError: isConflict(state.installError) ? null : state.installError,
              reloading: false,
            };
      // Every step of an existing installation already holds its settings: any step can be opened at once.
      return action.details.installation ? { ...loaded, visited: Infinity } : loaded;
    }
    case 'start-from-defaults':
      if (!state.details || state.installing) return state;
      return {
        ...state,
        draft: initialDraft(state.details, action.presets, 'defaults'),
        fromPrevious: false,
        stepIndex: 0,
        visited: 0,
        shownErrors: {},
        serverErrors: {},
        installError: null,
        dirty: true,
        focusTarget: 'heading',
      };
    case 'reload-current':
      return isConflict(state.installError) ? { ...state, reloading: true } : state;
    case 'reload-failed':
      return { ...state, reloading: false };
    case 'hide-steps':
      return action.hidden.join() === state.hiddenSteps.join()
        ? state
        : { ...state, hiddenSteps: action.hidden };
    case 'update-read':
      return updateObject(state, 'read', action.objectName, action.update);
    case 'update-write':
      return updateObject(state, 'write', action.objectName, action.update);
    case 'set-proxy':
      if (!state.draft) return state;
      return {
        ...state,
        draft: { ...state.draft, proxyEnabled: action.enabled },
        dirty: true,
        serverErrors: withoutServerErrors(state.serverErrors, 'proxy'),
      };
    case 'set-history':
      return setHistory(state, action.input, action.value);
    case 'next': {
      const steps = selectSteps(state);
      const errors = currentStepErrors(state, steps);
      const first = Object.keys(errors)[0];
      if (first !== undefined) return { ...state, shownErrors: errors, focusTarget: first };
      return goTo(state, currentStepIndex(state, steps) + 1);
    }
    case 'back':
      return goTo(state, currentStepIndex(state) - 1);
    case 'go-to':
      return goTo(state, action.index);
    case 'go-to-step': {
      const steps = selectSteps(state);
      const index = steps.findIndex((step) => step.id === action.stepId);
      if (index < 0 || index > state.visited || index === currentStepIndex(state, steps)) return state;
      return goTo(state, index);
    }
    case 'install': {
      // A save while the current settings load would start from the version that just conflicted.
      if (!state.details || !state.draft || state.installing || state.reloading) return state;
      // Every step is checked again: a hidden or skipped step may still hold a problem.
      const invalid = firstInvalidStep(state);
      if (invalid) {
        return {
          ...state,
          stepIndex: invalid.index,
          shownErrors: invalid.errors,
          focusTarget: Object.keys(invalid.errors)[0] ?? null,
        };
      }
      return { ...state, installing: true, installError: null };
    }
    case 'install-succeeded':
      // Focus goes to the result, not to <body> with the form it replaced.
      return {
        ...state,
        installing: false,
        installed: action.installation,
        focusTarget: 'installed',
        dirty: false,
      };
    case 'install-failed': {
      const serverErrors = placeIssues(action.error);
      const failed = { ...state, installing: false, installError: action.error, serverErrors };
      const first = Object.entries(serverErrors)[0];
      if (!first) return failed;
      // The user lands on the first control the server named, on its own step.
      const [fieldId, { stepId }] = first;
      const target = selectSteps(state).findIndex((s) => s.id === stepId);
      return target >= 0
        ? { ...failed, stepIndex: target, focusTarget: fieldId }
        : { ...failed, focusTarget: fieldId };
    }
    case 'focus-handled':
      return state.focusTarget === null ? state : { ...state, focusTarget: null };
  }
}
