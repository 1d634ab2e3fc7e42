import type { RunNowAnswer, SyncStatus } from '@splice/schema';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { networkMode, spliceKeys, syncStatusQuery } from '../client/query-keys.js';
import type { SpliceError } from '../client/splice-error.js';
import { useSpliceContext } from '../provider/splice-context.js';
import type { SpliceResult } from './settle.js';
import { settle } from './settle.js';

export interface UseSyncStatusOptions {
  /** How often to ask again while something runs, in milliseconds. Default 2,000. */
  pollIntervalMs?: number;
  /** Set false to wait. Default true. */
  enabled?: boolean;
}

export interface SyncStatusState {
  /** The last answer; kept while a refresh runs or fails. */
  data: SyncStatus | undefined;
  error: SpliceError | null;
  /** When `data` arrived, by the browser's clock (ms since the epoch); 0 before. */
  receivedAt: number;
  isPending: boolean;
  isError: boolean;
  /** True while polling: something runs, or a read was just started. */
  isPolling: boolean;
  refetch: () => void;
  /** Starts a read of one object now; never rejects. */
  runNow: (objectName: string) => Promise<SpliceResult<RunNowAnswer>>;
  /** The object whose read is being started, if any. */
  startingObject: string | null;
  /** The last "Run now" failure, with the object it was for. */
  runNowError: { objectName: string; error: SpliceError } | null;
  /** The object whose read was started last, until that read (or a later one) has finished. */
  startedObject: string | null;
  /** Pauses or resumes one object's scheduled reads; never rejects. */
  setPaused: (objectName: string, paused: boolean) => Promise<SpliceResult<void>>;
  /** The object being paused or resumed, if any. */
  pausingObject: string | null;
  /** The last pause or resume failure, with the object it was for. */
  pauseError: { objectName: string; error: SpliceError } | null;
}

/** How long to keep polling after "Run now" until the status shows the read (it starts within seconds). */
const startGraceMs = 15_000;
/** How long after a scheduled read's time to ask again, so that the read has started or finished by then. */
const dueSlackMs = 3_000;
/** The longest single wait before asking again (timers overflow past about 24 days). */
const longestWaitMs = 60 * 60_000;

/**
 * Milliseconds until the earliest scheduled read is due (plus a little slack), so that "Next read in 4
 * minutes" turns into the read itself without a reload. A time already past says nothing more: the
 * clocks may differ, and polling an overdue schedule forever would cost more than it tells.
 */
function untilNextRun(status: SyncStatus | undefined, now: number): number | undefined {
  const due = (status?.objects ?? [])
    .map((object) => (object.nextRunTime ? Date.parse(object.nextRunTime) : Number.NaN))
    .filter((time) => time > now);
  return due.length ? Math.min(Math.min(...due) - now + dueSlackMs, longestWaitMs) : undefined;
}

/**
 * The installation's sync status, refreshed every `pollIntervalMs` while a backfill or read runs (or
 * deliveries are being retried), once more when the next scheduled read is due, and not otherwise; plus
 * "Run now".
 */
export function useSyncStatus(integrationId: string, options: UseSyncStatusOptions = {}): SyncStatusState {
  const { client, queryClient } = useSpliceContext();
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const [pollUntil, setPollUntil] = useState(0);
  const [runNowError, setRunNowError] = useState<SyncStatusState['runNowError']>(null);

  const query = useQuery<SyncStatus, SpliceError>(
    {
      ...syncStatusQuery(client, integrationId),
      enabled: options.enabled ?? true,
      staleTime: 0,
      refetchInterval: (q) =>
        q.state.data?.running || Date.now() < pollUntil
          ? pollIntervalMs
          : (untilNextRun(q.state.data, Date.now()) ?? false),
    },
    queryClient,
  );

  const mutation = useMutation<RunNowAnswer, SpliceError, string>(
    { mutationFn: (objectName) => client.runNow(integrationId, objectName), retry: false, networkMode },
    queryClient,
  );
  const { mutateAsync } = mutation;

  const runNow = useCallback(
    async (objectName: string) => {
      setRunNowError(null);
      const result = await settle(mutateAsync(objectName));
      if (result.ok) {
        setPollUntil(Date.now() + startGraceMs);
        await queryClient.invalidateQueries({
          queryKey: spliceKeys.syncStatus(client.baseUrl, integrationId),
        });
      } else setRunNowError({ objectName, error: result.error });
      return result;
    },
    [mutateAsync, queryClient, client.baseUrl, integrationId],
  );

  const pauseMutation = useMutation<void, SpliceError, { objectName: string; paused: boolean }>(
    {
      mutationFn: ({ objectName, paused }) => client.setObjectPaused(integrationId, objectName, paused),
      retry: false,
      networkMode,
    },
    queryClient,
  );
  const pauseAsync = pauseMutation.mutateAsync;
  const [pauseError, setPauseError] = useState<SyncStatusState['pauseError']>(null);
  const setPaused = useCallback(
    async (objectName: string, paused: boolean) => {
      setPauseError(null);
      const result = await settle(pauseAsync({ objectName, paused }));
      if (result.ok) {
        await queryClient.invalidateQueries({
          queryKey: spliceKeys.syncStatus(client.baseUrl, integrationId),
        });
      } else setPauseError({ objectName, error: result.error });
      return result;
    },
    [pauseAsync, queryClient, client.baseUrl, integrationId],
  );

  const { refetch } = query;
  // The read "Run now" started (the mutation's object and answer) has started until the status shows
  // it finished: its outcome then speaks for it.
  const started = mutation.isSuccess ? mutation.variables : null;
  const run = query.data?.objects.find((o) => o.objectName === started)?.lastRun;
  const finished = run?.operationId === mutation.data?.operationId && run?.status !== 'in_progress';
  return {
    setPaused,
    pausingObject: pauseMutation.isPending ? (pauseMutation.variables?.objectName ?? null) : null,
    pauseError,
    data: query.data,
    error: query.error,
    receivedAt: query.dataUpdatedAt,
    isPending: query.isPending,
    isError: query.isError,
    isPolling: Boolean(query.data?.running) || Date.now() < pollUntil,
    refetch: useCallback(() => void refetch(), [refetch]),
    runNow,
    startingObject: mutation.isPending ? (mutation.variables ?? null) : null,
    runNowError,
    startedObject: (!finished && started) || null,
  };
}
