'use client';

import type { FieldMetadata } from '@splice/schema';
import { useDeferredValue, useMemo, useState } from 'react';
import { formatMessage } from '../../../provider/messages.js';
import { fieldIds } from '../model/field-ids.js';
import { FieldError } from './field-error.js';
import type { StepViewProps } from './step-props.js';
import { errorText } from './step-props.js';
import { VirtualList } from './virtual-list.js';

const rowHeight = 36;

/** docs/service-interface.md#read-config `selectedFields` / `selectedFieldsAuto`: a filterable, windowed list of the provider's fields. */
export function FieldsPicker(
  props: StepViewProps & { objectName: string; objectLabel: string; fields: readonly FieldMetadata[] },
) {
  const { state, messages, ids, objectName, objectLabel, fields } = props;
  const draft = state.draft?.read[objectName];
  const [query, setQuery] = useState('');
  // Typing stays instant while the list re-filters at lower priority (2,000 fields).
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(() => {
    const q = deferredQuery.trim().toLowerCase();
    if (!q) return fields;
    return fields.filter(
      (f) => f.fieldName.toLowerCase().includes(q) || f.displayName.toLowerCase().includes(q),
    );
  }, [fields, deferredQuery]);
  if (!draft) return null;
  const fieldId = fieldIds.readFields(objectName);
  const id = ids.of(fieldId);
  const error = errorText(props, fieldId);
  const selectedCount = draft.allFields
    ? fields.length
    : fields.filter((f) => draft.fields[f.fieldName]).length;
  return (
    <fieldset data-part="fieldset" data-field-id={fieldId} aria-describedby={id.error}>
      <legend data-part="legend">{messages.fieldsLegend}</legend>
      <label data-part="option">
        <input
          type="checkbox"
          checked={draft.allFields}
          onChange={(event) => state.updateRead(objectName, { allFields: event.currentTarget.checked })}
        />
        <span>{messages.fieldsAll}</span>
      </label>
      {!draft.allFields && (
        <>
          <div data-part="field">
            <label data-part="label" htmlFor={id.filter}>
              {messages.fieldsFilterLabel}
            </label>
            <input
              data-part="input"
              id={id.filter}
              type="search"
              value={query}
              placeholder={messages.fieldsFilterPlaceholder}
              onChange={(event) => setQuery(event.currentTarget.value)}
              aria-controls={id.list}
            />
          </div>
          <p data-part="hint" role="status">
            {formatMessage(
              messages.fieldsCount,
              { selected: selectedCount, total: fields.length },
              messages.locale,
            )}
          </p>
          {matches.length === 0 ? (
            <p data-part="hint">{formatMessage(messages.fieldsNoMatch, { query: deferredQuery })}</p>
          ) : (
            <div id={id.list}>
              <VirtualList
                items={matches}
                rowHeight={rowHeight}
                height={320}
                label={`${messages.fieldsLegend} (${objectLabel})`}
                getKey={(f) => f.fieldName}
                renderItem={(f) => (
                  <label data-part="option" data-state={draft.fields[f.fieldName] ? 'checked' : 'unchecked'}>
                    <input
                      type="checkbox"
                      checked={draft.fields[f.fieldName] ?? false}
                      onChange={(event) => {
                        const checked = event.currentTarget.checked;
                        state.updateRead(objectName, (d) => ({
                          ...d,
                          fields: { ...d.fields, [f.fieldName]: checked },
                        }));
                      }}
                    />
                    <span>{f.displayName}</span> <code data-part="option-hint">{f.fieldName}</code>
                  </label>
                )}
              />
            </div>
          )}
        </>
      )}
      <FieldError id={id.error} text={error} />
    </fieldset>
  );
}
