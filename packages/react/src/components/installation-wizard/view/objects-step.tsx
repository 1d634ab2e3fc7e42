'use client';

import { formatMessage } from '../../../provider/messages.js';
import { defaultPresets, draftFrom } from '../../backfill-picker/backfill-draft.js';
import { BackfillPicker } from '../../backfill-picker/backfill-picker.js';
import { fieldIds } from '../model/field-ids.js';
import { FieldError } from './field-error.js';
import type { StepViewProps } from './step-props.js';
import { errorText } from './step-props.js';

/** Which objects to read and to write; `enabled: always` objects are shown on and cannot be turned off. */
export function ObjectsStep(props: StepViewProps) {
  const { state, messages, ids } = props;
  const wizard = state.wizard;
  const draft = state.draft;
  if (!wizard || !draft) return null;
  const { provider } = props;
  const error = errorText(props, fieldIds.objects);
  const objectsIds = ids.of(fieldIds.objects);
  return (
    <div data-part="step-body" data-field-id={fieldIds.objects} aria-describedby={objectsIds.error}>
      <fieldset data-part="fieldset">
        <legend data-part="legend">{formatMessage(messages.objectsReadLegend, { provider })}</legend>
        {wizard.readObjects.map((object) => {
          const choiceId = fieldIds.objectChoice('read', object.objectName);
          const alwaysId = ids.of(choiceId).hint;
          const serverError = state.serverErrors[choiceId]?.detail;
          return (
            <div key={object.objectName} data-field-id={choiceId}>
              <label data-part="option" data-state={object.enabledAlways ? 'always-on' : undefined}>
                <input
                  type="checkbox"
                  checked={object.enabledAlways || (draft.read[object.objectName]?.selected ?? false)}
                  disabled={object.enabledAlways}
                  aria-describedby={object.enabledAlways ? alwaysId : undefined}
                  onChange={(event) =>
                    state.updateRead(object.objectName, { selected: event.currentTarget.checked })
                  }
                />
                {/* The badge stays in the label's text column, beside the name. */}
                <span>
                  {object.displayName}{' '}
                  {object.enabledAlways && (
                    <span data-part="badge" id={alwaysId} title={messages.objectsAlwaysOnHint}>
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
      <FieldError id={objectsIds.error} text={error} />
      <HistoryChoice {...props} />
    </div>
  );
}

/**
 * The one history choice every object imports: an object can still take its own on its step, where it
 * shows as the exception. Its whole state lives in the draft, so a custom number typed stays as typed.
 */
function HistoryChoice(props: StepViewProps) {
  const { state, messages, ids, locked } = props;
  const draft = state.draft;
  if (!draft || !state.wizard?.readObjects.length) return null;
  const historyIds = ids.of(fieldIds.history);
  const error = errorText(props, fieldIds.history);
  const input = draft.history.input ?? draftFrom(draft.history.value, defaultPresets);
  const onCustom = input.mode === 'days' && input.choice === 'custom';
  return (
    <div data-part="section" data-field-id={fieldIds.history}>
      <BackfillPicker
        legend={messages.historyLegend}
        draft={input}
        onDraftChange={(next, value) => state.setHistory(next, value)}
        {...(error && onCustom ? { error } : {})}
        disabled={locked.backfill}
      />
      <p data-part="hint" id={historyIds.hint}>
        {messages.historyHint}
      </p>
      {!onCustom && <FieldError id={historyIds.error} text={error} />}
    </div>
  );
}
