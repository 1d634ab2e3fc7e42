'use client';

import type { BrowserSearchResult } from '@splice/schema';
import type { ReactNode } from 'react';
import { Fragment, useState } from 'react';
import type { SpliceMessages } from '../../provider/messages.js';
import { formatMessage } from '../../provider/messages.js';
import type { ClassNames } from '../shared/parts.js';
import { part } from '../shared/parts.js';
import type { SearchFieldOption } from './search-fields.js';

export type SearchResultsPart = 'table-scroll' | 'table' | 'button' | 'details' | 'hint';

/**
 * How many field columns the table has at most: mapped fields first, then provider fields in the slots
 * left (at least one). More would not fit a laptop's card; every field is one click away in the details.
 */
const fieldColumns = 5;
const minProviderColumns = 1;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A value this long may wrap inside its cell; shorter ones never break. */
const longText = 20;

/**
 * A long value with the break opportunities a reader expects: before an e-mail's "@" and after a path's
 * "/". Without them an address is one unbreakable word as wide as itself, and the table outgrows its card.
 */
function breakable(text: string): ReactNode[] {
  let offset = 0;
  return text.split(/(?=@)|(?<=\/)/).map((piece) => {
    const start = offset;
    offset += piece.length;
    return start === 0 ? (
      piece
    ) : (
      <Fragment key={start}>
        <wbr />
        {piece}
      </Fragment>
    );
  });
}

function Cell({ label, value }: { label: string; value: unknown }) {
  const text = cell(value);
  const long = text.length > longText;
  return (
    <td data-label={label} data-wrap={long ? 'long' : undefined}>
      {long ? breakable(text) : text}
    </td>
  );
}

function columnsOf(results: readonly BrowserSearchResult[]) {
  const mapped = new Set<string>();
  const provider = new Set<string>();
  for (const result of results) for (const name of Object.keys(result.mappedFields)) mapped.add(name);
  const providerColumns = Math.max(minProviderColumns, fieldColumns - mapped.size);
  // A provider field that only repeats the record's ID (its `id` field, mostly) would waste a column.
  const repeatsId = (name: string) =>
    results.every((result) => result.id !== undefined && cell(result.fields[name]) === result.id);
  for (const result of results) {
    for (const name of Object.keys(result.fields)) {
      if (provider.size >= providerColumns) break;
      if (!mapped.has(name) && !provider.has(name) && !repeatsId(name)) provider.add(name);
    }
  }
  return { mapped: [...mapped], provider: [...provider] };
}

interface SearchResultsProps {
  id: string;
  /** The object's display name, e.g. "Contacts". */
  objectLabel: string;
  /** The names a search offers, with their display names and picklist values' display names. */
  fields: readonly SearchFieldOption[];
  results: readonly BrowserSearchResult[];
  messages: SpliceMessages;
  classNames: ClassNames<SearchResultsPart> | undefined;
}

/** Mapped fields first (the names the builder's app uses), each row expandable to `fields` and `raw`. */
export function SearchResults(props: SearchResultsProps) {
  const { id, results, messages, classNames } = props;
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const columns = columnsOf(results);
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  const width = 2 + columns.mapped.length + columns.provider.length;
  // Display names, as the wizard and the conditions show them; the API name where none is known.
  const field = (source: SearchFieldOption['source'], name: string) =>
    props.fields.find((f) => f.source === source && f.name === name);
  const label = (source: SearchFieldOption['source'], name: string) => field(source, name)?.label ?? name;
  const shown = (source: SearchFieldOption['source'], name: string, value: unknown) =>
    field(source, name)?.choices?.find((c) => c.value === value)?.label ?? value;

  const caption = formatMessage(messages.searchResultsCaption, { objectName: props.objectLabel });
  return (
    // A wide table scrolls sideways inside its own region, which keyboard users can focus to scroll.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe scrollable-region-focusable)
    <section {...part('table-scroll', classNames)} aria-label={caption} tabIndex={0}>
      <table {...part('table', classNames)}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.searchIdColumn}</th>
            {columns.mapped.map((name) => (
              <th key={`m:${name}`} scope="col" data-source="mapped">
                {label('mapped', name)}
              </th>
            ))}
            {columns.provider.map((name) => (
              <th key={`p:${name}`} scope="col" data-source="provider">
                {label('provider', name)}
              </th>
            ))}
            <td />
          </tr>
        </thead>
        <tbody>
          {results.map((result, index) => {
            const recordLabel = result.id ?? `${messages.searchNoId} ${index + 1}`;
            const expanded = open.has(index);
            const detailsId = `${id}-details-${index}`;
            return [
              <tr key={`row-${result.id ?? index}`} data-state={expanded ? 'open' : 'closed'}>
                <th scope="row" data-label={messages.searchIdColumn}>
                  {result.id ?? messages.searchNoId}
                </th>
                {/* data-label names each cell where narrow screens show a record as a card. */}
                {columns.mapped.map((name) => (
                  <Cell
                    key={`m:${name}`}
                    label={label('mapped', name)}
                    value={shown('mapped', name, result.mappedFields[name])}
                  />
                ))}
                {columns.provider.map((name) => (
                  <Cell
                    key={`p:${name}`}
                    label={label('provider', name)}
                    value={shown('provider', name, result.fields[name])}
                  />
                ))}
                <td>
                  {/* A short word on the button keeps the column narrow; its name still says which record. */}
                  <button
                    {...part('button', classNames)}
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={detailsId}
                    aria-label={formatMessage(
                      expanded ? messages.searchHideDetails : messages.searchShowDetails,
                      { id: recordLabel },
                    )}
                    onClick={() => toggle(index)}
                  >
                    {expanded ? messages.searchHideDetailsShort : messages.searchShowDetailsShort}
                  </button>
                </td>
              </tr>,
              <tr key={`details-${result.id ?? index}`} id={detailsId} hidden={!expanded}>
                <td colSpan={width}>
                  {expanded && (
                    <>
                      <h4>{messages.searchFieldsHeading}</h4>
                      {/* Every field in words (display names, picklist labels), not a JSON dump. */}
                      <dl data-part="record-fields">
                        {Object.entries(result.fields).map(([name, value]) => (
                          <div key={name}>
                            <dt>{label('provider', name)}</dt>
                            <dd>{cell(shown('provider', name, value))}</dd>
                          </div>
                        ))}
                      </dl>
                      {/* The provider's own answer stays for whoever needs it, folded away. */}
                      <details>
                        <summary>{messages.searchRawHeading}</summary>
                        <section
                          {...part('details', classNames)}
                          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe scrollable-region-focusable)
                          tabIndex={0}
                          aria-label={messages.searchRawHeading}
                        >
                          <pre>{JSON.stringify(result.raw, null, 2)}</pre>
                        </section>
                      </details>
                    </>
                  )}
                </td>
              </tr>,
            ];
          })}
        </tbody>
      </table>
    </section>
  );
}
