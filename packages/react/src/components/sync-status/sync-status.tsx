'use client';

import { useEffect, useId, useState } from 'react';
import { useIntegration } from '../../hooks/use-integration.js';
import type { UseSyncStatusOptions } from '../../hooks/use-sync-status.js';
import { useSyncStatus } from '../../hooks/use-sync-status.js';
import { describeError } from '../../provider/describe-error.js';
import { useSpliceContext } from '../../provider/splice-context.js';
import type { ConnectButtonPart } from '../connect-button/connect-button.js';
import { LoadFailure } from '../shared/load-failure.js';
import type { ClassNames } from '../shared/parts.js';
import { part, rootProps } from '../shared/parts.js';
import { SpliceErrorBoundary } from '../shared/splice-error-boundary.js';
import type { SyncObjectPart } from './sync-object.js';
import { SyncObject } from './sync-object.js';
import { SyncReconnect } from './sync-reconnect.js';
import type { SyncWritesPart } from './sync-writes.js';
import { SyncWrites } from './sync-writes.js';

export type SyncStatusPart =
  | SyncObjectPart
  | SyncWritesPart
  | ConnectButtonPart
  | 'heading'
  | 'objects'
  | 'status'
  | 'button'
  | 'reconnect';

export interface SyncStatusProps extends Pick<UseSyncStatusOptions, 'pollIntervalMs'> {
  integrationId: string;
  /** The level of the "Sync status" heading, to fit the page's outline; objects are one below. Default 2. */
  headingLevel?: 2 | 3 | 4 | 5;
  /** Offer Pause and Resume per object. Default true. */
  allowPause?: boolean;
  className?: string;
  classNames?: ClassNames<SyncStatusPart>;
}

/** The current time, moved on every `ms` so that "in 12 minutes" stays true while nothing is fetched. */
function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

function SyncStatusView(props: SyncStatusProps) {
  const { messages, theme, direction } = useSpliceContext();
  const { classNames } = props;
  const id = useId();
  const status = useSyncStatus(props.integrationId, {
    ...(props.pollIntervalMs === undefined ? {} : { pollIntervalMs: props.pollIntervalMs }),
  });
  const tick = useNow(15_000);
  // Object names in the user's words, from the integration's details: shared with the wizard or the
  // search box when the page has them, fetched once when SyncStatus stands alone. The API name stands in
  // only until they arrive.
  const integration = useIntegration(props.integrationId).data;
  const labels = new Map(integration?.readObjects.map((o) => [o.objectName, o.displayName]));
  const writeLabels = new Map(integration?.writeObjects.map((o) => [o.objectName, o.displayName]));
  const data = status.data;
  // Offered once the connection is seen broken, and kept through the reconnect (whose outcome it shows)
  // even after the status says the connection works again.
  const [reconnectOffered, setReconnectOffered] = useState(false);
  if (data?.connectionStatus === 'bad_credentials' && !reconnectOffered) setReconnectOffered(true);
  // The server's clock when it answered, moved on by the local time gone since: "in 12 minutes" stays
  // right even when the browser's clock is off.
  const now = data
    ? new Date(Date.parse(data.checkedAt) + Math.max(0, tick.getTime() - status.receivedAt))
    : tick;
  const root = rootProps('sync-status', { theme, direction }, props.className);
  const level = props.headingLevel ?? 2;
  const Heading = `h${level}` as 'h2';
  const heading = (
    <Heading {...part('heading', classNames)} id={`${id}-heading`}>
      {messages.syncHeading}
    </Heading>
  );

  if (status.isPending) {
    return (
      <section {...root} data-state="loading" aria-labelledby={`${id}-heading`}>
        {heading}
        <p {...part('status', classNames)} role="status">
          {messages.loading}
        </p>
      </section>
    );
  }
  if (!data) {
    return (
      <section {...root} data-state="error" aria-labelledby={`${id}-heading`}>
        {heading}
        <LoadFailure error={status.error} onRetry={status.refetch} classNames={classNames} />
      </section>
    );
  }
  if (data.installationId === null || data.objects.length === 0) {
    return (
      <section {...root} data-state="empty" aria-labelledby={`${id}-heading`}>
        {heading}
        <p {...part('status', classNames)}>
          {data.installationId === null ? messages.syncNotInstalled : messages.syncNoObjects}
        </p>
      </section>
    );
  }

  return (
    <section
      {...root}
      data-state={data.running ? 'running' : 'idle'}
      aria-labelledby={`${id}-heading`}
      aria-busy={status.startingObject !== null || undefined}
    >
      {heading}
      {reconnectOffered && (
        <SyncReconnect
          integrationId={props.integrationId}
          provider={integration?.integration.providerDisplayName ?? messages.syncYourAccount}
          classNames={classNames}
        />
      )}
      <ul {...part('objects', classNames)}>
        {data.objects.map((object) => (
          <SyncObject
            key={object.objectName}
            integrationId={props.integrationId}
            id={`${id}-${object.objectName}`}
            headingLevel={(level + 1) as 3 | 4 | 5 | 6}
            object={object}
            label={labels.get(object.objectName) ?? object.objectName}
            provider={integration?.integration.providerDisplayName ?? messages.syncYourAccount}
            now={now}
            messages={messages}
            classNames={classNames}
            starting={status.startingObject === object.objectName}
            started={status.startedObject === object.objectName}
            runNowError={
              status.runNowError?.objectName === object.objectName ? status.runNowError.error : null
            }
            onRunNow={() => void status.runNow(object.objectName)}
            onSetPaused={
              props.allowPause === false
                ? undefined
                : (paused: boolean) => void status.setPaused(object.objectName, paused)
            }
            pausing={status.pausingObject === object.objectName}
            pauseError={status.pauseError?.objectName === object.objectName ? status.pauseError.error : null}
          />
        ))}
      </ul>
      {data.writes && data.writes.length > 0 && (
        <SyncWrites
          id={id}
          headingLevel={(level + 1) as 3 | 4 | 5}
          writes={data.writes}
          labels={writeLabels}
          now={now}
          messages={messages}
          classNames={classNames}
        />
      )}
      {/* A refresh that fails keeps the last answer on screen and says so. */}
      {status.isError && (
        <div {...part('alert', classNames)} role="alert">
          <p>{describeError(status.error, messages).text}</p>
        </div>
      )}
    </section>
  );
}

/**
 * How the signed-in user's installation of one integration runs: per read object the backfill's
 * progress with an estimate, the last and next read in words, records delivered, paused or failing
 * states with what to do, "Run now" and the recent runs; "Reconnect" when the provider stopped accepting
 * the connection. It refreshes while something runs, and stops when nothing does.
 */
export function SyncStatus(props: SyncStatusProps) {
  return (
    <SpliceErrorBoundary>
      <SyncStatusView {...props} />
    </SpliceErrorBoundary>
  );
}
