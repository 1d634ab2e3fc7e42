import type { Invite } from '@splice/schema';
import { useEffect, useId, useRef, useState } from 'react';
import type { SpliceError } from '../../client/splice-error.js';
import { useInvites } from '../../hooks/use-invites.js';
import { describeError } from '../../provider/describe-error.js';
import { formatMessage } from '../../provider/messages.js';
import { useSpliceContext } from '../../provider/splice-context.js';
import type { ClassNames } from '../shared/parts.js';
import { part } from '../shared/parts.js';
import { relativeTime } from '../sync-status/sync-time.js';

export type PendingInvitesPart =
  | 'pending'
  | 'pending-title'
  | 'invite'
  | 'email'
  | 'sent'
  | 'button'
  | 'danger'
  | 'question';

export interface PendingInvitesProps {
  onRevoked: (invite: Invite) => void;
  onRevokeFailed: (error: SpliceError) => void;
  classNames?: ClassNames<PendingInvitesPart> | undefined;
}

interface RowProps extends PendingInvitesProps {
  invite: Invite;
  revoking: boolean;
  revoke: (inviteId: string) => Promise<{ ok: boolean; error?: SpliceError }>;
  now: Date;
}

/** One pending invite: its address, when it was sent, and Revoke with a confirm step. */
function PendingInvite({ invite, revoking, revoke, now, classNames, ...props }: RowProps) {
  const { messages } = useSpliceContext();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Focus follows the step: into the question when it opens, back to Revoke when the user keeps it.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) openRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const onConfirm = async () => {
    if (revoking) return;
    const result = await revoke(invite.id);
    if (result.ok) props.onRevoked(invite);
    else if (result.error) {
      setConfirming(false);
      props.onRevokeFailed(result.error);
    }
  };

  const email = invite.invitedEmail;
  return (
    <li
      {...part('invite', classNames)}
      data-state={revoking ? 'revoking' : confirming ? 'confirming' : 'idle'}
    >
      <span {...part('email', classNames)}>{email}</span>
      <time {...part('sent', classNames)} dateTime={invite.createTime}>
        {formatMessage(messages.inviteSentAt, {
          when: relativeTime(invite.createTime, now, messages.locale),
        })}
      </time>
      {confirming ? (
        <fieldset>
          <legend {...part('question', classNames)}>
            {formatMessage(messages.inviteRevokeQuestion, { email })}
          </legend>
          <button
            {...part('danger', classNames)}
            type="button"
            ref={confirmRef}
            aria-disabled={revoking || undefined}
            onClick={() => void onConfirm()}
          >
            {revoking ? messages.inviteRevoking : messages.inviteRevokeConfirm}
          </button>{' '}
          <button
            {...part('button', classNames)}
            type="button"
            onClick={() => !revoking && setConfirming(false)}
          >
            {messages.inviteRevokeKeep}
          </button>
        </fieldset>
      ) : (
        <button
          {...part('button', classNames)}
          type="button"
          ref={openRef}
          aria-label={formatMessage(messages.inviteRevokeLabel, { email })}
          onClick={() => setConfirming(true)}
        >
          {messages.inviteRevoke}
        </button>
      )}
    </li>
  );
}

/** The pending invites of the signed-in user's group, from the server: they outlive a reload. */
export function PendingInvites(props: PendingInvitesProps) {
  const { messages } = useSpliceContext();
  const { invites, query, revoke, revoking } = useInvites();
  const id = useId();
  const { classNames } = props;
  const now = new Date();

  let body: React.ReactNode;
  if (query.isPending) body = <p>{messages.invitesLoading}</p>;
  else if (query.isError && invites.length === 0) {
    const failure = describeError(query.error, messages);
    body = (
      <p>
        {messages.invitesLoadFailed} {failure.text}{' '}
        <button {...part('button', classNames)} type="button" onClick={() => void query.refetch()}>
          {messages.retry}
        </button>
      </p>
    );
  } else if (invites.length === 0) body = <p>{messages.invitesEmpty}</p>;
  else {
    body = (
      <ul aria-labelledby={`${id}-title`}>
        {invites.map((invite) => (
          <PendingInvite
            key={invite.id}
            {...props}
            invite={invite}
            revoking={revoking === invite.id}
            revoke={revoke}
            now={now}
          />
        ))}
      </ul>
    );
  }
  return (
    <div
      {...part('pending', classNames)}
      data-state={query.isPending ? 'loading' : query.isError ? 'error' : invites.length ? 'list' : 'empty'}
      aria-busy={query.isFetching || undefined}
    >
      <p {...part('pending-title', classNames)} id={`${id}-title`}>
        {messages.invitesPendingTitle}
      </p>
      {body}
    </div>
  );
}
