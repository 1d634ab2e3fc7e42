'use client';

import type { FieldMetadata, MappingInput, ReadObjectDetails } from '@splice/schema';
import { typeMismatch } from '@splice/schema';
import { useState } from 'react';
import { formatMessage } from '../../../provider/messages.js';
import { fieldNamed } from '../../shared/named.js';
import { invalidProps } from '../../shared/parts.js';
import { fieldIds } from '../model/field-ids.js';
import { suggestValueMapping } from '../model/suggest-values.js';
import { FieldError } from './field-error.js';
import type { StepViewProps } from './step-props.js';
import { errorText } from './step-props.js';

type Props = StepViewProps & { object: ReadObjectDetails };

/**
 * The provider field a typed text names: its API name, else its display name (any case), else the
 * "Display name (apiName)" the option list shows for display names two fields share. Otherwise the text
 * itself, which validation reports as not a field.
 */
export function resolveFieldText(fields: readonly FieldMetadata[], text: string): string {
  if (fields.some((f) => f.fieldName === text)) return text;
  const lower = text.toLowerCase();
  const byLabel = fields.filter((f) => f.displayName.toLowerCase() === lower);
  if (byLabel.length === 1) return byLabel[0]?.fieldName ?? text;
  const qualified = /\(([^()]+)\)$/.exec(text)?.[1];
  return qualified && fields.some((f) => f.fieldName === qualified) ? qualified : text;
}

/** What the option list and the box show per field: its display name, qualified when two share it. */
function fieldLabels(fields: readonly FieldMetadata[]): (field: FieldMetadata) => string {
  const uses = new Map<string, number>();
  for (const f of fields)
    uses.set(f.displayName.toLowerCase(), (uses.get(f.displayName.toLowerCase()) ?? 0) + 1);
  return (field) =>
    (uses.get(field.displayName.toLowerCase()) ?? 0) > 1
      ? `${field.displayName} (${field.fieldName})`
      : field.displayName;
}

/**
 * Suggested values for the provider values not mapped yet, by closest name: provider value -> app value.
 * A suggestion pairs one provider value with each app value; the user adds the others that share one.
 */
function suggestFor(input: MappingInput, field: FieldMetadata | undefined, current: Record<string, string>) {
  if (!field?.values?.length || !input.mappedValues?.length) return current;
  const suggestion = suggestValueMapping(
    input.mappedValues.map((v) => ({ value: v.mappedValue, label: v.mappedDisplayValue })),
    field.values.filter((v) => !current[v.value]).map((v) => ({ value: v.value, label: v.displayValue })),
  );
  const byProvider = Object.fromEntries(Object.entries(suggestion).map(([app, provider]) => [provider, app]));
  return { ...current, ...byProvider };
}

/** What "Not mapped" does for this field, as the builder's manifest decides, in the user's words. */
function unmappedNote(props: Props & { input: MappingInput }): string {
  const { messages, input, provider } = props;
  const name = input.mapToDisplayName ?? input.mapToName;
  const rule = input.unmappedValues;
  if (rule?.deliver === 'nothing') return formatMessage(messages.valuesUnmappedEmpty, { name });
  if (rule?.deliver === 'default') {
    const value = input.mappedValues?.find((v) => v.mappedValue === rule.value)?.mappedDisplayValue;
    return formatMessage(messages.valuesUnmappedDefault, { name, value: value ?? rule.value });
  }
  return formatMessage(messages.valuesUnmappedKeeps, { name, provider });
}

/**
 * The values of a value-mapped field: one row per provider value, each given one of the app's values or
 * none. Several provider values may share an app value, and each provider value has one at most.
 */
