'use client';

import type { FieldMetadata } from '@splice/schema';
import { inputKindOf, valueFormatOf } from '@splice/schema';
import type { SpliceMessages } from '../../../provider/messages.js';
import { invalidProps } from '../../shared/parts.js';

export interface TypedValueInputProps {
  id: string;
  label: string;
  field: FieldMetadata | undefined;
  value: string | number | boolean | '';
  onChange: (value: string | number | boolean | '') => void;
  messages: SpliceMessages;
  invalid: boolean;
  describedBy: string;
}

/** A value control typed by the provider field: text, number, true/false or the field's picklist. */
export function TypedValueInput(props: TypedValueInputProps) {
  const { id, label, field, value, onChange, messages, invalid, describedBy } = props;
  const kind = inputKindOf(field?.valueType ?? 'string');
  const common = {
    id,
    'data-part': kind === 'boolean' || kind === 'select' ? 'select' : 'input',
    'aria-label': label,
    ...invalidProps(invalid),
    'aria-describedby': describedBy,
  };
  if (kind === 'boolean') {
    return (
      <select
        {...common}
        value={value === '' ? '' : String(value)}
        onChange={(event) => {
          const v = event.currentTarget.value;
          onChange(v === '' ? '' : v === 'true');
        }}
      >
        <option value="">{messages.filtersChooseValue}</option>
        <option value="true">{messages.searchValueTrue}</option>
        <option value="false">{messages.searchValueFalse}</option>
      </select>
    );
  }
  if (kind === 'select' && field?.values?.length) {
    return (
      <select {...common} value={String(value)} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="" />
        {field.values.map((v) => (
          <option key={v.value} value={v.value}>
            {v.displayValue}
          </option>
        ))}
      </select>
    );
  }
  if (kind === 'number' || kind === 'integer') {
    return (
      <input
        {...common}
        type="text"
        inputMode={kind === 'integer' ? 'numeric' : 'decimal'}
        // The typed text is kept as is while it is not a number, so nothing the user typed is lost.
        value={String(value)}
        onChange={(event) => {
          const text = event.currentTarget.value;
          const n = Number(text);
          onChange(
            text.trim() === '' ? '' : Number.isFinite(n) && /^-?\d*\.?\d+$/.test(text.trim()) ? n : text,
          );
        }}
      />
    );
  }
  // A date's format is shown in the empty box, and checked like every other field's value.
  const format = field ? valueFormatOf(field.valueType) : undefined;
  return (
    <input
      {...common}
      type="text"
      {...(format
        ? {
            placeholder:
              format === 'date' ? messages.filtersDatePlaceholder : messages.filtersDatetimePlaceholder,
            spellCheck: false,
          }
        : {})}
      value={String(value)}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
