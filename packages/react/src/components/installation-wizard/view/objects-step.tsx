'use client';

import { formatMessage } from '../../../provider/messages.js';
import { describeStepError } from './describe-step-error.js';
import { controlId, FieldError } from './field-error.js';
import type { StepViewProps } from './step-props.js';
import { errorText } from './step-props.js';

/** Which objects to read and to write; `enabled: always` objects are shown on and cannot be turned off. */
export function ObjectsStep(props: StepViewProps) {
  const { state, messages, idPrefix } = props;
  const wizard = state.wizard;
  const draft = state.draft;
  if (!wizard || !draft) return null;
  const provider = wizard.integration.provider;
  const error = errorText(state, 'objects', (e) => describeStepError(e, messages, provider));
  const id = controlId(idPrefix, 'objects');
  return (
    <div data-part="step-body" data-field-id="objects" aria-describedby={`${id}-error`}>
      <fieldset data-part="fieldset">
        <legend data-part="legend">{formatMessage(messages.objectsReadLegend, { provider })}</legend>
        {wizard.readObjects.map((object) => {
          const serverError = state.serverErrors[`objects.read.${object.objectName}`]?.detail;
          return (
            <div key={object.objectName} data-field-id={`objects.read.${object.objectName}`}>
              <label data-part="option" data-state={object.enabledAlways ? 'always-on' : undefined}>
                <input
                  type="checkbox"
                  checked={object.enabledAlways || (draft.read[object.objectName]?.selected ?? false)}
                  disabled={object.enabledAlways}
                  aria-describedby={object.enabledAlways ? `${id}-${object.objectName}-always` : undefined}
                  onChange={(event) =>
                    state.updateRead(object.objectName, { selected: event.currentTarget.checked })
                  }
                />
                {/* The badge stays in the label's text column, beside the name. */}
                <span>
                  {object.displayName}{' '}
                  {object.enabledAlways && (
                    <span
                      data-part="badge"
                      id={`${id}-${object.objectName}-always`}
                      title={messages.objectsAlwaysOnHint}
                    >
                      {messages.objectsAlwaysOn}
                    </span>
                  )}
                </span>
              </label>
              {serverError && <p data-part="error">{serverError}</p>}
            </div>
          );
        })}
      </fieldset>
      {wizard.writeObjects.length > 0 && (
        <fieldset data-part="fieldset">
          <legend data-part="legend">{formatMessage(messages.objectsWriteLegend, { provider })}</legend>
          {wizard.writeObjects.map((object) => (
            <label key={object.objectName} data-part="option">
              <input
                type="checkbox"
                checked={draft.write[object.objectName]?.selected ?? false}
                onChange={(event) =>
                  state.updateWrite(object.objectName, { selected: event.currentTarget.checked })
                }
              />
              <span>{object.displayName}</span>
            </label>
          ))}
        </fieldset>
      )}
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}
