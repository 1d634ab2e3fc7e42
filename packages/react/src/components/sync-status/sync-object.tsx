import type { SyncObjectStatus } from '@splice/schema';
import type { SpliceError } from '../../client/splice-error.js';
import { describeError } from '../../provider/describe-error.js';
import type { SpliceMessages } from '../../provider/messages.js';
import { formatMessage } from '../../provider/messages.js';
import { ErrorReference } from '../shared/error-reference.js';
import type { ClassNames } from '../shared/parts.js';
import { part } from '../shared/parts.js';
import { backfillEndEstimate, relativeTime } from './sync-time.js';

export type SyncObjectPart =
  | 'object'
  | 'object-header'
  | 'object-name'
  | 'badge'
  | 'backfill'
  | 'progress-bar'
  | 'counts'
  | 'estimate'
  | 'facts'
  | 'problem'
  | 'help'
  | 'run-now'
  | 'pause'
  | 'alert';

export interface SyncObjectProps {
  /** The object as the user knows it ("Contacts"); its API name when no display name is known. */
  label: string;
  id: string;
  headingLevel: 3 | 4 | 5 | 6;
  object: SyncObjectStatus;
  now: Date;
  messages: SpliceMessages;
  classNames: ClassNames<SyncObjectPart> | undefined;
  starting: boolean;
  started: boolean;
  runNowError: SpliceError | null;
  onRunNow: () => void;
  /** Pause/resume: shown when given. */
  onSetPaused?: ((paused: boolean) => void) | undefined;
  pausing?: boolean;
  pauseError?: SpliceError | null;
}

const stateLabel = {
  backfilling: 'syncStateBackfilling',
  reading: 'syncStateReading',
  up_to_date: 'syncStateUpToDate',
  waiting: 'syncStateWaiting',
  paused: 'syncStatePaused',
  failing: 'syncStateFailing',
} as const;

const problemText = {
  delivery_retrying: 'syncProblemDeliveryRetrying',
  delivery_disabled: 'syncProblemDeliveryDisabled',
  read_failed: 'syncProblemReadFailed',
  connection: 'syncProblemConnection',
} as const;

const kindText = {
  backfill: 'syncKindBackfill',
  scheduled: 'syncKindScheduled',
  triggered: 'syncKindTriggered',
} as const;

function lastRunText(object: SyncObjectStatus, now: Date, messages: SpliceMessages): string {
  const run = object.lastRun;
  if (!run) return messages.syncNever;
  const when = relativeTime(run.time, now, messages.syncLocale);
  const kind = messages[run.readType ? kindText[run.readType] : 'syncKindUnknown'];
  const template =
    run.status === 'failure'
      ? messages.syncRunFailedValue
      : run.status === 'in_progress'
        ? messages.syncRunRunningValue
        : messages.syncRunValue;
  return formatMessage(template, { when, kind });
}

