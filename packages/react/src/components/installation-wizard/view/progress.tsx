'use client';

import type { SpliceMessages } from '../../../provider/messages.js';
import { formatMessage } from '../../../provider/messages.js';
import { objectNamed } from '../../shared/named.js';
import type { WizardStep } from '../model/steps.js';
import { validateStep } from '../model/validate.js';
import type { UseInstallationWizardResult } from '../use-installation-wizard.js';

export function stepTitle(
  step: WizardStep,
  state: UseInstallationWizardResult,
  messages: SpliceMessages,
): string {
  switch (step.kind) {
    case 'objects':
      return messages.wizardStepObjects;
    case 'proxy':
      return messages.wizardStepProxy;
    case 'review':
      return state.mode === 'edit' ? messages.wizardStepReviewEdit : messages.wizardStepReview;
    case 'read': {
      const object = objectNamed(state.wizard?.readObjects, step.objectName);
      return formatMessage(messages.wizardStepRead, { object: object?.displayName ?? step.objectName });
    }
    case 'write': {
      const object = objectNamed(state.wizard?.writeObjects, step.objectName);
      return formatMessage(messages.wizardStepWrite, { object: object?.displayName ?? step.objectName });
    }
  }
}

/**
 * The steps as an ordered list; visited ones are buttons, the current one is marked for assistive tech.
 * A step is marked invalid, in words as well as colour, when the server named one of its controls, or
 * when the user left it (Back, or a jump from here) holding a value that would block it.
 */
export function Progress(props: { state: UseInstallationWizardResult; messages: SpliceMessages }) {
  const { state, messages } = props;
  const { wizard, draft } = state;
  const stepsWithErrors = new Set(Object.values(state.serverErrors).map((e) => e.stepId));
  const leftInvalid = (step: WizardStep, index: number) =>
    index !== state.stepIndex &&
    index <= state.visited &&
    !!wizard &&
    !!draft &&
    Object.keys(validateStep(step, wizard, draft)).length > 0;
  return (
    <nav data-part="progress" aria-label={messages.wizardProgressLabel}>
      <ol>
        {state.steps.map((step, index) => {
          const current = index === state.stepIndex;
          const status = current ? 'current' : index < state.stepIndex ? 'complete' : 'upcoming';
          const invalid = stepsWithErrors.has(step.id) || leftInvalid(step, index);
          const label = (
            <>
              <span data-part="progress-index">{index + 1}</span> {stepTitle(step, state, messages)}
              {invalid && <span data-part="progress-invalid"> {messages.wizardStepInvalid}</span>}
            </>
          );
          return (
            <li
              key={step.id}
              data-part="progress-step"
              data-state={status}
              data-invalid={invalid ? '' : undefined}
            >
              {index <= state.visited && !current ? (
                <button type="button" data-part="progress-button" onClick={() => state.goTo(index)}>
                  {label}
                </button>
              ) : (
                <span aria-current={current ? 'step' : undefined}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