function ValueMapping(props: Props & { input: MappingInput; field: FieldMetadata | undefined }) {
  const { state, messages, ids, object, input, field } = props;
  const { provider } = props;
  const draft = state.draft?.read[object.objectName];
  const values = draft?.valueMappings[input.mapToName] ?? {};
  const fieldId = fieldIds.valueMapping(object.objectName, input.mapToName);
  const id = ids.of(fieldId);
  const name = input.mapToDisplayName ?? input.mapToName;
  const error = errorText(props, fieldId);
  const picklist = field?.values ?? [];
  const setValue = (providerValue: string, appValue: string) =>
    props.state.updateRead(object.objectName, (d) => ({
      ...d,
      valueMappings: {
        ...d.valueMappings,
        [input.mapToName]: { ...d.valueMappings[input.mapToName], [providerValue]: appValue },
      },
    }));
  return (
    <fieldset data-part="fieldset" data-field-id={fieldId} aria-describedby={`${id.hint} ${id.error}`}>
      <legend data-part="legend">{formatMessage(messages.valuesLegend, { name })}</legend>
      {!field ? (
        <p data-part="hint">{formatMessage(messages.valuesNeedField, { provider })}</p>
      ) : picklist.length === 0 ? (
        <p data-part="hint">{messages.valuesNotPicklist}</p>
      ) : (
        <>
          <p data-part="hint">{formatMessage(messages.valuesHint, { provider })}</p>
          <p data-part="hint" data-state="unmapped-rule" id={id.hint}>
            {unmappedNote(props)}
          </p>
          <table data-part="table">
            <thead>
              <tr>
                <th scope="col">{formatMessage(messages.valuesProviderColumn, { provider })}</th>
                <th scope="col">{messages.valuesAppColumn}</th>
              </tr>
            </thead>
            <tbody>
              {picklist.map((p) => {
                const entryId = ids.of(
                  fieldIds.valueMappingEntry(object.objectName, input.mapToName, p.value),
                ).control;
                const appValue = values[p.value] ?? '';
                return (
                  <tr key={p.value} data-part="value-row" data-state={appValue ? 'mapped' : 'unmapped'}>
                    <th scope="row">
                      <label htmlFor={entryId}>{p.displayValue}</label>
                    </th>
                    <td>
                      <select
                        data-part="select"
                        id={entryId}
                        value={appValue}
                        {...invalidProps(error)}
                        aria-describedby={appValue ? undefined : id.hint}
                        onChange={(event) => setValue(p.value, event.currentTarget.value)}
                      >
                        <option value="">{messages.valuesUnmapped}</option>
                        {(input.mappedValues ?? []).map((v) => (
                          <option key={v.mappedValue} value={v.mappedValue}>
                            {v.mappedDisplayValue}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div>
            <button
              type="button"
              data-part="button"
              onClick={() =>
                props.state.updateRead(object.objectName, (d) => ({
                  ...d,
                  valueMappings: {
                    ...d.valueMappings,
                    [input.mapToName]: suggestFor(input, field, d.valueMappings[input.mapToName] ?? {}),
                  },
                }))
              }
            >
              {messages.valuesSuggest}
            </button>
          </div>
        </>
      )}
      <FieldError id={id.error} text={error} />
    </fieldset>
  );
}

function FieldMapping(props: Props & { input: MappingInput; datalistId: string }) {
  const { state, messages, ids, object, input, datalistId } = props;
  const { provider } = props;
  const draft = state.draft?.read[object.objectName];
  const fieldId = fieldIds.mapping(object.objectName, input.mapToName);
  const id = ids.of(fieldId);
  const name = input.mapToDisplayName ?? input.mapToName;
  const mapped = input.fieldName ?? draft?.mappings[input.mapToName] ?? '';
  const field = fieldNamed(object.fields, mapped);
  // While the user types, the box shows their text; otherwise the mapped field's display name.
  const [typing, setTyping] = useState<string | null>(null);
  const shown = typing ?? (field ? fieldLabels(object.fields)(field) : mapped);
  const error = errorText(props, fieldId);
  const mismatch = field && typeMismatch(input.mapToType, field.valueType);
  // A typed name that matches no field is pointed out once the user leaves the box, not only at Next.
  const unknown = !input.fieldName && typing === null && mapped && !field && object.fields.length > 0;
  const pick = (value: string) => {
    props.state.updateRead(object.objectName, (d) => {
      const picked = fieldNamed(object.fields, value);
      const values = d.valueMappings[input.mapToName];
      // Another field has other values: its matches start over, suggested, for the user to change.
      const changed = value !== (d.mappings[input.mapToName] ?? '');
      const suggested = values && changed ? (picked ? suggestFor(input, picked, {}) : {}) : values;
      return {
        ...d,
        mappings: { ...d.mappings, [input.mapToName]: value },
        ...(suggested ? { valueMappings: { ...d.valueMappings, [input.mapToName]: suggested } } : {}),
      };
    });
  };
  return (
    <div data-part="mapping" data-field-id={fieldId} data-state={mapped ? 'mapped' : 'unmapped'}>
      <div data-part="field">
        <label data-part="label" htmlFor={id.control}>
          {name} <span data-part="option-hint">{input.required ? '' : `(${messages.mappingOptional})`}</span>
        </label>
        {input.fieldName ? (
          <p data-part="hint" id={id.hint}>
            {formatMessage(messages.mappingFixed, { field: field?.displayName ?? input.fieldName })}
          </p>
        ) : (
          <>
            {input.prompt && (
              <p data-part="hint" id={id.hint}>
                {input.prompt}
              </p>
            )}
            <div data-part="row">
              <input
                data-part="input"
                id={id.control}
                list={datalistId}
                value={shown}
                autoComplete="off"
                placeholder={formatMessage(messages.mappingPlaceholder, { provider })}
                aria-required={input.required || undefined}
                {...invalidProps(error)}
                aria-describedby={`${id.error} ${id.warning}${input.prompt ? ` ${id.hint}` : ''}`}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  setTyping(text);
                  pick(resolveFieldText(object.fields, text.trim()));
                }}
                onBlur={() => setTyping(null)}
              />
              {mapped && (
                <button
                  type="button"
                  data-part="button"
                  onClick={() => {
                    setTyping(null);
                    pick('');
                  }}
                  aria-label={`${messages.mappingClear} ${name}`}
                >
                  {messages.mappingClear}
                </button>
              )}
            </div>
          </>
        )}
        <p data-part="warning" id={id.warning} aria-live="polite">
          {mismatch
            ? formatMessage(messages.mappingTypeMismatch, {
                field: field.displayName,
                providerType: field.valueType,
                name,
                appType: input.mapToType ?? '',
              })
            : unknown && !error
              ? formatMessage(messages.mappingUnknownField, { field: mapped, object: object.displayName })
              : ''}
        </p>
        <FieldError id={id.error} text={error} />
      </div>
      {(input.mappedValues?.length ?? 0) > 0 && <ValueMapping {...props} input={input} field={field} />}
    </div>
  );
}

/** Mapping entries shown at first; a big manifest (300 entries) shows more on demand. */
const pageSize = 25;

/**
 * docs/service-interface.md#read-config dynamic mappings: each entry of `dynamicMappingsInput` the user has something to choose for.
 * Long lists are filterable and shown a page at a time (entries with an error always show, so a refused
 * step can focus them), and the 2,000-option field list is built on first use: a read step with 300
 * entries mounts as fast as one with 25.
 */
export function MappingSection(props: Props) {
  const { state, object, messages, ids } = props;
  const [shown, setShown] = useState(pageSize);
  const [query, setQuery] = useState('');
  const [optionsWanted, setOptionsWanted] = useState(false);
  // Every entry of the manifest is shown, the fixed ones ("Always read from Last Name") too: the review
  // lists them, and it lists nothing the user was not shown.
  const inputs = object.mappingInputs;
  if (inputs.length === 0) return null;
  const name = object.objectName;
  const hasError = (input: MappingInput) =>
    [fieldIds.mapping(name, input.mapToName), fieldIds.valueMapping(name, input.mapToName)].some(
      (id) => id in state.errors || id in state.serverErrors,
    );
  const q = query.trim().toLowerCase();
  const matching = q
    ? inputs.filter((i) => `${i.mapToName} ${i.mapToDisplayName ?? ''}`.toLowerCase().includes(q))
    : inputs;
  const visible = matching.filter((input, index) => index < shown || hasError(input));
  const datalistId = ids.of(fieldIds.mappingOptions(name)).control;
  const filterId = ids.of(fieldIds.mappingFilter(name)).control;
  return (
    <fieldset data-part="fieldset" onFocus={() => setOptionsWanted(true)}>
      <legend data-part="legend">{messages.mappingLegend}</legend>
      {/* One option list shared by every mapping input, built once a mapping input is used. */}
      <datalist id={datalistId}>
        {optionsWanted &&
          ((labelOf) => object.fields.map((f) => <option key={f.fieldName} value={labelOf(f)} />))(
            fieldLabels(object.fields),
          )}
      </datalist>
      {inputs.length > pageSize && (
        <div data-part="field">
          <label data-part="label" htmlFor={filterId}>
            {messages.mappingFilterLabel}
          </label>
          <input
            data-part="input"
            id={filterId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
        </div>
      )}
      {visible.map((input) => (
        <FieldMapping key={input.mapToName} {...props} input={input} datalistId={datalistId} />
      ))}
      {visible.length < matching.length && (
        <div>
          <button type="button" data-part="button" onClick={() => setShown((n) => n + pageSize * 4)}>
            {formatMessage(messages.mappingShowMore, { shown: visible.length, total: matching.length })}
          </button>
        </div>
      )}
    </fieldset>
  );
}
