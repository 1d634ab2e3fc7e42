'use client';

import type { IntegrationDetails } from '@splice/schema';
import { limits } from '@splice/schema';
import type { useSearch } from '../../hooks/use-search.js';
import { describeError } from '../../provider/describe-error.js';
import type { SpliceMessages } from '../../provider/messages.js';
import { formatMessage } from '../../provider/messages.js';
import { ErrorReference } from '../shared/error-reference.js';
import { objectNamed } from '../shared/named.js';
import type { ClassNames } from '../shared/parts.js';
import { part } from '../shared/parts.js';
import { searchFieldOptions } from './search-fields.js';
import type { SearchResultsPart } from './search-results.js';
import { SearchResults } from './search-results.js';

export type SearchFeedbackPart = SearchResultsPart | 'status' | 'alert' | 'hint';

interface SearchFeedbackProps {
  id: string;
  search: ReturnType<typeof useSearch>;
  /** Server issues that name no condition row: listed, never dropped. */
  issues: readonly string[];
  objectName: string;
  /** Where the object's and fields' display names come from. */
  details: IntegrationDetails | undefined;
  messages: SpliceMessages;
  classNames: ClassNames<SearchFeedbackPart> | undefined;
}

/**
 * The search's outcome: a live status (searching, count, nothing found), an alert for a failure, and
 * the results. Both live regions are always rendered so that screen readers announce their changes.
 */
export function SearchFeedback(props: SearchFeedbackProps) {
  const { search, messages, classNames } = props;
  const settled = !search.isSearching;
  const failure = search.status === 'error' && settled ? describeError(search.error, messages) : null;
  const results = search.status === 'success' && settled ? search.results : undefined;
  // A full page is a limit, not a count: the service answers at most one page of matches.
  const fullPage = results !== undefined && results.length >= limits.searchPage;
  let status = '';
  // The results are of the object searched, which may differ from the one now chosen.
  const objectName = search.request?.objectName ?? props.objectName;
  const readObject = objectNamed(props.details?.readObjects, objectName);
  if (search.isSearching) status = messages.searchSearching;
  else if (results?.length === 0) status = messages.searchEmpty;
  else if (results?.length === 1) status = messages.searchResultsOne;
  else if (fullPage)
    status = formatMessage(messages.searchResultsFirstPage, { count: results.length }, messages.locale);
  else if (results)
    status = formatMessage(messages.searchResultsCount, { count: results.length }, messages.locale);

  return (
    <>
      <p {...part('status', classNames)} role="status">
        {status}
      </p>
      <div {...part('alert', classNames)} role="alert">
        {failure && (
          <>
            <p>{failure.text}</p>
            {props.issues.length > 0 && (
              <>
                <p>{messages.searchOtherIssues}</p>
                <ul>
                  {props.issues.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              </>
            )}
            <ErrorReference reference={failure.reference} />
          </>
        )}
      </div>
      {results && results.length > 0 && (
        <>
          {fullPage && <p {...part('hint', classNames)}>{messages.searchFirstPageOnly}</p>}
          <SearchResults
            id={props.id}
            objectLabel={readObject?.displayName ?? objectName}
            fields={props.details && readObject ? searchFieldOptions(props.details, readObject) : []}
            results={results}
            messages={messages}
            classNames={classNames}
          />
        </>
      )}
    </>
  );
}
