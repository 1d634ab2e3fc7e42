import type { SpliceError } from '../client/splice-error.js';
import { isSpliceNetworkError, isSpliceProblem } from '../client/splice-error.js';
import type { SpliceMessages } from './messages.js';
import { formatMessage } from './messages.js';

export interface ErrorDescription {
  text: string;
  /** "Reference: …" when the server gave a request ID, for the user to quote to support. */
  reference?: string;
}

/**
 * One sentence for the user. The server's `detail` is used where it speaks about the user's request
 * (4xx); statuses that mean "not your fault" get a replaceable message instead of server wording.
 */
export function describeError(error: SpliceError | Error | null | undefined, messages: SpliceMessages) {
  const description: ErrorDescription = { text: messages.errorUnknown };
  if (!error) return description;
  if (isSpliceNetworkError(error)) {
    const byKind = {
      offline: messages.errorOffline,
      unreachable: messages.errorUnreachable,
      timeout: messages.errorTimeout,
    };
    return { text: byKind[error.kind] };
  }
  if (!isSpliceProblem(error)) return description;
  const reference = error.requestId
    ? formatMessage(messages.errorReference, { requestId: error.requestId })
    : undefined;
  let text: string;
  if (error.status === 401) text = messages.errorUnauthenticated;
  else if (error.status === 403) text = messages.errorForbidden;
  // The server's words for an oversized body name byte limits, which mean nothing to the user.
  else if (error.status === 413) text = messages.errorTooLarge;
  else if (error.status === 429) text = messages.errorRateLimited;
  else if (error.status >= 500) text = messages.errorServer;
  else text = error.detail ?? error.title;
  return reference ? { text, reference } : { text };
}
