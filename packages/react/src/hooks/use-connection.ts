import type { Connection as ConnectionDetails } from '@splice/schema';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConnectFlow, ConnectFlowEnd, ConnectFlowOutcome } from '../client/connect-flow.js';
import { startPopupConnect, startRedirectConnect, takeRedirectResult } from '../client/connect-flow.js';
import { connectionQuery, spliceKeys } from '../client/query-keys.js';
import type { SpliceError } from '../client/splice-error.js';
import { useSpliceContext } from '../provider/splice-context.js';

/** Where the connect flow stands. `failed` carries why; every reason has its own message and a retry. */
export type ConnectState =
  | { status: 'idle' }
  | { status: 'connecting'; reconnect: boolean }
  | { status: 'redirecting' }
  | { status: 'connected' }
  | {
      status: 'failed';
      reason: Exclude<ConnectFlowOutcome, 'connected'>;
      reconnect: boolean;
      error?: unknown;
    };

export interface UseConnectionOptions {
  /** Called once a connect or reconnect succeeded (the caches are refreshed by then). */
  onConnected?: () => void;
}

/**
 * The group's connection to an integration's provider, and the connect flow. `connect()` and
 * `reconnect()` must be called directly in a click handler (they open the popup synchronously).
 */
export function useConnection(integrationId: string, options: UseConnectionOptions = {}) {
  const { client, queryClient } = useSpliceContext();
  const query = useQuery<{ connection: ConnectionDetails | null }, SpliceError>(
    connectionQuery(client, integrationId),
    queryClient,
  );
  const [state, setState] = useState<ConnectState>({ status: 'idle' });
  const flow = useRef<ConnectFlow | null>(null);
  const onConnected = useRef(options.onConnected);
  onConnected.current = options.onConnected;

  // The sync status says whether the connection works (a broken one fails every object), so it is
  // read again with the connection.
  const refresh = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: spliceKeys.connection(client.baseUrl, integrationId) }),
      queryClient.invalidateQueries({ queryKey: spliceKeys.integration(client.baseUrl, integrationId) }),
      queryClient.invalidateQueries({ queryKey: spliceKeys.syncStatus(client.baseUrl, integrationId) }),
    ]);
  }, [client.baseUrl, integrationId, queryClient]);

  const settle = useCallback(
    (end: ConnectFlowEnd, reconnect: boolean) => {
      if (end.outcome === 'connected') {
        setState({ status: 'connected' });
        void refresh().then(() => onConnected.current?.());
      } else {
        setState({
          status: 'failed',
          reason: end.outcome,
          reconnect,
          ...(end.error === undefined ? {} : { error: end.error }),
        });
      }
    },
    [refresh],
  );

  // A same-tab flow that just came back: its result waits in sessionStorage.
  useEffect(() => {
    const outcome = takeRedirectResult(integrationId);
    if (outcome) settle({ outcome }, false);
  }, [integrationId, settle]);

  useEffect(() => () => flow.current?.cancel(), []);

  const start = useCallback(
    (reconnect: boolean) => {
      flow.current?.cancel();
      const started = startPopupConnect({
        client,
        integrationId,
        reconnect,
        before: query.data?.connection ?? null,
        onLateResult: (end) => settle(end, reconnect),
      });
      flow.current = started;
      setState({ status: 'connecting', reconnect });
      void started.result.then((end) => {
        if (flow.current === started) settle(end, reconnect);
      });
    },
    [client, integrationId, query.data, settle],
  );

  const connect = useCallback(() => start(false), [start]);
  const reconnect = useCallback(() => start(true), [start]);

  /** After a blocked popup: the whole tab goes to the provider and comes back here. */
  const continueInTab = useCallback(() => {
    const reconnecting = state.status === 'failed' && state.reconnect;
    setState({ status: 'redirecting' });
    startRedirectConnect({ client, integrationId, reconnect: reconnecting }).catch((error: unknown) =>
      setState({ status: 'failed', reason: 'failed', reconnect: reconnecting, error }),
    );
  }, [client, integrationId, state]);

  const connection = query.data?.connection ?? null;
  return {
    connection,
    /** `none` before the first connect; `bad_credentials` needs a reconnect. */
    connectionStatus: connection ? connection.status : ('none' as const),
    query,
    state,
    connect,
    reconnect,
    continueInTab,
    reset: useCallback(() => setState({ status: 'idle' }), []),
  };
}

export type UseConnectionResult = ReturnType<typeof useConnection>;