/** One read object: its state, the backfill's progress, last and next read, records, and "Run now". */
export function SyncObject(props: SyncObjectProps) {
  const { id, object, now, messages, classNames, label } = props;
  const locale = messages.syncLocale;
  const backfill = object.backfill;
  const estimate = backfill ? backfillEndEstimate(backfill, now) : null;
  const total = backfill?.recordsEstimatedTotal ?? null;
  const processed = backfill?.recordsProcessed ?? 0;
  // An estimate the count has outrun is shown as the count: "120 of about 120", never "120 of about 100".
  const shownTotal = Math.max(total ?? 0, processed);
  const headingId = `${id}-name`;
  const Heading = `h${props.headingLevel}` as 'h3';

  return (
    <li {...part('object', classNames)} data-state={object.state} aria-labelledby={headingId}>
      <div {...part('object-header', classNames)}>
        <Heading {...part('object-name', classNames)} id={headingId}>
          {label}
        </Heading>
        <span {...part('badge', classNames)} data-state={object.state}>
          {messages[stateLabel[object.state]]}
        </span>
      </div>

      {backfill && (
        <div {...part('backfill', classNames)}>
          <progress
            {...part('progress-bar', classNames)}
            aria-label={formatMessage(messages.syncBackfillLabel, { object: label })}
            // Without a total the bar is indeterminate rather than a made-up fraction.
            {...(backfill.done
              ? { max: 1, value: 1 }
              : total === null
                ? {}
                : { max: shownTotal, value: processed })}
          />
          <p {...part('counts', classNames)}>
            {/* formatMessage writes the numbers with the locale's grouping ("36,500"). */}
            {formatMessage(
              backfill.done
                ? messages.syncBackfillDone
                : total === null
                  ? messages.syncBackfillCountsUnknown
                  : messages.syncBackfillCounts,
              { processed, processedCount: processed, total: shownTotal, totalCount: shownTotal },
              locale,
            )}
          </p>
          {!backfill.done && total !== null && (
            <p {...part('estimate', classNames)}>
              {estimate
                ? formatMessage(messages.syncEstimate, { when: relativeTime(estimate, now, locale) })
                : messages.syncEstimating}
            </p>
          )}
        </div>
      )}

      {object.problem && (
        <div {...part('problem', classNames)} data-state={object.problem.code}>
          <p>{messages[problemText[object.problem.code]]}</p>
          {object.problem.since && (
            <p>
              {formatMessage(messages.syncProblemSince, {
                when: relativeTime(object.problem.since, now, locale),
              })}
            </p>
          )}
          {object.problem.detail && (
            <p>{formatMessage(messages.syncProblemDetail, { detail: object.problem.detail })}</p>
          )}
        </div>
      )}
      {object.state === 'paused' && (
        <p {...part('help', classNames)}>
          {!object.canRunNow
            ? messages.syncDisabledHelp
            : props.onSetPaused
              ? messages.syncPausedHelpResume
              : messages.syncPausedHelp}
        </p>
      )}

      <dl {...part('facts', classNames)}>
        <div>
          <dt>{messages.syncLastRun}</dt>
          <dd>{lastRunText(object, now, messages)}</dd>
        </div>
        <div>
          <dt>{messages.syncNextRun}</dt>
          <dd>
            {object.nextRunTime ? relativeTime(object.nextRunTime, now, locale) : messages.syncNoSchedule}
          </dd>
        </div>
        <div>
          <dt>{messages.syncDelivered}</dt>
          <dd>{object.recordsDelivered.toLocaleString(locale)}</dd>
        </div>
      </dl>

      <div>
        <button
          {...part('run-now', classNames)}
          type="button"
          aria-label={formatMessage(messages.syncRunNowLabel, { object: label })}
          aria-describedby={object.canRunNow ? undefined : `${id}-unavailable`}
          disabled={!object.canRunNow || props.starting}
          data-state={props.starting ? 'starting' : object.canRunNow ? 'ready' : 'unavailable'}
          onClick={props.onRunNow}
        >
          {props.starting ? messages.syncRunNowStarting : messages.syncRunNow}
        </button>
        {props.onSetPaused && (
          <>
            {' '}
            <button
              {...part('pause', classNames)}
              type="button"
              aria-label={formatMessage(object.paused ? messages.syncResumeLabel : messages.syncPauseLabel, {
                object: label,
              })}
              disabled={props.pausing}
              data-state={props.pausing ? 'busy' : object.paused ? 'paused' : 'active'}
              onClick={() => props.onSetPaused?.(!object.paused)}
            >
              {props.pausing
                ? messages.syncPausing
                : object.paused
                  ? messages.syncResume
                  : messages.syncPause}
            </button>
          </>
        )}
        {!object.canRunNow && (
          <span {...part('help', classNames)} id={`${id}-unavailable`}>
            {' '}
            {object.state === 'paused' ? messages.syncDisabledHelp : messages.syncRunNowUnavailable}
          </span>
        )}
      </div>
      {props.started && (
        <p {...part('help', classNames)}>{formatMessage(messages.syncRunNowStarted, { object: label })}</p>
      )}
      {props.runNowError && (
        <RunNowFailure error={props.runNowError} messages={messages} classNames={classNames} />
      )}
      {props.pauseError && (
        <RunNowFailure error={props.pauseError} messages={messages} classNames={classNames} />
      )}
    </li>
  );
}

function RunNowFailure(props: {
  error: SpliceError;
  messages: SpliceMessages;
  classNames: ClassNames<SyncObjectPart> | undefined;
}) {
  const failure = describeError(props.error, props.messages);
  return (
    <div {...part('alert', props.classNames)} role="alert">
      <p>{failure.text}</p>
      <ErrorReference reference={failure.reference} />
    </div>
  );
}
