import type { SyncObjectStatus } from '@splice/schema';
import type { SpliceMessages } from '../../provider/messages.js';
import { formatMessage } from '../../provider/messages.js';
import type { ClassNames } from '../shared/parts.js';
import { part } from '../shared/parts.js';
import { syncWaitWords } from './sync-status-messages.js';
import { relativeTime } from './sync-time.js';

export interface SyncProviderWaitProps {
  wait: NonNullable<SyncObjectStatus['providerWait']>;
  /** The provider's name as its users know it. */
  provider: string;
  now: Date;
  messages: SpliceMessages;
  classNames: ClassNames<'provider-wait'> | undefined;
}

/**
 * What a running read waits out at the provider, in words and with times: a rate limit it catches up
 * after, a provider that is not answering and is tried again, or a connection to reconnect.
 */
export function SyncProviderWait({ wait, provider, now, messages, classNames }: SyncProviderWaitProps) {
  const locale = messages.syncLocale;
  return (
    <div {...part('provider-wait', classNames)} data-state={wait.state} role="status">
      <p>{formatMessage(messages[syncWaitWords[wait.state]], { provider })}</p>
      <p>
        {formatMessage(messages.syncWaitSince, { when: relativeTime(wait.since, now, locale) })}
        {wait.retryAt && wait.state !== 'reconnect'
          ? ` ${formatMessage(messages.syncWaitRetryAt, { when: relativeTime(wait.retryAt, now, locale) })}`
          : ''}
      </p>
    </div>
  );
}
