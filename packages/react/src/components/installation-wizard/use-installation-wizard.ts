import type { Installation, IntegrationDetails } from '@splice/schema';
import { installationVersionTag } from '@splice/schema';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { SpliceError } from '../../client/splice-error.js';
import { isSpliceProblem, SpliceProblem } from '../../client/splice-error.js';
import { useCreateInstallation } from '../../hooks/use-create-installation.js';
import { useIntegration } from '../../hooks/use-integration.js';
import { isConflict, useUpdateInstallation } from '../../hooks/use-update-installation.js';
import type { BackfillDraft, BackfillValue } from '../backfill-picker/backfill-draft.js';
import { buildConfigContent } from './model/build-config.js';
import type { WizardChange } from './model/build-update.js';
import { buildUpdate } from './model/build-update.js';
import type { ReadObjectDraft, WizardDraft, WriteObjectDraft } from './model/draft.js';
import type { SavedDraft } from './model/draft-storage.js';
import { draftStorageKey, readSavedDraft, removeSavedDraft, writeSavedDraft } from './model/draft-storage.js';
import type { DraftPresets } from './model/initial-draft.js';
import { initialDraft } from './model/initial-draft.js';
import type { HideableStep, WizardStep } from './model/steps.js';
import type { StepErrors } from './model/validate.js';
import type { DraftUpdate, ServerFieldError, WizardAction, WizardState } from './model/wizard-reducer.js';
import {
  currentStepIndex,
  firstInvalidStep,
  initialWizardState,
  selectSteps,
  wizardReducer,
} from './model/wizard-reducer.js';

export interface UseInstallationWizardOptions {
  /** The integration to install, e.g. `crm-sync`. */
  integrationId: string;
  /** Values the wizard opens with (destination, schedule, backfill per object; a default schedule). */
  presets?: DraftPresets;
  /** Steps to leave out; their objects keep their defaults and presets. Default: none. */
  hiddenSteps?: readonly HideableStep[];
  /** Skip the service's sample read of the config. Default false. */
  skipSampling?: boolean;
  /** Called once the installation is created (or, editing, saved). */
  onInstalled?: (installation: Installation) => void;
  /**
   * `edit`: open the group's installation for changes (every step prefilled from it) and save only what
   * changed. Without an installation the wizard installs, as in the default `install` mode.
   */
  mode?: 'install' | 'edit';
  /**
   * Keeps the unsaved draft in the tab's session storage under this key (with the integration and the
   * mode), so a reload, Back/Forward or another page loses nothing. Pass something naming the signed-in
   * user (their id): drafts never cross users. Call `clearWizardDrafts()` on sign-out. Default: not kept.
   */
  draftKey?: string;
  /**
   * The step to show, by id (`objects`, `read:contacts`, `review`…), for a host that keeps the step in
   * its URL: Back and Forward then move between steps. A step not reached yet is not shown (editing an
   * installation, every step can be). Use with `onStepChange`; the wizard itself never touches the URL
   * or the history.
   */
  step?: string;
  /** Called with the shown step's id whenever it changes and differs from `step`. */
  onStepChange?: (stepId: string) => void;
  /** Called when the wizard starts or stops holding changes not yet installed or saved. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Asks the browser to confirm leaving the page (reload, close) while changes are unsaved. Default true. */
  warnBeforeUnload?: boolean;
}

