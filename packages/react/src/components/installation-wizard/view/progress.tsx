'use client';

import type { SpliceMessages } from '../../../provider/messages.js';
import { formatMessage } from '../../../provider/messages.js';
import { objectNamed } from '../../shared/named.js';
import type { WizardStep } from '../model/steps.js';
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

/** The steps as an ordered list; visited ones are buttons, the current one is marked for assistive tech. */
export function Progress(props: { state: UseInstallationWizardResult; messages: SpliceMessages }) {
  const { state, messages } = props;
  const stepsWithErrors = new Set(Object.values(state.serverErrors).map((e) => e.stepId));
  return (
    <nav data-part="progress" aria-label={messages.wizardProgressLabel}>
      <ol>
        {state.steps.map((step, index) => {
          const current = index === state.stepIndex;
          const status = current ? 'current' : index < state.stepIndex ? 'complete' : 'upcoming';
          const title = stepTitle(step, state, messages);
          return (
            <li
              key={step.id}
              data-part="progress-step"
              data-state={status}
              data-invalid={stepsWithErrors.has(step.id) ? '' : undefined}
            >
              {index <= state.visited && !current ? (
                <button type="button" data-part="progress-button" onClick={() => state.goTo(index)}>
                  <span data-part="progress-index">{index + 1}</span> {title}
                </button>
              ) : (
                <span aria-current={current ? 'step' : undefined}>
                  <span data-part="progress-index">{index + 1}</span> {title}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
