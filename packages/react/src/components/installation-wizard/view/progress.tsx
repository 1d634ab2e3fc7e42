'use client';

import type { SpliceMessages } from '../../../provider/messages.js';
import { formatMessage } from '../../../provider/messages.js';
import type { WizardStep } from '../model/steps.js';
import type { InstallationWizardState } from '../use-installation-wizard.js';

export function stepTitle(
  step: WizardStep,
  state: InstallationWizardState,
  messages: SpliceMessages,
): string {
  if (step.id === 'objects') return messages.wizardStepObjects;
  if (step.id === 'proxy') return messages.wizardStepProxy;
  if (step.id === 'review') return messages.wizardStepReview;
  const objectName = 'objectName' in step ? step.objectName : '';
  if (step.id.startsWith('read:')) {
    const object = state.wizard?.readObjects.find((o) => o.objectName === objectName);
    return formatMessage(messages.wizardStepRead, { object: object?.displayName ?? objectName });
  }
  const object = state.wizard?.writeObjects.find((o) => o.objectName === objectName);
  return formatMessage(messages.wizardStepWrite, { object: object?.displayName ?? objectName });
}

/** The steps as an ordered list; visited ones are buttons, the current one is marked for assistive tech. */
export function Progress(props: { state: InstallationWizardState; messages: SpliceMessages }) {
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
