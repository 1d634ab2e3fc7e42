'use client';

import { formatMessage } from '../../../provider/messages.js';
import { defaultPresets, draftFrom } from '../../backfill-picker/backfill-draft.js';
import { BackfillPicker } from '../../backfill-picker/backfill-picker.js';
import { objectNamed } from '../../shared/named.js';
import { fieldIds } from '../model/field-ids.js';
import { FieldError } from './field-error.js';
import { FieldsPicker } from './fields-picker.js';
import { FiltersSection } from './filters-section.js';
import { historyText } from './history-words.js';
import { MappingSection } from './mapping-section.js';
import { ScheduleField } from './schedule-field.js';
import type { StepViewProps } from './step-props.js';
import { errorText } from './step-props.js';

/** docs/service-interface.md#read-config: everything about reading one object. */
export function ReadStep(props: StepViewProps & { objectName: string }) {
  const { state, messages, ids, objectName, locked } = props;
  const object = objectNamed(state.wizard?.readObjects, objectName);
  const draft = state.draft?.read[objectName];
  if (!object || !draft) return null;
  const backfillId = fieldIds.backfill(objectName);
  const history = state.draft?.history.value;
  const sharedText = historyText(history, messages);
  const ownText = historyText(draft?.backfill, messages);
  const backfillError = errorText(props, backfillId);
  const backfillInput = draft.backfillInput ?? draftFrom(draft.backfill, defaultPresets);
  // The picker shows an error on its custom number; any other one goes under the picker.
  const onCustom = backfillInput.mode === 'days' && backfillInput.choice === 'custom';
  const pausedId = fieldIds.paused(objectName);
  const paused = ids.of(pausedId);
  const pausedError = errorText(props, pausedId);
  return (
    <div data-part="step-body">
      {object.fieldsError && (
        <p data-part="alert" role="alert">
          {formatMessage(messages.fieldsUnavailable, {
            object: object.displayName,
            reason: object.fieldsError,
          })}
        </p>
      )}
      <FieldsPicker {...props} objectLabel={object.displayName} fields={object.fields} />
      <MappingSection {...props} object={object} />
      <ScheduleField {...props} />
      <div
        data-part="section"
        data-field-id={backfillId}
        data-state={draft.ownBackfill ? 'own-history' : 'shared-history'}
      >
        {draft.ownBackfill ? (
          <>
            {/* The exception is named as one, beside the way back to the shared choice. */}
            {ownText !== sharedText && (
              <p data-part="hint" data-state="exception">
                {formatMessage(messages.historyOwn, {
                  object: object.displayName,
                  history: ownText,
                  shared: sharedText,
                })}
              </p>
            )}
            {/* The picker's whole state lives in the draft: what the user typed stays, valid or not, and
                is checked with the step (an invalid number blocks it rather than sending an older value). */}
            <BackfillPicker
              draft={backfillInput}
              onDraftChange={(backfillInput, backfill) =>
                state.updateRead(objectName, backfill ? { backfillInput, backfill } : { backfillInput })
              }
              {...(backfillError && onCustom ? { error: backfillError } : {})}
              disabled={locked.backfill}
            />
            {!locked.backfill && (
              <div>
                <button
                  type="button"
                  data-part="button"
                  onClick={() =>
                    state.updateRead(objectName, {
                      ownBackfill: false,
                      backfill: history,
                      backfillInput: undefined,
                    })
                  }
                >
                  {formatMessage(messages.historyUseShared, { history: sharedText })}
                </button>
              </div>
            )}
          </>
        ) : (
          <>
            <p data-part="hint">{formatMessage(messages.historyFollows, { history: sharedText })}</p>
            <div>
              <button
                type="button"
                data-part="button"
                onClick={() => state.updateRead(objectName, { ownBackfill: true })}
              >
                {formatMessage(messages.historyOverride, { object: object.displayName })}
              </button>
            </div>
          </>
        )}
        {!onCustom && <FieldError id={ids.of(backfillId).error} text={backfillError} />}
      </div>
      <FiltersSection {...props} object={object} />
      <div data-part="field" data-field-id={pausedId}>
        <label data-part="option">
          <input
            id={paused.control}
            type="checkbox"
            checked={draft.paused}
            aria-describedby={paused.hint}
            onChange={(event) => state.updateRead(objectName, { paused: event.currentTarget.checked })}
          />
          <span>{formatMessage(messages.pausedLabel, { object: object.displayName })}</span>
        </label>
        <p data-part="hint" id={paused.hint}>
          {messages.pausedHint}
        </p>
        {pausedError && <FieldError id={paused.error} text={pausedError} />}
      </div>
    </div>
  );
}
