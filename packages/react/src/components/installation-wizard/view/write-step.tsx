'use client';

import { useEffect, useState } from 'react';
import { formatMessage } from '../../../provider/messages.js';
import { fieldNamed, objectNamed } from '../../shared/named.js';
import type { FieldDefaultDraft } from '../model/draft.js';
import { fieldIds } from '../model/field-ids.js';
import { FieldError } from './field-error.js';
import { TypedValueInput } from './filter-value-input.js';
import type { StepViewProps } from './step-props.js';
import { errorText } from './step-props.js';

/**
 * A new default. On update it is written only into an empty field where the provider can do that
 * (`supports.writeIfEmpty` of the object's metadata): "always" would overwrite what people typed in the
 * CRM on every update, which the user should choose knowingly rather than get by default.
 */
const newDefault = (supportsIfEmpty: boolean): FieldDefaultDraft => ({
  enabled: true,
  value: '',
  writeOnCreate: 'always',
  writeOnUpdate: supportsIfEmpty ? 'ifEmpty' : 'always',
});

/** docs/service-interface.md#write-config: deletion, and per field a default value with when to write it. */
export function WriteStep(props: StepViewProps & { objectName: string }) {
  const { state, messages, ids, objectName } = props;
  const object = objectNamed(state.wizard?.writeObjects, objectName);
  const draft = state.draft?.write[objectName];
  const [adding, setAdding] = useState('');
  // The field just added: its value input takes focus, as the Add button it came from is disabled again.
  const [added, setAdded] = useState<string | null>(null);
  useEffect(() => {
    if (!added) return;
    document.getElementById(ids.of(fieldIds.writeDefault(objectName, added)).control)?.focus();
    setAdded(null);
  }, [added, ids, objectName]);
  if (!object || !draft) return null;
  const writable = object.fields.filter((f) => !f.readOnly);
  const available = writable.filter((f) => !(f.fieldName in draft.fields));
  const supportsIfEmpty = object.supports?.writeIfEmpty ?? false;
  const deletionField = fieldIds.deletion(objectName);
  const deletion = ids.of(deletionField);
  const addId = ids.of(fieldIds.writeAdd(objectName)).control;
  const setField = (fieldName: string, patch: Partial<FieldDefaultDraft>) =>
    state.updateWrite(objectName, (d) => ({
      ...d,
      fields: {
        ...d.fields,
        [fieldName]: { ...(d.fields[fieldName] ?? newDefault(supportsIfEmpty)), ...patch },
      },
    }));
  return (
    <div data-part="step-body">
      <div data-part="field" data-field-id={deletionField}>
        <label data-part="option">
          <input
            id={deletion.control}
            type="checkbox"
            checked={draft.deletionEnabled}
            aria-describedby={`${deletion.hint} ${deletion.error}`}
            onChange={(event) =>
              state.updateWrite(objectName, { deletionEnabled: event.currentTarget.checked })
            }
          />
          <span>{formatMessage(messages.writeDeletionLabel, { object: object.displayName })}</span>
        </label>
        <p data-part="hint" id={deletion.hint}>
          {formatMessage(messages.writeDeletionHint, {
            object: object.displayName,
            integration: state.wizard?.integration.displayName ?? '',
            provider: props.provider,
          })}
        </p>
        <FieldError id={deletion.error} text={state.serverErrors[deletionField]?.detail} />
      </div>
      <fieldset data-part="fieldset">
        <legend data-part="legend">{messages.writeDefaultsLegend}</legend>
        {Object.entries(draft.fields).map(([fieldName, setting]) => {
          const fieldId = fieldIds.writeDefault(objectName, fieldName);
          const id = ids.of(fieldId);
          const field = fieldNamed(object.fields, fieldName);
          const label = field?.displayName ?? fieldName;
          const error = errorText(props, fieldId);
          return (
            <div key={fieldName} data-part="write-field" data-field-id={fieldId}>
              <div data-part="field">
                <label data-part="label" htmlFor={id.control}>
                  {formatMessage(messages.writeDefaultValue, { field: label })}
                </label>
                <TypedValueInput
                  id={id.control}
                  label={formatMessage(messages.writeDefaultValue, { field: label })}
                  field={field}
                  value={setting.value}
                  onChange={(value) => setField(fieldName, { value })}
                  messages={messages}
                  invalid={Boolean(error)}
                  describedBy={id.error}
                />
              </div>
              <div data-part="row">
                <label data-part="label">
                  {messages.writeOnCreateLabel}{' '}
                  <select
                    data-part="select"
                    value={setting.writeOnCreate}
                    onChange={(event) =>
                      setField(fieldName, { writeOnCreate: event.currentTarget.value as 'always' | 'never' })
                    }
                  >
                    <option value="always">{messages.writeAlways}</option>
                    <option value="never">{messages.writeNever}</option>
                  </select>
                </label>
                <label data-part="label">
                  {messages.writeOnUpdateLabel}{' '}
                  <select
                    data-part="select"
                    value={setting.writeOnUpdate}
                    onChange={(event) =>
                      setField(fieldName, {
                        writeOnUpdate: event.currentTarget.value as FieldDefaultDraft['writeOnUpdate'],
                      })
                    }
                  >
                    <option value="always">{messages.writeAlways}</option>
                    <option value="never">{messages.writeNever}</option>
                    {/* Only some providers support ifEmpty (docs/service-interface.md#field-setting); it is offered only where supported. */}
                    {supportsIfEmpty && <option value="ifEmpty">{messages.writeIfEmpty}</option>}
                  </select>
                </label>
                <button
                  type="button"
                  data-part="button"
                  onClick={() =>
                    state.updateWrite(objectName, (d) => {
                      const { [fieldName]: _removed, ...fields } = d.fields;
                      return { ...d, fields };
                    })
                  }
                >
                  {formatMessage(messages.writeRemoveDefault, { field: label })}
                </button>
              </div>
              <FieldError id={id.error} text={error} />
            </div>
          );
        })}
        <div data-part="row">
          <label data-part="label" htmlFor={addId}>
            {messages.writeAddDefault}
          </label>
          <select
            data-part="select"
            id={addId}
            value={adding}
            onChange={(event) => setAdding(event.currentTarget.value)}
          >
            <option value="" />
            {available.map((f) => (
              <option key={f.fieldName} value={f.fieldName}>
                {f.displayName}
              </option>
            ))}
          </select>
          <button
            type="button"
            data-part="button"
            disabled={!adding}
            onClick={() => {
              setField(adding, {});
              setAdded(adding);
              setAdding('');
            }}
          >
            {messages.writeAddDefaultButton}
          </button>
        </div>
      </fieldset>
    </div>
  );
}
