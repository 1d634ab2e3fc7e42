'use client';

import type { EmailProblem, Invite, InviteStatus } from '@splice/schema';
import { emailProblem, limits } from '@splice/schema';
import type { FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import type { SpliceError } from '../../client/splice-error.js';
import { isSpliceProblem } from '../../client/splice-error.js';
import { useInvite } from '../../hooks/use-invite.js';
import type { ErrorDescription } from '../../provider/describe-error.js';
import { describeError } from '../../provider/describe-error.js';
import type { SpliceMessages } from '../../provider/messages.js';
import { formatMessage } from '../../provider/messages.js';
import { useSpliceContext } from '../../provider/splice-context.js';
import { ErrorReference } from '../shared/error-reference.js';
import type { ClassNames } from '../shared/parts.js';
import { invalidProps, part, rootProps } from '../shared/parts.js';
import { SpliceErrorBoundary } from '../shared/splice-error-boundary.js';
import type { PendingInvitesPart } from './pending-invites.js';
import { PendingInvites } from './pending-invites.js';

export type InviteFormPart =
  | 'form'
  | 'field'
  | 'label'
  | 'input'
  | 'hint'
  | 'error'
  | 'submit'
  | 'alert'
  | 'result'
  | 'badge'
  | PendingInvitesPart;

export interface InviteFormProps {
  /** Pre-fills the address. Default empty. */
  defaultEmail?: string;
  /** Called with each invite the server created. */
  onInvited?: (invite: Invite) => void;
  /**
   * List the group's pending invites below the form, each with Revoke. Default true; false when the
   * host lists them itself (`useInvites`).
   */
  showPending?: boolean;
  className?: string;
  classNames?: ClassNames<InviteFormPart>;
}

interface Alert extends ErrorDescription {
  /** Issues naming something other than the e-mail field: shown in the alert, never dropped. */
  issues?: string[];
}

function statusLabel(status: InviteStatus, messages: SpliceMessages): string {
  const labels: Record<InviteStatus, string> = {
    pending: messages.inviteStatusPending,
    accepted: messages.inviteStatusAccepted,
    revoked: messages.inviteStatusRevoked,
    expired: messages.inviteStatusExpired,
  };
  return labels[status];
}

/** A problem with the address: the shared rule's verdict (worded via `messages`), or the server's sentence. */
type EmailError = { code: EmailProblem } | { server: string };

/**
 * Client-side errors are told from the rule's code through `messages`, so that they can be translated.
 * Server errors carry their own text.
 */
function emailErrorText(error: EmailError | null, messages: SpliceMessages) {
  if (!error) return undefined;
  if ('server' in error) return error.server;
  if (error.code === 'required') return messages.inviteEmailRequired;
  if (error.code === 'too_long')
    return formatMessage(messages.inviteEmailTooLong, { max: limits.email }, messages.locale);
  return messages.inviteEmailInvalid;
}

/**
 * The invite schema's address rule (`emailProblem`, zod-free: the browser bundle takes no zod along).
 * Null when valid.
 */
function checkEmail(email: string): EmailError | null {
  const code = emailProblem(email);
  return code ? { code } : null;
}

function InviteFormView(props: InviteFormProps) {
  const { messages, theme, direction } = useSpliceContext();
  const { classNames } = props;
  const ids = useId();
  const { invite, isPending } = useInvite();
  // One status at a time: a success (sent or revoked) and an error never stand side by side.
  const [created, setCreated] = useState<Invite | null>(null);
  const [revoked, setRevoked] = useState<Invite | null>(null);
  const [alert, setAlertState] = useState<Alert | null>(null);
  const [email, setEmail] = useState(props.defaultEmail ?? '');
  // Validation starts once the user leaves the field or submits, then follows every keystroke.
  const [touched, setTouched] = useState(false);
  const [emailError, setEmailError] = useState<EmailError | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const clearSuccess = () => {
    setCreated(null);
    setRevoked(null);
  };
  const setAlert = (next: Alert | null) => {
    if (next) clearSuccess();
    setAlertState(next);
  };
  /** The field's own error; a new one replaces an earlier success, so only one status shows at a time. */
  const setFieldError = (error: EmailError | null) => {
    if (error) clearSuccess();
    setEmailError(error);
  };
  const showEmailError = (error: EmailError) => {
    setFieldError(error);
    inputRef.current?.focus();
  };

  // Every failure leaves the typed address in the field: only a success clears it.
  const showFailure = (error: SpliceError) => {
    if (isSpliceProblem(error) && error.status === 409)
      return showEmailError({ server: messages.inviteConflict });
    if (isSpliceProblem(error) && error.issues.length > 0) {
      const elsewhere: string[] = [];
      for (const issue of error.issues) {
        if (issue.name === 'email') showEmailError({ server: issue.detail });
        else elsewhere.push(`${issue.name}: ${issue.detail}`);
      }
      if (elsewhere.length > 0) setAlert({ ...describeError(error, messages), issues: elsewhere });
      return;
    }
    setAlert(describeError(error, messages));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    // The last outcome goes first: an earlier "Invite sent" must never stand beside a new error.
    setAlert(null);
    clearSuccess();
    const problem = checkEmail(email);
    if (problem) return showEmailError(problem);
    const result = await invite({ email });
    if (!result.ok) return showFailure(result.error);
    setCreated(result.data);
    setEmail('');
    setTouched(false);
    setEmailError(null);
    props.onInvited?.(result.data);
  };

  const errorText = emailErrorText(emailError, messages);
  return (
    <div
      {...rootProps('invite-form', { theme, direction }, props.className)}
      data-state={isPending ? 'pending' : created || revoked ? 'success' : alert ? 'error' : 'idle'}
    >
      <form
        {...part('form', classNames)}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-busy={isPending}
      >
        <div {...part('field', classNames)}>
          <label {...part('label', classNames)} htmlFor={`${ids}-email`}>
            {messages.inviteEmailLabel}
          </label>
          <input
            {...part('input', classNames)}
            ref={inputRef}
            name="email"
            value={email}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setEmail(value);
              if (touched) setFieldError(checkEmail(value));
            }}
            onBlur={() => {
              setTouched(true);
              // A server's verdict stays until the address changes.
              setFieldError(emailError && 'server' in emailError ? emailError : checkEmail(email));
            }}
            id={`${ids}-email`}
            type="email"
            autoComplete="email"
            // An address is Latin left to right in any locale: a right-to-left page would show
            // "example.com@ada" while it is typed.
            dir="ltr"
            spellCheck={false}
            {...invalidProps(errorText)}
            aria-describedby={`${ids}-email-error ${ids}-email-hint`}
          />
          <p {...part('hint', classNames)} id={`${ids}-email-hint`}>
            {messages.inviteEmailHint}
          </p>
          <p {...part('error', classNames)} id={`${ids}-email-error`} aria-live="polite">
            {errorText}
          </p>
        </div>
        <div>
          <button {...part('submit', classNames)} type="submit" aria-disabled={isPending || undefined}>
            {isPending ? messages.inviteSubmitting : messages.inviteSubmit}
          </button>
        </div>
      </form>
      <div {...part('alert', classNames)} role="alert">
        {alert && (
          <>
            <p>{alert.text}</p>
            {alert.issues && (
              <>
                <p>{messages.inviteIssues}</p>
                <ul>
                  {alert.issues.map((issue) => (
                    <li key={issue}>{issue}</li>
                  ))}
                </ul>
              </>
            )}
            <ErrorReference reference={alert.reference} />
          </>
        )}
      </div>
      <div
        {...part('result', classNames)}
        ref={resultRef}
        tabIndex={-1}
        role="status"
        data-state={created || revoked ? 'success' : 'idle'}
      >
        {revoked && <p>{formatMessage(messages.inviteRevoked, { email: revoked.invitedEmail })}</p>}
        {created && (
          <>
            <p>{formatMessage(messages.inviteSent, { email: created.invitedEmail })}</p>
            <p>
              {messages.inviteStatusLabel}:{' '}
              <span {...part('badge', classNames)} data-state={created.status}>
                {statusLabel(created.status, messages)}
              </span>
            </p>
          </>
        )}
      </div>
      {props.showPending !== false && (
        <PendingInvites
          classNames={classNames}
          onRevoked={(invite) => {
            setAlert(null);
            setEmailError(null);
            setCreated(null);
            setRevoked(invite);
            // The row and its button are gone: focus goes to the words that say so.
            resultRef.current?.focus();
          }}
          onRevokeFailed={(error) =>
            setAlert(
              isSpliceProblem(error) && error.status === 404
                ? { text: messages.inviteRevokeGone }
                : describeError(error, messages),
            )
          }
        />
      )}
    </div>
  );
}

/**
 * Invites a person to the signed-in user's organization by e-mail. Client-side validation uses the
 * shared `inviteRequestSchema`; a server's issues land on the field they name, and nothing typed is lost.
 */
export function InviteForm(props: InviteFormProps) {
  return (
    <SpliceErrorBoundary>
      <InviteFormView {...props} />
    </SpliceErrorBoundary>
  );
}
