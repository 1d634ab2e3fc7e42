/**
 * The class of a provider fault, as the operation history names it and the sync status words it: finer
 * than `ProviderErrorKind` (which says what to do), because "HubSpot answered 503" and "HubSpot timed out"
 * are acted on alike but read differently. One definition, used by the read engine's retry policy, the
 * operations' fault record and the read status.
 */
import type { ProviderError } from './provider-error.js';

export const providerFaultClasses = [
  /** A 429: the account's request budget is spent for now. */
  'rate_limited',
  /** A 5xx answer. */
  'server_error',
  /** No answer (headers and body) within the request's time. */
  'timeout',
  /** The connection was reset or refused before an answer. */
  'connection_reset',
  /** An answer that is not the JSON asked for (truncated, an HTML error page). */
  'malformed_answer',
  /** The grant was revoked or the token refused after a fresh refresh: the user must reconnect. */
  'auth_revoked',
  /** The account may not do this (a scope or permission). */
  'forbidden',
  /** The provider refused the request's content, or the thing asked for is gone. */
  'refused',
] as const;
export type ProviderFaultClass = (typeof providerFaultClasses)[number];

export function faultClassOf(error: ProviderError): ProviderFaultClass {
  switch (error.kind) {
    case 'rateLimited':
      return 'rate_limited';
    case 'authInvalid':
      return 'auth_revoked';
    case 'forbidden':
      return 'forbidden';
    case 'malformed':
      return 'malformed_answer';
    case 'unavailable':
      if (error.details.status !== undefined) return 'server_error';
      return error.details.transport === 'timeout' ? 'timeout' : 'connection_reset';
    default:
      return 'refused';
  }
}

/** The class in words, for the reason a failed operation gives. */
export function faultClassWords(fault: ProviderFaultClass): string {
  switch (fault) {
    case 'rate_limited':
      return 'rate limited';
    case 'server_error':
      return 'server errors';
    case 'timeout':
      return 'timeouts';
    case 'connection_reset':
      return 'connections reset';
    case 'malformed_answer':
      return 'unreadable answers';
    case 'auth_revoked':
      return 'access revoked';
    case 'forbidden':
      return 'not permitted';
    case 'refused':
      return 'request refused';
  }
}

const displayNames: Record<string, string> = { hubspot: 'HubSpot', salesforce: 'Salesforce' };

/** A catalog provider's name as users know it. */
export function providerDisplayName(provider: string): string {
  return displayNames[provider] ?? provider;
}
