'use client';

import { formatMessage } from '../../../provider/messages.js';
import { BackfillPicker } from '../../backfill-picker/backfill-picker.js';
import { describeStepError } from './describe-step-error.js';
import { controlId, FieldError } from './field-error.js';
import { FieldsPicker } from './fields-picker.js';
import { FiltersSection } from './filters-section.js';
import { MappingSection } from './mapping-section.js';
import { ScheduleField } from './schedule-field.js';
import type { StepViewProps } from './step-props.js';
import { errorText } from './step-props.js';

/** Seed 2.4: everything about reading one object. */
export function ReadStep(props: StepViewProps & { objectName: string }) {
  const { state, messages, idPrefix, objectName, locked } = props;
  const object = state.wizard?.readObjects.find((o) => o.objectName === objectName);
  const draft = state.draft?.read[objectName];
  if (!object || !draft) return null;
  const provider = state.wizard?.integration.provider ?? '';
  const backfillId = `read.${objectName}.backfill`;
  const backfillError = errorText(state, backfillId, (e) => describeStepError(e, messages, provider));
  const pausedId = controlId(idPrefix, `read.${objectName}.paused`);
  const pausedError = errorText(state, `read.${objectName}.paused`, () => '');
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
      <div data-part="section" data-field-id={backfillId}>
        <BackfillPicker
          value={draft.backfill ?? { defaultPeriod: { days: 0 } }}
          onValueChange={(backfill) => state.updateRead(objectName, { backfill })}
          disabled={locked.backfill}
        />
        <FieldError id={controlId(idPrefix, backfillId)} text={backfillError} />
      </div>
      <FiltersSection {...props} object={object} />
      <div data-part="field" data-field-id={`read.${objectName}.paused`}>
        <label data-part="option">
          <input
            id={pausedId}
            type="checkbox"
            checked={draft.paused}
            aria-describedby={`${pausedId}-hint`}
            onChange={(event) => state.updateRead(objectName, { paused: event.currentTarget.checked })}
          />
          <span>{formatMessage(messages.pausedLabel, { object: object.displayName })}</span>
        </label>
        <p data-part="hint" id={`${pausedId}-hint`}>
          {messages.pausedHint}
        </p>
        {pausedError && <FieldError id={`${pausedId}-error`} text={pausedError} />}
      </div>
    </div>
  );
}
