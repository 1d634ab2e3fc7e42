/**
 * What a read does about each provider fault, by class, in one place:
 *
 * - rate limited (429): wait what the provider said (`Retry-After`, HubSpot's interval header), with a little
 *   jitter so that streams of one account do not return at the same instant; never a failure.
 * - server errors, timeouts, resets, unreadable answers: retry from the same cursor with exponential backoff
 *   and jitter, until `providerRetryForMs` after the first fault in a row; then the read fails with a
 *   reason that names the provider, the fault classes met and how long it tried.
 * - access revoked: the read waits at its cursor for a reconnect (every read of the connection with it).
 * - anything else the provider refused: the read fails with the provider's reason.
 */
import type { ProviderError } from '../connectors/provider-error.js';
import {
  faultClassOf,
  faultClassWords,
  type ProviderFaultClass,
  providerDisplayName,
} from '../connectors/provider-fault.js';
import { backoffDelay, type ReadTiming } from './timing.js';

/** The longest wait between two tries of an unanswering provider. */
const maxBackoffMs = 60_000;

/** What a read keeps about the provider faults it met in a row. */
export interface FaultStreak {
  /** Tries in a row that met an unavailable provider or an unreadable answer. */
  failedTries: number;
  /** When the first of them happened (epoch ms). */
  faultSince?: number;
  /** The classes met in this streak. */
  faultClasses?: Set<ProviderFaultClass>;
}

export type FaultDecision =
  | { faultClass: ProviderFaultClass; retryAt: number; awaitReconnect?: boolean }
  | { faultClass: ProviderFaultClass; reason: string };

export function decideOnFault(streak: FaultStreak, error: ProviderError, timing: ReadTiming): FaultDecision {
  const faultClass = faultClassOf(error);
  const provider = providerDisplayName(error.details.provider);
  const now = timing.now();
  switch (faultClass) {
    case 'rate_limited': {
      const wait = error.details.retryAfterMs ?? timing.retryBaseMs;
      return { faultClass, retryAt: now + wait + Math.round(timing.random() * Math.min(wait / 10, 1_000)) };
    }
    case 'server_error':
    case 'timeout':
    case 'connection_reset':
    case 'malformed_answer': {
      streak.failedTries++;
      streak.faultSince ??= now;
      streak.faultClasses ??= new Set();
      streak.faultClasses.add(faultClass);
      const delay = Math.min(backoffDelay(timing, streak.failedTries), maxBackoffMs);
      if (now + delay <= streak.faultSince + timing.providerRetryForMs) {
        return { faultClass, retryAt: now + delay };
      }
      const classes = [...streak.faultClasses].map(faultClassWords).join(', ');
      const seconds = Math.round((now - streak.faultSince) / 1000);
      return {
        faultClass,
        reason: `${provider} is not answering (${classes}): ${streak.failedTries} tries over ${seconds} s. Last: ${error.message}`,
      };
    }
    case 'auth_revoked':
      // Failing would lose the rest of a backfill (incremental reads start after its window); waiting at
      // the cursor delivers it once the user reconnects.
      return { faultClass, retryAt: now + timing.parkMs, awaitReconnect: true };
    default:
      return { faultClass, reason: `${provider} refused the read: ${error.message}` };
  }
}

/** A page was read: the streak of faults is over. */
export function endStreak(streak: FaultStreak): void {
  streak.failedTries = 0;
  delete streak.faultSince;
  delete streak.faultClasses;
}
