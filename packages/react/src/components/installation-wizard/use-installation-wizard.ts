import type { Installation, IntegrationDetails } from '@splice/schema';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SpliceError } from '../../client/splice-error.js';
import { isSpliceProblem } from '../../client/splice-error.js';
import { useCreateInstallation } from '../../hooks/use-create-installation.js';
import { useIntegration } from '../../hooks/use-integration.js';
import { buildConfigContent } from './model/build-config.js';
import type { ReadObjectDraft, WizardDraft, WriteObjectDraft } from './model/draft.js';
import type { DraftPresets } from './model/initial-draft.js';
import { initialDraft } from './model/initial-draft.js';
import type { HideableStep, WizardStep, WizardStepId } from './model/steps.js';
import { locateIssue, wizardSteps } from './model/steps.js';
import type { StepErrors } from './model/validate.js';
import { validateStep } from './model/validate.js';

export interface UseInstallationWizardOptions {
  integrationId: string;
  presets?: DraftPresets;
  hiddenSteps?: readonly HideableStep[];
  /** Skip the service's sample read of the config. Default false. */
  skipSampling?: boolean;
  onInstalled?: (installation: Installation) => void;
}

/** A server issue placed on a control: its step and the service's own sentence. */
export interface ServerFieldError {
  stepId: WizardStepId;
  detail: string;
}

type DraftUpdate<T> = Partial<T> | ((current: T) => T);

function apply<T>(current: T, update: DraftUpdate<T>): T {
  return typeof update === 'function' ? (update as (c: T) => T)(current) : { ...current, ...update };
}

/**
 * The wizard's state and actions without any markup: the draft (kept whole while the user moves back
 * and forth), the steps it implies, validation per step, and installing with server issues routed back
 * to the step and control they name. `InstallationWizard` is one view of it; a host can build another.
 */
export function useInstallationWizard(options: UseInstallationWizardOptions) {
  const { integrationId, presets, hiddenSteps, skipSampling, onInstalled } = options;
  const query = useIntegration(integrationId);
  const wizard: IntegrationDetails | undefined = query.data;
  const creation = useCreateInstallation(integrationId);
  const [draft, setDraft] = useState<WizardDraft | null>(null);
  const [stepIndex, setStepIndex] = useState(0);
  const [visited, setVisited] = useState(0);
  const [shownErrors, setShownErrors] = useState<StepErrors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, ServerFieldError>>({});
  const [installError, setInstallError] = useState<SpliceError | null>(null);
  const [installed, setInstalled] = useState<Installation | null>(null);
  /** The control to focus after the step renders (first invalid one, or the step's heading). */
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const presetsRef = useRef(presets);

  // The draft is made once, from the first answer: later refetches must not wipe what the user chose.
  useEffect(() => {
    if (wizard && draft === null) setDraft(initialDraft(wizard, presetsRef.current));
  }, [wizard, draft]);

  const steps: WizardStep[] = useMemo(
    () => (wizard && draft ? wizardSteps(wizard, draft, hiddenSteps) : []),
    [wizard, draft, hiddenSteps],
  );
  const index = Math.min(stepIndex, Math.max(steps.length - 1, 0));
  const step = steps[index];

  const clearServerErrors = useCallback((stepId: WizardStepId) => {
    setServerErrors((current) => {
      const kept = Object.entries(current).filter(([, e]) => e.stepId !== stepId);
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, []);

  const updateRead = useCallback(
    (objectName: string, update: DraftUpdate<ReadObjectDraft>) => {
      setDraft((d) =>
        d?.read[objectName]
          ? { ...d, read: { ...d.read, [objectName]: apply(d.read[objectName], update) } }
          : d,
      );
      setShownErrors({});
      clearServerErrors(`read:${objectName}`);
    },
    [clearServerErrors],
  );
  const updateWrite = useCallback(
    (objectName: string, update: DraftUpdate<WriteObjectDraft>) => {
      setDraft((d) =>
        d?.write[objectName]
          ? { ...d, write: { ...d.write, [objectName]: apply(d.write[objectName], update) } }
          : d,
      );
      setShownErrors({});
      clearServerErrors(`write:${objectName}`);
    },
    [clearServerErrors],
  );
  const setProxyEnabled = useCallback(
    (enabled: boolean) => {
      setDraft((d) => (d ? { ...d, proxyEnabled: enabled } : d));
      clearServerErrors('proxy');
    },
    [clearServerErrors],
  );

  const stepErrors = useMemo<StepErrors>(
    () => (wizard && draft && step ? validateStep(step, wizard, draft) : {}),
    [wizard, draft, step],
  );

  const goTo = useCallback(
    (target: number) => {
      if (target < 0 || target >= steps.length) return;
      setStepIndex(target);
      setVisited((v) => Math.max(v, target));
      setShownErrors({});
      setFocusTarget('heading');
    },
    [steps.length],
  );

  const next = useCallback(() => {
    const ids = Object.keys(stepErrors);
    if (ids.length > 0) {
      setShownErrors(stepErrors);
      setFocusTarget(ids[0] ?? null);
      return false;
    }
    goTo(index + 1);
    return true;
  }, [stepErrors, goTo, index]);

  const back = useCallback(() => goTo(index - 1), [goTo, index]);

  const install = useCallback(async () => {
    if (!wizard || !draft) return;
    // Every step is checked again: a hidden or skipped step may still hold a problem.
    for (const [i, s] of steps.entries()) {
      const errors = validateStep(s, wizard, draft);
      if (Object.keys(errors).length > 0) {
        setStepIndex(i);
        setShownErrors(errors);
        setFocusTarget(Object.keys(errors)[0] ?? null);
        return;
      }
    }
    setInstallError(null);
    const result = await creation.install(
      { config: { content: buildConfigContent(wizard, draft) } },
      { skipSampling },
    );
    if (result.ok) {
      setInstalled(result.data);
      onInstalled?.(result.data);
      return;
    }
    const error = result.error;
    setInstallError(error);
    if (isSpliceProblem(error) && error.issues.length > 0) {
      const placed: Record<string, ServerFieldError> = {};
      for (const issue of error.issues) {
        const location = locateIssue(issue.name);
        // Two issues on one control: both sentences are kept.
        const previous = placed[location.fieldId]?.detail;
        placed[location.fieldId] = {
          stepId: location.stepId,
          detail: previous ? `${previous} ${issue.detail}` : issue.detail,
        };
      }
      setServerErrors(placed);
      const first = Object.entries(placed)[0];
      const target = first ? steps.findIndex((s) => s.id === first[1].stepId) : -1;
      if (first && target >= 0 && target !== index) {
        setStepIndex(target);
        setFocusTarget(first[0]);
      } else if (first) setFocusTarget(first[0]);
    }
  }, [wizard, draft, steps, creation, skipSampling, onInstalled, index]);

  return {
    query,
    wizard,
    draft,
    steps,
    step,
    stepIndex: index,
    visited,
    /** Client-side errors shown after the user tried to go on. */
    errors: shownErrors,
    serverErrors,
    installError,
    installed: installed ?? wizard?.installation ?? null,
    isInstalling: creation.isPending,
    focusTarget,
    clearFocusTarget: () => setFocusTarget(null),
    updateRead,
    updateWrite,
    setProxyEnabled,
    next,
    back,
    goTo,
    install,
  };
}

export type InstallationWizardState = ReturnType<typeof useInstallationWizard>;
