'use client';

import { useRef } from 'react';
import type { SpliceError } from '../../client/splice-error.js';
import type { UseConnectionResult } from '../../hooks/use-connection.js';
import { useConnection } from '../../hooks/use-connection.js';
import { useIntegration } from '../../hooks/use-integration.js';
import { describeError } from '../../provider/describe-error.js';
import type { SpliceMessages } from '../../provider/messages.js';
import { formatMessage } from '../../provider/messages.js';
import { useSpliceContext } from '../../provider/splice-context.js';
import { ErrorReference } from '../shared/error-reference.js';
import type { ClassNames } from '../shared/parts.js';
import { part, rootProps } from '../shared/parts.js';
import { SpliceErrorBoundary } from '../shared/splice-error-boundary.js';
import { useFocusRescue } from '../shared/use-focus-rescue.js';
import type { DisconnectPart } from './disconnect-control.js';
import { DisconnectControl } from './disconnect-control.js';

export type ConnectButtonPart = DisconnectPart | 'button' | 'status' | 'account' | 'actions';

export interface ConnectButtonProps {
  /** The integration whose provider to connect, e.g. `crm-sync`. */
  integrationId: string;
  /** The provider's name as the user knows it. Default: the integration's provider display name (fetched). */
  providerName?: string;
  /** Called once connected (or reconnected). */
  onConnected?: () => void;
  className?: string;
  classNames?: ClassNames<ConnectButtonPart>;
}

const failureText: Record<string, keyof SpliceMessages> = {
  blocked: 'connectBlocked',
  closed: 'connectClosed',
  access_denied: 'connectDenied',
  expired: 'connectExpired',
  provider_error: 'connectProviderError',
  failed: 'connectFailed',
};

/** The flow's state as attribute value: `none`, `working`, `connecting`, `failed-denied` and so on. */
export function connectDataState(flow: UseConnectionResult): string {
  const { state } = flow;
  if (state.status === 'failed') return `failed-${state.reason}`;
  if (state.status !== 'idle') return state.status;
  if (flow.query.isPending) return 'loading';
  return flow.query.isError ? 'error' : flow.connectionStatus;
}

export interface ConnectControlsProps {
  flow: UseConnectionResult;
  provider: string;
  classNames?: ClassNames<ConnectButtonPart> | undefined;
  /** Whether to show the state of a working connection (the status component does; the wizard does not). */
  showConnected?: boolean;
  /** Shown under a working connection's state: the Disconnect control, where one is offered. */
  disconnect?: React.ReactNode;
}

/** The provider account the connection signs in to, when the provider named it. */
function ConnectedAccount({ flow, classNames }: Pick<ConnectControlsProps, 'flow' | 'classNames'>) {
  const { messages } = useSpliceContext();
  const workspace = flow.connection?.providerWorkspaceRef;
  if (!workspace) return null;
  return <p {...part('account', classNames)}>{formatMessage(messages.connectWorkspace, { workspace })}</p>;
}

