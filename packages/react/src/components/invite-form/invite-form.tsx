'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import type { InviteStatus } from '@splice/schema';
import { inviteRequestSchema, limits } from '@splice/schema';
import { useId, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import type { Invite, InviteRequest } from '../../client/bff-routes.js';
import type { SpliceError } from '../../client/splice-error.js';
import { isSpliceProblem } from '../../client/splice-error.js';
import { useInvite } from '../../hooks/use-invite.js';
import type { ErrorDescription } from '../../provider/describe-error.js';
import { describeError } from '../../provider/describe-error.js';
import type { SpliceMessages } from '../../provider/messages.js';
import { formatMessage } from '../../provider/messages.js';
import { useSpliceContext } from '../../provider/splice-context.js';
import type { ClassNames } from '../shared/parts.js';
import { part, rootProps } from '../shared/parts.js';
import { SpliceErrorBoundary } from '../shared/splice-error-boundary.js';

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
  | 'badge';

export interface InviteFormProps {
  /** Pre-fills the address. Default empty. */
  defaultEmail?: string;
  /** Called with each invite the server created. */
  onInvited?: (invite: Invite) => void;
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

/**
 * zod/mini ships no messages, and the schema's own are English: client-side errors are told from the
 * issue code through `messages` so that they can be translated. Server errors carry their own text.
 */
function fieldErrorText(error: FieldError | undefined, value: string, messages: SpliceMessages) {
  if (!error) return undefined;
  if (error.type === 'server') return error.message;
  if (value.trim() === '') return messages.inviteEmailRequired;
  if (error.type === 'too_big') return formatMessage(messages.inviteEmailTooLong, { max: limits.email });
  return messages.inviteEmailInvalid;
}

function InviteFormView(props: InviteFormProps) {
  const { messages, theme } = useSpliceContext();
  const { classNames } = props;
  const ids = useId();
  const { invite, isPending } = useInvite();
  const [created, setCreated] = useState<Invite | null>(null);
  const [alert, setAlert] = useState<Alert | null>(null);
  const { register, handleSubmit, setError, watch, reset, formState } = useForm<InviteRequest>({
    resolver: zodResolver(inviteRequestSchema),
    defaultValues: { email: props.defaultEmail ?? '' },
    mode: 'onTouched',
  });

  // Every failure leaves the typed address in the field: only a success clears it.
  const showFailure = (error: SpliceError) => {
    if (isSpliceProblem(error) && error.status === 409) {
      setError('email', { type: 'server', message: messages.inviteConflict }, { shouldFocus: true });
      return;
    }
    if (isSpliceProblem(error) && error.issues.length > 0) {
      const elsewhere: string[] = [];
      for (const issue of error.issues) {
        if (issue.name === 'email')
          setError('email', { type: 'server', message: issue.detail }, { shouldFocus: true });
        else elsewhere.push(`${issue.name}: ${issue.detail}`);
      }
      if (elsewhere.length > 0) setAlert({ ...describeError(error, messages), issues: elsewhere });
      return;
    }
    setAlert(describeError(error, messages));
  };

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    setCreated(null);
    const result = await invite(values);
    if (!result.ok) return showFailure(result.error);
    setCreated(result.data);
    reset({ email: '' });
    props.onInvited?.(result.data);
  });

  const email = watch('email');
  const errorText = fieldErrorText(formState.errors.email, email, messages);
  return (
    <div
      {...rootProps('invite-form', theme, props.className)}
      data-state={isPending ? 'pending' : created ? 'success' : alert ? 'error' : 'idle'}
    >
      <form {...part('form', classNames)} noValidate onSubmit={onSubmit} aria-busy={isPending}>
        <div {...part('field', classNames)}>
          <label {...part('label', classNames)} htmlFor={`${ids}-email`}>
            {messages.inviteEmailLabel}
          </label>
          <input
            {...part('input', classNames)}
            {...register('email')}
            id={`${ids}-email`}
            type="email"
            autoComplete="email"
            spellCheck={false}
            aria-invalid={errorText ? true : undefined}
            data-invalid={errorText ? '' : undefined}
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
            {alert.reference && <p>{alert.reference}</p>}
          </>
        )}
      </div>
      <div {...part('result', classNames)} role="status" data-state={created ? 'success' : 'idle'}>
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
