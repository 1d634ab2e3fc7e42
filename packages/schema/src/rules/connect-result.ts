/**
 * The connect flow's result message, zod-free: the browser reads it with `readConnectResult` and must not
 * bundle zod for it. The zod schemas of the flow (`connectResultSchema` and its parts) are built from
 * these same constants, and a test holds the two readings equal.
 */

/** The OAuth error codes a connect flow can end with, instead of a connection. */
export const connectErrors = ['access_denied', 'expired', 'provider_error'] as const;

/** One click's id: the result page echoes it, so a component accepts only the answer to its own click. */
export const connectAttemptPattern = /^[A-Za-z0-9_-]{16,64}$/;

/** The type tag of a result message: a component ignores every message without it. */
export const connectResultType = 'splice:connect-result';

/** The BroadcastChannel name the result page also posts on (same origin only, by the platform's rule). */
export const connectChannelName = 'splice-connect';

/** How one connect attempt ended. */
export type ConnectOutcome = 'connected' | (typeof connectErrors)[number];

/** The message the page that ends the flow posts to the opener (and on the channel). */
export interface ConnectResult {
  type: typeof connectResultType;
  attempt: string;
  outcome: ConnectOutcome;
}

const resultKeys = ['type', 'attempt', 'outcome'];

function isOutcome(value: unknown): value is ConnectOutcome {
  return value === 'connected' || (connectErrors as readonly unknown[]).includes(value);
}

/** The result message in `data`, or undefined for anything else (exactly its three members, as the schema says). */
export function readConnectResult(data: unknown): ConnectResult | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const message = data as Record<string, unknown>;
  if (Object.keys(message).some((key) => !resultKeys.includes(key))) return undefined;
  const { type, attempt, outcome } = message;
  if (type !== connectResultType || typeof attempt !== 'string' || !connectAttemptPattern.test(attempt)) {
    return undefined;
  }
  return isOutcome(outcome) ? { type, attempt, outcome } : undefined;
}
