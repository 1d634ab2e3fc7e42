'use client';

import type { ReadObjectDetails } from '@splice/schema';

import { formatMessage } from '../../../provider/messages.js';
import { fieldNamed } from '../../shared/named.js';
import { invalidProps } from '../../shared/parts.js';
import { fieldIds } from '../model/field-ids.js';
import { newFilterKey } from '../model/initial-draft.js';
import { FieldError } from './field-error.js';
import { TypedValueInput } from './filter-value-input.js';
import type { StepViewProps } from './step-props.js';
import { errorText } from './step-props.js';

/** docs/service-interface.md#read-config `fieldFilters`: `eq` conditions, one per field, each value typed by its field. */
export function FiltersSection(props: StepViewProps & { object: ReadObjectDetails }) {
  const { state, messages, ids, object } = props;
  const draft = state.draft?.read[object.objectName];
  if (!draft) return null;
  const { provider } = props;
  const base = fieldIds.filters(object.objectName);
  if (object.supports && !object.supports.readFilters) {
    return <p data-part="hint">{formatMessage(messages.filtersUnsupported, { provider })}</p>;
  }
  const used = new Set(draft.filters.map((f) => f.fieldName));
  const update = (key: string, patch: Partial<(typeof draft.filters)[number]>) =>
    state.updateRead(object.objectName, (d) => ({
      ...d,
      filters: d.filters.map((f) => (f.key === key ? { ...f, ...patch } : f)),
    }));
  return (
    <fieldset data-part="fieldset" data-field-id={base}>
      <legend data-part="legend">{messages.filtersLegend}</legend>
      {draft.filters.map((filter, index) => {
        const fieldId = fieldIds.filter(object.objectName, index);
        const id = ids.of(fieldId);
        const field = fieldNamed(object.fields, filter.fieldName);
        const error = errorText(props, fieldId);
        // A value without a field is the field's problem: the select is marked, so focus lands on it.
        const fieldMissing =
          !state.serverErrors[fieldId] && state.errors[fieldId]?.code === 'filter-field-required';
        return (
          <div key={filter.key} data-part="row" data-field-id={fieldId}>
            <select
              data-part="select"
              id={id.field}
              aria-label={`${messages.filtersField} ${index + 1}`}
              {...invalidProps(fieldMissing)}
              aria-describedby={id.error}
              value={filter.fieldName}
              onChange={(event) => update(filter.key, { fieldName: event.currentTarget.value, value: '' })}
            >
              <option value="">{messages.filtersChooseField}</option>
              {object.fields.map((f) => (
                <option
                  key={f.fieldName}
                  value={f.fieldName}
                  disabled={used.has(f.fieldName) && f.fieldName !== filter.fieldName}
                >
                  {f.displayName}
                </option>
              ))}
            </select>
            <span aria-hidden="true">=</span>
            <TypedValueInput
              id={id.control}
              label={`${messages.filtersValue} (${index + 1})`}
              field={field}
              value={filter.value}
              onChange={(value) => update(filter.key, { value })}
              messages={messages}
              invalid={Boolean(error) && !fieldMissing}
              describedBy={id.error}
            />
            <button
              type="button"
              data-part="button"
              onClick={() =>
                state.updateRead(object.objectName, (d) => ({
                  ...d,
                  filters: d.filters.filter((f) => f.key !== filter.key),
                }))
              }
            >
              {formatMessage(messages.filtersRemove, { index: index + 1 })}
            </button>
            <FieldError id={id.error} text={error} />
          </div>
        );
      })}
      <div>
        <button
          type="button"
          data-part="button"
          onClick={() =>
            state.updateRead(object.objectName, (d) => ({
              ...d,
              filters: [...d.filters, { key: newFilterKey(), fieldName: '', value: '' }],
            }))
          }
        >
          {messages.filtersAdd}
        </button>
      </div>
    </fieldset>
  );
}
