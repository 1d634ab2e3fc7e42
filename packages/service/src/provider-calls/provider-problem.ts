/**
 * A provider's failure as the service's problem. The problem says what the caller can do (reconnect, wait,
 * fix a field, try later) and names the provider, never the provider's own words beyond a refused field's
 * name: a provider's message may echo what the request carried, and a token never leaves the service.
 */
import type { Issue } from '@splice/schema';
import { type ProblemError, problemError } from '@splice/server-kit';
import { ProviderError } from '../connectors/provider-error.js';

/** Where a provider field came from in the request, as an issue; undefined when the request never named it. */
export type FieldIssue = (providerField: string) => Issue | undefined;

export function providerProblem(
  error: ProviderError,
  fieldIssue: FieldIssue = () => undefined,
): ProblemError {
  const { provider } = error.details;
  switch (error.kind) {
    case 'authInvalid':
      return problemError(422, 'connectionUnusable', {
        detail: `The ${provider} connection no longer works: ${provider} refused its credentials. Reconnect the account, then try again.`,
        remedy: 'Reconnect the account (oauth-update), then retry.',
      });
    case 'forbidden':
      return problemError(422, 'connectionUnusable', {
        detail: `The connected ${provider} account may not do this: it lacks a permission or scope. Reconnect with an account that has it.`,
        remedy: 'Reconnect with an account that has the permission, then retry.',
      });
    case 'rateLimited':
      return problemError(429, 'rateLimited', {
        detail: `${provider} is limiting this account's requests for the moment. Send the request again after the wait.`,
        retryAfterSeconds: Math.max(1, Math.ceil((error.details.retryAfterMs ?? 1000) / 1000)),
      });
    case 'badRequest': {
      const issues = (error.details.fieldNames ?? []).flatMap((name) => fieldIssue(name) ?? []);
      if (issues.length) {
        return problemError(422, 'unknownField', {
          detail: `${provider} refused some fields the request names.`,
          issues,
        });
      }
      return problemError(400, 'badRequest', `${provider} refused the request.`);
    }
    case 'notFound':
      return problemError(404, 'notFound', `${provider} has no such object or record.`);
    case 'unavailable':
      return problemError(503, 'serviceUnavailable', {
        detail: `${provider} is not answering for the moment. Send the request again shortly.`,
        retryAfterSeconds: Math.max(1, Math.ceil((error.details.retryAfterMs ?? 5000) / 1000)),
      });
    case 'malformed':
      return problemError(
        502,
        'upstreamBadAnswer',
        `${provider} answered in a shape the service cannot read.`,
      );
  }
}

/** Runs provider calls, answering a provider's failure as the service's problem. */
export async function withProviderProblems<T>(work: () => Promise<T>, fieldIssue?: FieldIssue): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderError) throw providerProblem(error, fieldIssue);
    throw error;
  }
}