/** The button, the status and every outcome's message with its retry; shared by the button and the wizard. */
export function ConnectControls({
  flow,
  provider,
  classNames,
  showConnected = true,
  disconnect,
}: ConnectControlsProps) {
  const { messages } = useSpliceContext();
  const { state, connectionStatus } = flow;
  const bad = connectionStatus === 'bad_credentials';
  const reconnecting = state.status === 'failed' || state.status === 'connecting' ? state.reconnect : bad;
  const start = reconnecting ? flow.reconnect : flow.connect;
  const label = formatMessage(reconnecting ? messages.reconnectButton : messages.connectButton, { provider });
  // Every outcome replaces the button pressed: focus goes to what is shown instead (the status, the
  // retry), never back to the page's body, e.g. when the popup closes.
  const focusTarget = useRef<HTMLElement>(null);
  const setTarget = (element: HTMLElement | null) => {
    focusTarget.current = element;
  };
  useFocusRescue(`${state.status}:${connectionStatus}`, focusTarget);

  if (state.status === 'connecting' || state.status === 'redirecting') {
    return (
      <p {...part('status', classNames)} role="status" ref={setTarget} tabIndex={-1}>
        {formatMessage(
          state.status === 'connecting' ? messages.connectConnecting : messages.connectRedirecting,
          {
            provider,
          },
        )}
      </p>
    );
  }

  if (state.status === 'failed') {
    const description =
      state.reason === 'failed' ? describeError(state.error as SpliceError | undefined, messages) : undefined;
    return (
      <>
        <div {...part('alert', classNames)} role="alert">
          <p>{formatMessage(messages[failureText[state.reason] ?? 'connectFailed'], { provider })}</p>
          {description && <p>{description.text}</p>}
          <ErrorReference reference={description?.reference} />
        </div>
        <div {...part('actions', classNames)}>
          {state.reason === 'blocked' && (
            <button type="button" data-part="button" onClick={flow.continueInTab}>
              {messages.connectContinueInTab}
            </button>
          )}
          <button type="button" {...part('button', classNames)} onClick={start} ref={setTarget}>
            {state.reason === 'blocked' ? messages.connectTryPopupAgain : messages.connectRetry}
          </button>
        </div>
      </>
    );
  }

  const working =
    state.status === 'connected' || connectionStatus === 'working' || connectionStatus === 'created';
  if (working && showConnected) {
    return (
      <>
        <p {...part('status', classNames)} role="status" ref={setTarget} tabIndex={-1}>
          {formatMessage(messages.connectConnected, { provider })}
        </p>
        <ConnectedAccount flow={flow} classNames={classNames} />
        {disconnect}
      </>
    );
  }
  return (
    <>
      {bad && (
        <p {...part('status', classNames)} role="status">
          {formatMessage(messages.connectBadCredentials, { provider })}
        </p>
      )}
      {bad && <ConnectedAccount flow={flow} classNames={classNames} />}
      <div {...part('actions', classNames)}>
        <button type="button" {...part('button', classNames)} onClick={start} ref={setTarget}>
          {label}
        </button>
      </div>
    </>
  );
}

function ConnectButtonView(props: ConnectButtonProps) {
  const { messages, theme, direction } = useSpliceContext();
  const flow = useConnection(
    props.integrationId,
    props.onConnected ? { onConnected: props.onConnected } : {},
  );
  // The provider's name as its users know it ("Sandbox CRM"), never its id, unless the host names it.
  const details = useIntegration(props.integrationId, { enabled: props.providerName === undefined }).data;
  const provider = props.providerName ?? details?.integration.providerDisplayName ?? 'your account';
  return (
    <div
      {...rootProps('connect-button', { theme, direction }, props.className)}
      data-state={connectDataState(flow)}
    >
      {flow.query.isPending ? (
        <p role="status">{messages.connectStatusLoading}</p>
      ) : flow.query.isError && flow.state.status === 'idle' ? (
        <>
          <div {...part('alert', props.classNames)} role="alert">
            <p>{describeError(flow.query.error, messages).text}</p>
          </div>
          <button
            type="button"
            {...part('button', props.classNames)}
            onClick={() => void flow.query.refetch()}
          >
            {messages.retry}
          </button>
        </>
      ) : (
        <ConnectControls
          flow={flow}
          provider={provider}
          classNames={props.classNames}
          disconnect={
            <DisconnectControl
              integrationId={props.integrationId}
              provider={provider}
              classNames={props.classNames}
              onDisconnected={flow.reset}
            />
          }
        />
      )}
    </div>
  );
}

/**
 * Connects the signed-in user's group to the integration's provider in a popup, and shows the
 * connection's state: connected (with the provider account it signs in to, and Disconnect), or
 * "Reconnect" when the provider refused the saved sign-in. A blocked
 * popup offers to continue in the same tab; every other outcome (closed, denied, expired, failed) has
 * its own message and a retry.
 */
export function ConnectButton(props: ConnectButtonProps) {
  return (
    <SpliceErrorBoundary>
      <ConnectButtonView {...props} />
    </SpliceErrorBoundary>
  );
}
