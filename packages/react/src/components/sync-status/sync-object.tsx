import type { SyncObjectStatus } from '@splice/schema';
import type { SpliceError } from '../../client/splice-error.js';
import { describeError } from '../../provider/describe-error.js';
import type { SpliceMessages } from '../../provider/messages.js';
import { formatMessage } from '../../provider/messages.js';
import { ErrorReference } from '../shared/error-reference.js';
import type { ClassNames } from '../shared/parts.js';
import { part } from '../shared/parts.js';
import { SyncProviderWait } from './sync-provider-wait.js';
import type { SyncRunsPart } from './sync-runs.js';
import { SyncRuns } from './sync-runs.js';
import { syncKindWords, syncProblemWords, syncStateWords } from './sync-status-messages.js';
import { backfillEndEstimate, relativeTime } from './sync-time.js';

export type SyncObjectPart =
  | SyncRunsPart
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
  | 'provider-wait'
  | 'help'
  | 'run-now'
  | 'pause'
  | 'alert';

export interface SyncObjectProps {
  integrationId: string;
  /** The object as the user knows it ("Contacts"); its API name when no display name is known. */
  label: string;
  /** The provider's name as its users know it ("HubSpot"). */
  provider: string;
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

function lastRunText(object: SyncObjectStatus, now: Date, messages: SpliceMessages): string {
  const run = object.lastRun;
  if (!run) return messages.syncNever;
  const when = relativeTime(run.time, now, messages.syncLocale);
  const kind = messages[syncKindWords[run.readType ?? 'unknown']];
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
  const turnedOff = object.state === 'turned_off';
  const pausedByService = object.pausedBy === 'service';
  // Why Run now cannot start is said once: a running read beside the button (unless the read the user
  // just started says so), a broken connection or a setting where the object already says it.
  const hint = object.runNowBlockedBy === 'running' && !props.started;
  const stateHelp = turnedOff
    ? messages.syncDisabledHelp
    : object.state !== 'paused'
      ? null
      : pausedByService
        ? messages.syncPausedByServiceHelp
        : props.onSetPaused
          ? messages.syncPausedHelpResume
          : messages.syncPausedHelp;

  return (
    <li {...part('object', classNames)} data-state={object.state} aria-labelledby={headingId}>
      <div {...part('object-header', classNames)}>
        <Heading {...part('object-name', classNames)} id={headingId}>
          {label}
        </Heading>
        <span {...part('badge', classNames)} data-state={object.state}>
          {messages[syncStateWords[object.state]]}
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
          {/* Delivering follows reading: both are named, so neither looks like the other's count. */}
          {!backfill.done && backfill.recordsDelivered !== undefined && (
            <p {...part('counts', classNames)}>
              {formatMessage(
                messages.syncBackfillDelivered,
                { delivered: backfill.recordsDelivered },
                locale,
              )}
            </p>
          )}
          {!backfill.done && total !== null && (
            <p {...part('estimate', classNames)}>
              {estimate
                ? formatMessage(messages.syncEstimate, { when: relativeTime(estimate, now, locale) })
                : messages.syncEstimating}
            </p>
          )}
        </div>
      )}

      {object.providerWait && (
        <SyncProviderWait
          wait={object.providerWait}
          provider={props.provider}
          now={now}
          messages={messages}
          classNames={classNames}
        />
      )}
      {object.problem && (
        <div {...part('problem', classNames)} data-state={object.problem.code}>
          <p>{messages[syncProblemWords[object.problem.code]]}</p>
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
      {stateHelp && <p {...part('help', classNames)}>{stateHelp}</p>}

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

      {/* A turned-off object has nothing to run or pause: the settings turn it on again. */}
      {!turnedOff && (
        <div>
          <button
            {...part('run-now', classNames)}
            type="button"
            aria-label={formatMessage(messages.syncRunNowLabel, { object: label })}
            aria-describedby={hint ? `${id}-hint` : undefined}
            disabled={!object.canRunNow || props.starting}
            data-state={props.starting ? 'starting' : object.canRunNow ? 'ready' : 'unavailable'}
            onClick={props.onRunNow}
          >
            {props.starting ? messages.syncRunNowStarting : messages.syncRunNow}
          </button>
          {/* The app's own pause is not the user's to lift. */}
          {props.onSetPaused && !pausedByService && (
            <>
              {' '}
              <button
                {...part('pause', classNames)}
                type="button"
                aria-label={formatMessage(
                  object.paused ? messages.syncResumeLabel : messages.syncPauseLabel,
                  { object: label },
                )}
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
          {hint && (
            <span {...part('help', classNames)} id={`${id}-hint`}>
              {' '}
              {messages.syncRunNowUnavailable}
            </span>
          )}
        </div>
      )}
      {/* A turned-off object is read no more: its card says only how to turn it on again. */}
      {!turnedOff && (
        <SyncRuns
          integrationId={props.integrationId}
          objectName={object.objectName}
          label={label}
          id={`${id}-runs`}
          lastRun={object.lastRun}
          now={now}
          messages={messages}
          classNames={classNames}
        />
      )}
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
