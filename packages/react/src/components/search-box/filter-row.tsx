'use client';

import type { SpliceMessages } from '../../provider/messages.js';
import { formatMessage } from '../../provider/messages.js';
import type { ClassNames } from '../shared/parts.js';
import { invalidProps, part } from '../shared/parts.js';
import type { SearchFieldOption } from './search-fields.js';

export type FilterRowPart = 'row' | 'legend' | 'field' | 'label' | 'select' | 'input' | 'error' | 'button';

export interface FilterRowState {
  key: number;
  fieldName: string;
  valueText: string;
}

export interface FilterRowErrors {
  field?: string | undefined;
  value?: string | undefined;
}

interface FilterRowProps {
  id: string;
  index: number;
  row: FilterRowState;
  options: readonly SearchFieldOption[];
  errors: FilterRowErrors | undefined;
  messages: SpliceMessages;
  classNames: ClassNames<FilterRowPart> | undefined;
  onChange: (row: FilterRowState) => void;
  onRemove: () => void;
}

/** One `eq` condition: a field (mapped names first) and a value input typed by that field. */
export function FilterRow(props: FilterRowProps) {
  const { id, index, row, options, errors, messages, classNames } = props;
  const option = options.find((o) => o.name === row.fieldName);
  const kind = option?.kind ?? 'text';
  const mapped = options.filter((o) => o.source === 'mapped');
  const provider = options.filter((o) => o.source === 'provider');
  const valueProps = {
    ...part('input', classNames),
    id: `${id}-value`,
    'aria-describedby': `${id}-value-error`,
    ...invalidProps(errors?.value),
  };

  return (
    <fieldset {...part('row', classNames)} data-state={option?.kind ?? 'empty'}>
      <legend {...part('legend', classNames)}>
        {formatMessage(messages.searchConditionLegend, { index: index + 1 })}
      </legend>
      <div {...part('field', classNames)}>
        <label {...part('label', classNames)} htmlFor={`${id}-field`}>
          {messages.searchFieldLabel}
        </label>
        <select
          {...part('select', classNames)}
          id={`${id}-field`}
          value={row.fieldName}
          onChange={(event) => props.onChange({ ...row, fieldName: event.target.value })}
          aria-describedby={`${id}-field-error`}
          {...invalidProps(errors?.field)}
        >
          <option value="">{messages.searchFieldPlaceholder}</option>
          {mapped.length > 0 && (
            <optgroup label={messages.searchMappedFieldsGroup}>
              {mapped.map((o) => (
                <option key={o.name} value={o.name}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          )}
          {provider.length > 0 && (
            <optgroup label={messages.searchProviderFieldsGroup}>
              {provider.map((o) => (
                <option key={o.name} value={o.name}>
                  {/* The API name only where two fields share a display name. */}
                  {provider.some((p) => p !== o && p.label === o.label) ? `${o.label} (${o.name})` : o.label}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        <p {...part('error', classNames)} id={`${id}-field-error`} aria-live="polite">
          {errors?.field}
        </p>
      </div>
      <div {...part('field', classNames)}>
        <label {...part('label', classNames)} htmlFor={`${id}-value`}>
          {messages.searchValueLabel}
        </label>
        {option?.choices && kind !== 'boolean' ? (
          <select
            {...valueProps}
            data-part="select"
            value={row.valueText}
            onChange={(event) => props.onChange({ ...row, valueText: event.target.value })}
          >
            <option value="">{messages.searchValuePlaceholder}</option>
            {option.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        ) : kind === 'boolean' ? (
          <select
            {...valueProps}
            data-part="select"
            value={row.valueText === 'false' ? 'false' : 'true'}
            onChange={(event) => props.onChange({ ...row, valueText: event.target.value })}
          >
            <option value="true">{messages.searchValueTrue}</option>
            <option value="false">{messages.searchValueFalse}</option>
          </select>
        ) : (
          <input
            {...valueProps}
            type="text"
            inputMode={kind === 'number' ? 'decimal' : undefined}
            placeholder={
              option?.format === 'date'
                ? messages.filtersDatePlaceholder
                : option?.format === 'datetime'
                  ? messages.filtersDatetimePlaceholder
                  : undefined
            }
            autoComplete="off"
            list={
              option && !option.choices && option.suggestions.length > 0 ? `${id}-suggestions` : undefined
            }
            value={row.valueText}
            onChange={(event) => props.onChange({ ...row, valueText: event.target.value })}
          />
        )}
        {option && !option.choices && option.suggestions.length > 0 && kind !== 'boolean' && (
          <datalist id={`${id}-suggestions`}>
            {option.suggestions.map((value) => (
              <option key={value} value={value} />
            ))}
          </datalist>
        )}
        <p {...part('error', classNames)} id={`${id}-value-error`} aria-live="polite">
          {errors?.value}
        </p>
      </div>
      <div>
        <button {...part('button', classNames)} type="button" onClick={props.onRemove}>
          {formatMessage(messages.searchRemoveFilter, { index: index + 1 })}
        </button>
      </div>
    </fieldset>
  );
}
