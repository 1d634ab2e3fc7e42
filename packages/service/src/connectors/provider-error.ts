/**
 * Every way a provider call can fail, as the service acts on it. Connectors turn a provider's own error
 * bodies into one of these kinds; the read engine, search routes and sync status decide by the kind alone
 * (retry, wait, ask the user to reconnect, or report a bad request). A message never holds a token.
 */
export type ProviderErrorKind =
  /** The grant is gone or the token refused after a fresh refresh: the user must reconnect. */
  | 'authInvalid'
  /** The account may not do this (a missing scope or permission): retrying will not help. */
  | 'forbidden'
  /** Too many requests: wait `retryAfterMs`, then try again. */
  | 'rateLimited'
  /** The provider refused the request's content; `fieldNames` names the offending fields when it says. */
  | 'badRequest'
  | 'notFound'
  /** A 5xx, a timeout or a reset connection: retry later. */
  | 'unavailable'
  /** An answer the connector cannot read (not JSON, or not the documented shape). */
  | 'malformed';

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly details: {
      provider: string;
      /** The provider's HTTP status, when it answered. */
      status?: number;
      retryAfterMs?: number;
      fieldNames?: string[];
      /** For an `unavailable` without an answer: whether the time ran out or the connection failed. */
      transport?: 'timeout' | 'reset';
      cause?: unknown;
    },
  ) {
    super(message, { cause: details.cause });
  }

  /** Whether trying the same call again later can succeed. */
  get retryable(): boolean {
    return this.kind === 'rateLimited' || this.kind === 'unavailable';
  }
}
