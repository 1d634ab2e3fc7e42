import type { Context } from 'hono';
import type { BffEnv } from '../env.js';
import type { InviteStore } from '../invites/invite-store.js';
import type { BffLogger } from '../log/log-entry.js';
import type { IdempotencyStore } from '../middleware/idempotency/store.js';
import type { ResolvedOptions } from '../options.js';
import type { IssueClassifier } from '../upstream/browser-problem.js';
import { browserProblem } from '../upstream/browser-problem.js';
import type { CallContext, ServiceClient } from '../upstream/service-client.js';
import { UpstreamProblem } from '../upstream/upstream-problem.js';

/** What the route factories share. */
export interface RouteDeps {
  config: ResolvedOptions;
  service: ServiceClient;
  log: BffLogger;
  idempotencyStore: IdempotencyStore;
  inviteStore: InviteStore;
}

export function callContext(c: Context<BffEnv>): CallContext {
  // `c.get`, not `c.var`: hono builds a new object of every variable on each read of `c.var`.
  return { abort: c.get('abort'), requestId: c.get('requestId') };
}

/** Awaits an upstream call and re-tells an upstream problem in the browser's terms. */
export async function retold<T>(
  c: Context<BffEnv>,
  deps: RouteDeps,
  classify: IssueClassifier,
  call: Promise<T>,
): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof UpstreamProblem) {
      throw browserProblem(error, classify, c.var.session, deps.config.project);
    }
    throw error;
  }
}