/** What `useInstallationWizard` gives a view: the wizard's state and the actions that change it. */
export interface UseInstallationWizardResult {
  /** `loading` until the integration's details arrive, `error` when they could not be loaded. */
  status: 'loading' | 'error' | 'ready';
  /** Why the details could not be loaded (with `status: 'error'`). */
  loadError: SpliceError | null;
  /** Asks for the details again after a load error. */
  retry: () => void;
  /** The integration's details: objects, fields, connection, installation. */
  wizard: IntegrationDetails | undefined;
  /** The user's choices; null until the details arrive. */
  draft: WizardDraft | null;
  steps: readonly WizardStep[];
  step: WizardStep | undefined;
  stepIndex: number;
  /** The furthest step reached: steps up to it can be revisited (editing: `Infinity`, every step). */
  visited: number;
  /** Client-side errors shown after the user tried to go on, by field id. */
  errors: StepErrors;
  /** The last install's issues, by field id, each with its step. */
  serverErrors: Readonly<Record<string, ServerFieldError>>;
  installError: SpliceError | null;
  /** The installation made here, or the one the group already had. */
  installed: Installation | null;
  isInstalling: boolean;
  /** The control to focus after the step renders (a field id, or `heading`); null when nothing waits. */
  focusTarget: string | null;
  /** Tells the wizard the view has moved focus, so it is not moved again. */
  clearFocusTarget: () => void;
  updateRead: (objectName: string, update: DraftUpdate<ReadObjectDraft>) => void;
  updateWrite: (objectName: string, update: DraftUpdate<WriteObjectDraft>) => void;
  setProxyEnabled: (enabled: boolean) => void;
  /** Sets the history every object imports unless it has its own. */
  setHistory: (input: BackfillDraft, value: BackfillValue | undefined) => void;
  /** Goes on, or shows what blocks the step and returns false. */
  next: () => boolean;
  back: () => void;
  goTo: (index: number) => void;
  /** Checks every step, then creates the installation (or, editing, saves the changes). */
  install: () => Promise<void>;
  /** `edit` while changing an existing installation. */
  mode: 'install' | 'edit';
  /** Editing: what the draft changes against the current settings; empty when nothing does. */
  changes: readonly WizardChange[];
  /** Editing: the last save was refused because someone else changed the installation meanwhile. */
  conflict: boolean;
  /** Editing: loads the current settings again; what the user typed stays in the form. */
  reloadCurrent: () => void;
  /** The current settings are loading after a conflict; the save waits for them. */
  isReloading: boolean;
  /** The user changed something not yet installed or saved. */
  dirty: boolean;
  /**
   * Installing: the draft started from the settings the group had when it last uninstalled (kept by the
   * service for a while); `startFromDefaults` sets them aside.
   */
  fromPrevious: boolean;
  /** Sets the previous settings aside: the draft starts again from the defaults, on the first step. */
  startFromDefaults: () => void;
}

/**
 * The wizard's state and actions without any markup: the draft (kept whole while the user moves back
 * and forth), the steps it implies, validation per step, and installing with server issues routed back
 * to the step and control they name. The transitions are `wizardReducer`'s; this hook adds the data
 * loading and the request. `InstallationWizard` is one view of it; a host can build another.
 */
