import type { RunHistoryEntry, SyncRun } from '@splice/schema';
import { useEffect, useRef, useState } from 'react';
import { useRunHistory } from '../../hooks/use-run-history.js';
import type { SpliceMessages } from '../../provider/messages.js';
import { formatMessage } from '../../provider/messages.js';
import { LoadFailure } from '../shared/load-failure.js';
import type { ClassNames } from '../shared/parts.js';
import { part } from '../shared/parts.js';
import { syncKindWords, syncRunStatusWords } from './sync-status-messages.js';
import { relativeTime } from './sync-time.js';

export type SyncRunsPart =
  | 'runs'
  | 'runs-toggle'
  | 'runs-panel'
  | 'run-list'
  | 'run'
  | 'run-outcome'
  | 'run-reason'
  | 'status'
  | 'alert'
  | 'button';

export interface SyncRunsProps {
  integrationId: string;
  objectName: string;
  /** The object as the user knows it, for the toggle's accessible name. */
  label: string;
  id: string;
  /** The object's latest run in the status: when it changes, an open history is read again. */
  lastRun: SyncRun | null;
  now: Date;
  messages: SpliceMessages;
  classNames: ClassNames<SyncRunsPart> | undefined;
}

function RunItem(props: {
  run: RunHistoryEntry;
  now: Date;
  messages: SpliceMessages;
  classNames: ClassNames<SyncRunsPart> | undefined;
}) {
  const { run, now, messages, classNames } = props;
  const locale = messages.syncLocale;
  const delivered = run.recordsDelivered;
  return (
    <li {...part('run', classNames)} data-state={run.status}>
      <span {...part('run-outcome', classNames)} data-state={run.status}>
        {messages[syncRunStatusWords[run.status]]}
      </span>{' '}
      <time dateTime={run.time}>{relativeTime(run.time, now, locale)}</time>
      {' · '}
      {messages[syncKindWords[run.readType ?? 'unknown']]}
      {delivered !== undefined && (
        <>
          {' · '}
          {formatMessage(messages.syncRunDelivered, { delivered, deliveredCount: delivered }, locale)}
        </>
      )}
      {run.reason && (
        <p {...part('run-reason', classNames)}>
          {formatMessage(messages.syncRunReason, { reason: run.reason })}
        </p>
      )}
    </li>
  );
}

/**
 * "Recent runs" of one object: a disclosure that reads the object's run history when first opened (and
 * again whenever the object's latest run changes while open): when each read started, what kind it was,
 * how it ended, what it delivered and why it failed.
 */
export function SyncRuns(props: SyncRunsProps) {
  const { messages, classNames, id } = props;
  const [open, setOpen] = useState(false);
  const history = useRunHistory(props.integrationId, props.objectName, { enabled: open });
  const lastRunKey = props.lastRun ? `${props.lastRun.operationId}:${props.lastRun.status}` : '';
  const seenRun = useRef(lastRunKey);
  const { refetch } = history;
  useEffect(() => {
    if (seenRun.current === lastRunKey) return;
    seenRun.current = lastRunKey;
    if (open) void refetch();
  }, [lastRunKey, open, refetch]);

  const runs = history.data?.runs ?? [];
  return (
    <div {...part('runs', classNames)} data-state={open ? 'open' : 'closed'}>
      <button
        {...part('runs-toggle', classNames)}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={formatMessage(messages.syncRecentRunsLabel, { object: props.label })}
        onClick={() => setOpen(!open)}
      >
        {messages.syncRecentRuns}
      </button>
      <div {...part('runs-panel', classNames)} id={`${id}-panel`} hidden={!open}>
        {!open ? null : history.isPending ? (
          <p {...part('status', classNames)} role="status">
            {messages.loading}
          </p>
        ) : !history.data ? (
          <LoadFailure error={history.error} onRetry={() => void refetch()} classNames={classNames} />
        ) : runs.length === 0 ? (
          <p {...part('status', classNames)}>{messages.syncRunsEmpty}</p>
        ) : (
          <ol {...part('run-list', classNames)}>
            {runs.map((run) => (
              <RunItem
                key={run.operationId}
                run={run}
                now={props.now}
                messages={messages}
                classNames={classNames}
              />
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
