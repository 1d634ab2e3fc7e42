'use client';

import { limits } from '@splice/schema';
import type { FormEvent } from 'react';
import { useId, useMemo, useRef, useState } from 'react';
import { useIntegration } from '../../hooks/use-integration.js';
import { useSearch } from '../../hooks/use-search.js';
import { useSpliceContext } from '../../provider/splice-context.js';
import { LoadFailure } from '../shared/load-failure.js';
import { objectNamed } from '../shared/named.js';
import type { ClassNames } from '../shared/parts.js';
import { part, rootProps } from '../shared/parts.js';
import { SpliceErrorBoundary } from '../shared/splice-error-boundary.js';
import type { FilterRowPart, FilterRowState } from './filter-row.js';
import { FilterRow } from './filter-row.js';
import type { RowErrors } from './search-conditions.js';
import { checkRows, issuesToRows } from './search-conditions.js';
import { SearchFeedback } from './search-feedback.js';
import { searchFieldOptions } from './search-fields.js';
import type { SearchResultsPart } from './search-results.js';

export type SearchBoxPart =
  | FilterRowPart
  | SearchResultsPart
  | 'form'
  | 'fieldset'
  | 'submit'
  | 'status'
  | 'hint'
  | 'alert';

export interface SearchBoxProps {
  integrationId: string;
  /** The object chosen first, if it is searchable. Default: the first searchable object. */
  defaultObjectName?: string;
  /** Where the host installs the integration: the "install first" message links there. Default: no link. */
  installHref?: string;
  className?: string;
  classNames?: ClassNames<SearchBoxPart>;
}

function SearchBoxView(props: SearchBoxProps) {
  const { messages, theme, direction } = useSpliceContext();
  const { classNames } = props;
  const id = useId();
  const integration = useIntegration(props.integrationId);
  const search = useSearch(props.integrationId);
  const details = integration.data;
  const searchable = details?.searchableObjects ?? [];

  const [chosenObject, setChosenObject] = useState(props.defaultObjectName);
  const objectName = chosenObject && searchable.includes(chosenObject) ? chosenObject : (searchable[0] ?? '');
  // Rows are kept per object, so switching objects back and forth loses no condition.
  const [rowsByObject, setRowsByObject] = useState<Record<string, FilterRowState[]>>({});
  const rows = rowsByObject[objectName] ?? [];
  const setRows = (next: FilterRowState[]) => setRowsByObject((all) => ({ ...all, [objectName]: next }));
  const [clientErrors, setClientErrors] = useState<RowErrors>({});
  const sentKeys = useRef<number[]>([]);
  const rowKeys = useRef(0);
  const newRow = (): FilterRowState => ({ key: rowKeys.current++, fieldName: '', valueText: '' });
  const formRef = useRef<HTMLFormElement>(null);

  const readObject = objectNamed(details?.readObjects, objectName);
  const options = useMemo(
    () => (details && readObject ? searchFieldOptions(details, readObject) : []),
    [details, readObject],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRows(rows, options, messages);
    setClientErrors(checked.errors);
    const firstInvalid = rows.find((row) => checked.errors[row.key]);
    if (firstInvalid) {
      // The results on screen answered other conditions: showing them beside these errors would mislead.
      search.reset();
      const target = checked.errors[firstInvalid.key]?.field ? 'field' : 'value';
      formRef.current?.ownerDocument.getElementById(`${id}-row-${firstInvalid.key}-${target}`)?.focus();
      return;
    }
    sentKeys.current = rows.map((row) => row.key);
    search.search({ objectName, fieldFilters: checked.fieldFilters });
  };

  const rootState = integration.isPending
    ? 'loading'
    : integration.isError
      ? 'error'
      : search.status === 'idle'
        ? 'idle'
        : search.isSearching
          ? 'searching'
          : search.status === 'error'
            ? 'error'
            : search.results?.length
              ? 'results'
              : 'empty';
  const root = rootProps('search-box', { theme, direction }, props.className);

  if (integration.isPending) {
    return (
      <div {...root} data-state={rootState}>
        <p {...part('status', classNames)} role="status">
          {messages.loading}
        </p>
      </div>
    );
  }
  if (integration.isError) {
    return (
      <div {...root} data-state={rootState}>
        <LoadFailure
          error={integration.error}
          onRetry={() => void integration.refetch()}
          classNames={classNames}
        />
      </div>
    );
  }
  if (searchable.length === 0) {
    return (
      <div {...root} data-state="unavailable">
        <p {...part('status', classNames)}>
          {props.installHref ? (
            <>
              {messages.searchNoObjectsYet}{' '}
              <a href={props.installHref} data-part="link">
                {messages.searchInstallFirst}
              </a>
              .
            </>
          ) : (
            messages.searchNoObjects
          )}
        </p>
      </div>
    );
  }

  const server =
    search.status === 'error' ? issuesToRows(search.error, sentKeys.current) : { rows: {}, other: [] };

  return (
    <div {...root} data-state={rootState}>
      <form {...part('form', classNames)} ref={formRef} noValidate onSubmit={onSubmit}>
        <div {...part('field', classNames)}>
          <label {...part('label', classNames)} htmlFor={`${id}-object`}>
            {messages.searchObjectLabel}
          </label>
          <select
            {...part('select', classNames)}
            id={`${id}-object`}
            value={objectName}
            onChange={(event) => {
              setChosenObject(event.target.value);
              setClientErrors({});
            }}
          >
            {searchable.map((name) => (
              <option key={name} value={name}>
                {objectNamed(details?.readObjects, name)?.displayName ?? name}
              </option>
            ))}
          </select>
          {options.length === 0 && <p {...part('hint', classNames)}>{messages.searchNoFields}</p>}
        </div>
        {/* The note on how values match is read when entering the conditions, and seen beside them. */}
        <fieldset {...part('fieldset', classNames)} aria-describedby={`${id}-exact`}>
          <legend {...part('legend', classNames)}>{messages.searchFiltersLegend}</legend>
          <p {...part('hint', classNames)} id={`${id}-exact`}>
            {messages.searchExactHint}
          </p>
          {rows.map((row, index) => (
            <FilterRow
              key={row.key}
              id={`${id}-row-${row.key}`}
              index={index}
              row={row}
              options={options}
              errors={clientErrors[row.key] ?? server.rows[row.key]}
              messages={messages}
              classNames={classNames}
              onChange={(next) => setRows(rows.map((r) => (r.key === row.key ? next : r)))}
              onRemove={() => setRows(rows.filter((r) => r.key !== row.key))}
            />
          ))}
          <div>
            <button
              {...part('button', classNames)}
              type="button"
              disabled={rows.length >= limits.filters}
              onClick={() => setRows([...rows, newRow()])}
            >
              {messages.searchAddFilter}
            </button>
          </div>
        </fieldset>
        <div>
          <button
            {...part('submit', classNames)}
            type="submit"
            aria-disabled={search.isSearching || undefined}
          >
            {messages.searchSubmit}
          </button>
        </div>
      </form>
      <SearchFeedback
        id={id}
        search={search}
        issues={server.other}
        objectName={objectName}
        details={details}
        messages={messages}
        classNames={classNames}
      />
    </div>
  );
}

/**
 * Searches records of one integration in the signed-in user's SaaS account: only objects searchable
 * for the group (docs/service-interface.md#search), `eq` conditions typed by field, one provider page of results.
 */
export function SearchBox(props: SearchBoxProps) {
  return (
    <SpliceErrorBoundary>
      <SearchBoxView {...props} />
    </SpliceErrorBoundary>
  );
}
