import type { ReadType, SyncObjectState, SyncObjectStatus, SyncProblemCode, SyncRun } from '@splice/schema';

/** SyncStatus's user-visible strings (English defaults, replaceable via `messages`). */
export const syncStatusMessages = {
  /** The BCP 47 locale that dates, times and numbers of the sync status are written in. */
  syncLocale: 'en',
  syncHeading: 'Sync status',
  syncNotInstalled: 'Nothing is synced yet: install the integration first.',
  syncNoObjects: 'This installation reads no objects.',
  syncStateBackfilling: 'Importing past records',
  syncStateReading: 'Reading',
  syncStateUpToDate: 'Up to date',
  syncStateWaiting: 'Waiting for the first read',
  syncStatePaused: 'Paused',
  syncStateTurnedOff: 'Turned off',
  syncStateFailing: 'Needs attention',
  syncBackfillLabel: 'Import of past {object} records',
  syncBackfillCounts: '{processed} of about {total} {totalCount, plural, one {record} other {records}} read',
  syncBackfillCountsUnknown: '{processed} {processedCount, plural, one {record} other {records}} read so far',
  /** Delivering follows reading, so while an import runs it trails the records read. */
  syncBackfillDelivered: '{delivered} delivered to the app so far',
  syncBackfillDone: 'Past records imported: {processed}',
  syncEstimate: 'Done {when} at the current pace',
  syncEstimating: 'Estimating the time left…',
  syncLastRun: 'Last read',
  syncNextRun: 'Next read',
  /** Counts deliveries: a record that changes is delivered again, so it is not a count of records. */
  syncDelivered: 'Deliveries, updates included',
  syncNever: 'Not yet',
  syncNoSchedule: 'Not scheduled',
  syncRunValue: '{when} ({kind})',
  syncRunFailedValue: '{when} ({kind}, failed)',
  syncRunRunningValue: 'Started {when} ({kind})',
  syncKindBackfill: 'import of past records',
  syncKindScheduled: 'scheduled',
  syncKindTriggered: 'run by hand',
  syncKindUnknown: 'read',
  syncPause: 'Pause',
  syncResume: 'Resume',
  syncPausing: 'Saving…',
  syncPauseLabel: 'Pause reading {object}',
  syncResumeLabel: 'Resume reading {object}',
  syncPausedHelp:
    'Scheduled reads are paused, so nothing new arrives. Resume them in the settings to continue.',
  /** Said instead of syncPausedHelp where the object's own Resume button is shown beside it. */
  syncPausedHelpResume: 'Scheduled reads are paused, so nothing new arrives. Choose Resume to continue.',
  syncPausedByServiceHelp: 'The app paused reads of this object; only it can resume them.',
  syncDisabledHelp: 'Reads of this object are turned off in the installation settings.',
  syncProblemDeliveryRetrying:
    'The app is not accepting records right now. Nothing is lost: they are kept and sent again automatically.',
  syncProblemDeliveryDisabled:
    'Sending records to the app failed for too long and has stopped. Contact the app’s support; records are kept and arrive once it is fixed.',
  syncProblemReadFailed:
    'The last read failed. Check that your account can see this object’s fields, then choose Run now.',
  syncProblemConnection: 'The connection to your account no longer works. Reconnect it, then choose Run now.',
  syncProblemDetail: 'Details: {detail}',
  syncProblemSince: 'Since {when}.',
  syncRunNow: 'Run now',
  syncRunNowLabel: 'Run now: read {object}',
  syncRunNowStarting: 'Starting…',
  syncRunNowStarted: 'A read of {object} has started.',
  syncRunNowUnavailable: 'A read is already running.',
  syncRecentRuns: 'Recent runs',
  syncRecentRunsLabel: 'Recent runs of {object}',
  syncRunsEmpty: 'No runs yet.',
  syncRunStatusSuccess: 'Succeeded',
  syncRunStatusFailure: 'Failed',
  syncRunStatusInProgress: 'Running',
  syncRunDelivered: '{delivered} {deliveredCount, plural, one {delivery} other {deliveries}}',
  syncRunReason: 'Why: {reason}',
  syncWritesHeading: 'Written to your CRM',
  syncWrittenToday: 'Records written today',
  syncDeletedToday: 'Deleted today',
  syncWriteFailedToday: 'Not written today',
  syncLastWriteFailure: 'The last write that failed: {when}.',
  /** Stands for the provider's name in "Reconnect …" until the integration's details arrive. */
  syncYourAccount: 'your account',
  /** A read waiting out the provider's rate limit: it reads on by itself once the budget refills. */
  syncWaitRateLimited: 'Catching up (rate limited by {provider})',
  /** A read retrying a provider that answers errors, times out or gives unreadable answers. */
  syncWaitNotAnswering: '{provider} is not answering; retrying',
  /** A read stopped because the provider refused the connection. */
  syncWaitReconnect: 'Reconnect needed',
  syncWaitSince: 'Since {when}.',
  syncWaitRetryAt: 'Next try {when}.',
} as const;

type SyncStatusMessageKey = keyof typeof syncStatusMessages;

/** The words of each object state (its badge). */
export const syncStateWords = {
  backfilling: 'syncStateBackfilling',
  reading: 'syncStateReading',
  up_to_date: 'syncStateUpToDate',
  waiting: 'syncStateWaiting',
  paused: 'syncStatePaused',
  turned_off: 'syncStateTurnedOff',
  failing: 'syncStateFailing',
} as const satisfies Record<SyncObjectState, SyncStatusMessageKey>;

/** The words of each problem: what went wrong and what to do. */
export const syncProblemWords = {
  delivery_retrying: 'syncProblemDeliveryRetrying',
  delivery_disabled: 'syncProblemDeliveryDisabled',
  read_failed: 'syncProblemReadFailed',
  connection: 'syncProblemConnection',
} as const satisfies Record<SyncProblemCode, SyncStatusMessageKey>;

/** The words of each provider wait of a running read. */
export const syncWaitWords = {
  rate_limited: 'syncWaitRateLimited',
  not_answering: 'syncWaitNotAnswering',
  reconnect: 'syncWaitReconnect',
} as const satisfies Record<NonNullable<SyncObjectStatus['providerWait']>['state'], SyncStatusMessageKey>;

/** The words of each kind of read; `unknown` where the service does not say which kind it was. */
export const syncKindWords = {
  backfill: 'syncKindBackfill',
  scheduled: 'syncKindScheduled',
  triggered: 'syncKindTriggered',
  unknown: 'syncKindUnknown',
} as const satisfies Record<ReadType | 'unknown', SyncStatusMessageKey>;

/** The words of each outcome of a run. */
export const syncRunStatusWords = {
  in_progress: 'syncRunStatusInProgress',
  success: 'syncRunStatusSuccess',
  failure: 'syncRunStatusFailure',
} as const satisfies Record<SyncRun['status'], SyncStatusMessageKey>;
