'use client';

import { problemTypes } from '@splice/schema';
import { useEffect, useId, useRef, useState } from 'react';
import { isSpliceProblem } from '../../client/splice-error.js';
import { useDisconnect } from '../../hooks/use-disconnect.js';
import { describeError } from '../../provider/describe-error.js';
import type { SpliceMessages } from '../../provider/messages.js';
import { formatMessage } from '../../provider/messages.js';
import { useSpliceContext } from '../../provider/splice-context.js';
import { ErrorReference } from '../shared/error-reference.js';
import type { ClassNames } from '../shared/parts.js';
import { part } from '../shared/parts.js';

export type DisconnectPart = 'disconnect' | 'confirm' | 'title' | 'detail' | 'alert';

export interface DisconnectControlProps {
  integrationId: string;
  provider: string;
  classNames?: ClassNames<DisconnectPart> | undefined;
  /**
   * Called once the connection is gone. The connect controls beside it end the connect flow that may
   * have made it, so they show the connection as it now is, not as that flow left it.
   */
  onDisconnected?: (() => void) | undefined;
}

/** The refusal in the user's words: an installation in the way has its own message, in every language. */
function refusal(error: Error, messages: SpliceMessages) {
  if (isSpliceProblem(error) && error.type === problemTypes.connectionInUse.type) {
    return { text: messages.disconnectInUse, reference: describeError(error, messages).reference };
  }
  return describeError(error, messages);
}

/**
 * "Disconnect", behind a question that opens on the safe choice (Enter twice must not disconnect) and
 * gives focus back to the button that opened it when dismissed. Once disconnected, this control goes with
 * the connection, and the connect controls beside it take the focus (their Connect button).
 */
export function DisconnectControl({
  integrationId,
  provider,
  classNames,
  onDisconnected,
}: DisconnectControlProps) {
  const { messages } = useSpliceContext();
  const { disconnect, isPending, error, reset } = useDisconnect(integrationId);
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  const openRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const shown = useRef(confirming);

  // Never on the first render: the button must not take focus when the page loads.
  useEffect(() => {
    if (shown.current === confirming) return;
    shown.current = confirming;
    (confirming ? cancelRef : openRef).current?.focus();
  }, [confirming]);

  const close = () => {
    if (isPending) return;
    reset();
    setConfirming(false);
  };

  if (!confirming) {
    return (
      <button
        type="button"
        {...part('disconnect', classNames)}
        ref={openRef}
        aria-haspopup="dialog"
        aria-label={formatMessage(messages.disconnectLabel, { provider })}
        onClick={() => setConfirming(true)}
      >
        {messages.disconnectButton}
      </button>
    );
  }
  const failure = error ? refusal(error, messages) : undefined;
  return (
    <div
      {...part('confirm', classNames)}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-detail`}
      data-state={isPending ? 'disconnecting' : error ? 'error' : 'confirming'}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <p {...part('title', classNames)} id={`${id}-title`}>
        <strong>{formatMessage(messages.disconnectConfirmTitle, { provider })}</strong>
      </p>
      <p {...part('detail', classNames)} id={`${id}-detail`}>
        {formatMessage(messages.disconnectConfirmDetail, { provider })}
      </p>
      {failure && (
        <div {...part('alert', classNames)} role="alert">
          <p>{failure.text}</p>
          <ErrorReference reference={failure.reference} />
        </div>
      )}
      <div>
        <button
          type="button"
          data-part="danger"
          aria-disabled={isPending || undefined}
          onClick={() => {
            if (isPending) return;
            void disconnect().then((result) => {
              if (result.ok) onDisconnected?.();
            });
          }}
        >
          {isPending ? messages.disconnecting : messages.disconnectConfirm}
        </button>{' '}
        <button type="button" data-part="button" ref={cancelRef} disabled={isPending} onClick={close}>
          {messages.disconnectCancel}
        </button>
      </div>
    </div>
  );
}
