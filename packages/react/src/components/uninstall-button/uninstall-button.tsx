'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useUninstall } from '../../hooks/use-uninstall.js';
import { describeError } from '../../provider/describe-error.js';
import { formatMessage } from '../../provider/messages.js';
import { useSpliceContext } from '../../provider/splice-context.js';
import type { ClassNames } from '../shared/parts.js';
import { part, rootProps } from '../shared/parts.js';
import { SpliceErrorBoundary } from '../shared/splice-error-boundary.js';

export type UninstallButtonPart = 'button' | 'confirm' | 'title' | 'detail' | 'alert' | 'status';

export interface UninstallButtonProps {
  integrationId: string;
  /** The integration's name as users know it, e.g. "CRM sync". Default: `integrationId`. */
  integrationName?: string;
  /** Called once the installation is gone (every cached answer of this BFF mount is dropped first). */
  onUninstalled?: () => void;
  className?: string;
  classNames?: ClassNames<UninstallButtonPart>;
}

function UninstallView(props: UninstallButtonProps) {
  const { messages, theme, direction } = useSpliceContext();
  const { classNames } = props;
  const integration = props.integrationName ?? props.integrationId;
  const { uninstall, isPending, error, reset } = useUninstall(props.integrationId);
  const [state, setState] = useState<'idle' | 'confirming' | 'done'>('idle');
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const onUninstalled = useRef(props.onUninstalled);
  onUninstalled.current = props.onUninstalled;
  const shown = useRef(state);

  // Focus follows the question: on the safe choice while it is open (Enter twice must not uninstall),
  // back on the button that opened it once it closes, on the outcome once uninstalled. Never on the
  // first render: the button must not take focus when the page loads.
  useEffect(() => {
    if (shown.current === state) return;
    shown.current = state;
    if (state === 'confirming') cancelRef.current?.focus();
    else if (state === 'idle') openRef.current?.focus();
    else statusRef.current?.focus();
  }, [state]);

  const root = (children: React.ReactNode) => (
    <div
      {...rootProps('uninstall-button', { theme, direction }, props.className)}
      data-state={isPending ? 'uninstalling' : error ? 'error' : state}
    >
      {children}
    </div>
  );

  if (state === 'done') {
    return root(
      <p {...part('status', classNames)} role="status" ref={statusRef} tabIndex={-1}>
        {formatMessage(messages.uninstalled, { integration })}
      </p>,
    );
  }
  if (state === 'idle') {
    return root(
      <button
        {...part('button', classNames)}
        type="button"
        ref={openRef}
        aria-haspopup="dialog"
        onClick={() => setState('confirming')}
      >
        {messages.uninstall}
      </button>,
    );
  }
  const failure = error ? describeError(error, messages) : undefined;
  return root(
    <div
      {...part('confirm', classNames)}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-detail`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !isPending) {
          reset();
          setState('idle');
        }
      }}
    >
      <p {...part('title', classNames)} id={`${id}-title`}>
        <strong>{formatMessage(messages.uninstallConfirmTitle, { integration })}</strong>
      </p>
      <p {...part('detail', classNames)} id={`${id}-detail`}>
        {messages.uninstallConfirmDetail}
      </p>
      {failure && (
        <div {...part('alert', classNames)} role="alert">
          <p>{failure.text}</p>
          {failure.reference && <p>{failure.reference}</p>}
        </div>
      )}
      <div>
        <button
          type="button"
          data-part="danger"
          aria-disabled={isPending || undefined}
          onClick={async () => {
            if (isPending) return;
            const result = await uninstall();
            if (result.ok) {
              setState('done');
              onUninstalled.current?.();
            }
          }}
        >
          {isPending ? messages.uninstalling : messages.uninstallConfirm}
        </button>{' '}
        <button
          type="button"
          data-part="button"
          ref={cancelRef}
          disabled={isPending}
          onClick={() => {
            reset();
            setState('idle');
          }}
        >
          {messages.uninstallCancel}
        </button>
      </div>
    </div>,
  );
}

/**
 * Uninstalls the integration for the signed-in user's group, after a confirmation that says what stops.
 * Afterwards every cached answer is dropped, so a wizard on the page offers a fresh install.
 */
export function UninstallButton(props: UninstallButtonProps) {
  return (
    <SpliceErrorBoundary>
      <UninstallView {...props} />
    </SpliceErrorBoundary>
  );
}