export function useInstallationWizard(options: UseInstallationWizardOptions): UseInstallationWizardResult {
  const { integrationId, presets, hiddenSteps = noSteps, skipSampling, onInstalled } = options;
  const query = useIntegration(integrationId);
  const creation = useCreateInstallation(integrationId);
  const updating = useUpdateInstallation(integrationId);
  const [state, dispatch] = useReducer(wizardReducer, hiddenSteps, initialWizardState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const presetsRef = useRef(presets);
  const onInstalledRef = useRef(onInstalled);
  onInstalledRef.current = onInstalled;

  const details = query.data;
  const mode = options.mode ?? 'install';
  const storageKey = options.draftKey ? draftStorageKey(options.draftKey, integrationId, mode) : null;
  useEffect(() => {
    if (!details) return;
    let saved: SavedDraft | null = null;
    if (storageKey && !stateRef.current.draft) {
      saved = readSavedDraft(storageKey);
      // An installation made meanwhile (install), or a newer revision (edit), makes the draft stale.
      const stale =
        mode === 'edit'
          ? saved?.revision !== (details.installation?.config.revisionId ?? null)
          : Boolean(details.installation);
      if (saved && stale) {
        removeSavedDraft(storageKey);
        saved = null;
      }
    }
    dispatch({ type: 'loaded', details, presets: presetsRef.current, saved });
  }, [details, storageKey, mode]);
  // Keyed by content: a host passing a fresh array each render must not cause a dispatch each render.
  const hiddenKey = hiddenSteps.join();
  const hiddenRef = useRef(hiddenSteps);
  hiddenRef.current = hiddenSteps;
  // biome-ignore lint/correctness/useExhaustiveDependencies: hiddenKey stands for the array's content
  useEffect(() => dispatch({ type: 'hide-steps', hidden: hiddenRef.current }), [hiddenKey]);

  const steps = useMemo(() => selectSteps(state), [state]);
  const index = currentStepIndex(state, steps);
  const { refetch } = query;
  // No step is announced while the view shows something else: installed, or the connect step.
  const connection = state.details?.connection;
  const installedShown = state.installed ?? (mode === 'install' ? state.details?.installation : null);
  const showsSteps = !installedShown && connection && connection.status !== 'bad_credentials';
  const stepId = showsSteps ? steps[index]?.id : undefined;
  useDraftKeeping(state, storageKey, stepId);
  useStepSync(state, dispatch, stepId, options);
  useUnsavedWarning(state.dirty && !state.installed, options);

  const next = useCallback(() => {
    const before = stateRef.current;
    dispatch({ type: 'next' });
    return Object.keys(wizardReducer(before, { type: 'next' }).shownErrors).length === 0;
  }, []);

  const editing = options.mode === 'edit' && Boolean(state.details?.installation);
  const baseline = useMemo(
    () => (editing && state.details ? initialDraft(state.details, presetsRef.current) : null),
    [editing, state.details],
  );
  const update = useMemo(
    () =>
      baseline && state.details && state.draft ? buildUpdate(state.details, baseline, state.draft) : null,
    [baseline, state.details, state.draft],
  );
  const updateRef = useRef(update);
  updateRef.current = update;

  const install = useCallback(async () => {
    const current = stateRef.current;
    const { details, draft } = current;
    const installation = editing ? details?.installation : undefined;
    const pending = updateRef.current;
    // Editing with nothing changed saves nothing.
    if (installation && !pending) return;
    dispatch({ type: 'install' });
    // The reducer refused the same way: the request waits (the current settings load) or a step is invalid.
    if (!details || !draft || current.installing || current.reloading || firstInvalidStep(current)) return;
    const result =
      installation && pending
        ? await updating.update(pending.body, {
            ifMatch: installationVersionTag(installation),
            ...(skipSampling ? { skipSampling } : {}),
          })
        : await creation.install(
            { config: { content: buildConfigContent(details, draft) } },
            { skipSampling },
          );
    if (result.ok) {
      dispatch({ type: 'install-succeeded', installation: result.data });
      onInstalledRef.current?.(result.data);
    } else
      dispatch({ type: 'install-failed', error: installation ? underConfig(result.error) : result.error });
  }, [creation.install, updating.update, editing, skipSampling]);

  const actions = useMemo(
    () => ({
      retry: () => void refetch(),
      clearFocusTarget: () => dispatch({ type: 'focus-handled' }),
      updateRead: (objectName: string, update: DraftUpdate<ReadObjectDraft>) =>
        dispatch({ type: 'update-read', objectName, update }),
      updateWrite: (objectName: string, update: DraftUpdate<WriteObjectDraft>) =>
        dispatch({ type: 'update-write', objectName, update }),
      setProxyEnabled: (enabled: boolean) => dispatch({ type: 'set-proxy', enabled }),
      setHistory: (input: BackfillDraft, value: BackfillValue | undefined) =>
        dispatch({ type: 'set-history', input, value }),
      back: () => dispatch({ type: 'back' }),
      goTo: (target: number) => dispatch({ type: 'go-to', index: target }),
      startFromDefaults: () => dispatch({ type: 'start-from-defaults', presets: presetsRef.current }),
    }),
    [refetch],
  );

  // The answer is dispatched even when it equals the cached one: the conflict is over either way.
  const reloadCurrent = useCallback(() => {
    if (stateRef.current.reloading) return;
    dispatch({ type: 'reload-current' });
    void refetch().then((result) => {
      dispatch(
        result.data && !result.isError ? { type: 'loaded', details: result.data } : { type: 'reload-failed' },
      );
    });
  }, [refetch]);

  return {
    ...actions,
    status: query.isPending ? 'loading' : query.isError ? 'error' : 'ready',
    loadError: query.error,
    wizard: state.details ?? undefined,
    draft: state.draft,
    steps,
    step: steps[index],
    stepIndex: index,
    visited: state.visited,
    errors: state.shownErrors,
    serverErrors: state.serverErrors,
    installError: state.installError,
    installed: editing ? state.installed : (state.installed ?? details?.installation ?? null),
    isInstalling: state.installing,
    focusTarget: state.focusTarget,
    next,
    install,
    mode: editing ? 'edit' : 'install',
    changes: update?.changes ?? noChanges,
    conflict: isConflict(state.installError),
    reloadCurrent,
    isReloading: state.reloading,
    dirty: state.dirty && !state.installed,
    fromPrevious: !editing && state.fromPrevious && !state.installed,
  };
}

/** Writes the draft to session storage while it holds unsaved changes; removes it once installed. */
function useDraftKeeping(state: WizardState, storageKey: string | null, stepId: string | undefined) {
  const { draft, details, dirty, installed, visited } = state;
  useEffect(() => {
    if (!storageKey || !details) return;
    if (installed) removeSavedDraft(storageKey);
    else if (dirty && draft && stepId) {
      const revision = details.installation?.config.revisionId ?? null;
      writeSavedDraft(storageKey, { v: 1, draft, stepId, visited, revision });
    }
  }, [storageKey, draft, details, dirty, installed, visited, stepId]);
}

/** Follows the host's `step` (Back/Forward) and tells the host when the wizard moves on its own. */
function useStepSync(
  state: WizardState,
  dispatch: (action: WizardAction) => void,
  stepId: string | undefined,
  options: UseInstallationWizardOptions,
) {
  const stateRef = useRef(state);
  stateRef.current = state;
  const onStepChange = useRef(options.onStepChange);
  onStepChange.current = options.onStepChange;
  const wanted = options.step;
  const wantedRef = useRef(wanted);
  wantedRef.current = wanted;
  const ready = state.draft !== null;
  useEffect(() => {
    if (!wanted || !ready) return;
    const action: WizardAction = { type: 'go-to-step', stepId: wanted };
    const after = wizardReducer(stateRef.current, action);
    dispatch(action);
    // A step not reached yet is refused: the host's URL goes back to the step shown.
    const shown = selectSteps(after)[currentStepIndex(after)]?.id;
    if (shown && shown !== wanted && !after.installed) onStepChange.current?.(shown);
  }, [wanted, ready, dispatch]);
  useEffect(() => {
    if (stepId && stepId !== wantedRef.current) onStepChange.current?.(stepId);
  }, [stepId]);
}

/** Tells the host about unsaved changes and asks the browser to confirm leaving while there are some. */
function useUnsavedWarning(dirty: boolean, options: UseInstallationWizardOptions) {
  const onDirtyChange = useRef(options.onDirtyChange);
  onDirtyChange.current = options.onDirtyChange;
  useEffect(() => {
    onDirtyChange.current?.(dirty);
  }, [dirty]);
  const warn = options.warnBeforeUnload !== false;
  useEffect(() => {
    if (!dirty || !warn) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers confirm only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, warn]);
}

const noChanges: readonly WizardChange[] = [];

/**
 * An update's issues name the body's `installation.config...`; the wizard's controls are keyed by the
 * create's `config...`, so the prefix goes before the issues are placed.
 */
function underConfig(error: SpliceError): SpliceError {
  if (!isSpliceProblem(error) || error.issues.length === 0) return error;
  return new SpliceProblem({
    ...error.problem,
    issues: error.issues.map((issue) => ({ ...issue, name: issue.name.replace(/^installation\./, '') })),
  });
}

const noSteps: readonly HideableStep[] = [];
