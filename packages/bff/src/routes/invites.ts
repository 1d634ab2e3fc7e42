import { inviteRequestSchema } from '@splice/schema';
import { Hono } from 'hono';
import type { BffEnv } from '../env.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { noQuery } from '../middleware/no-query/index.js';
import { classifierFor } from '../upstream/browser-problem.js';
import { jsonBody } from '../validation/validators.js';
import type { RouteDeps } from './deps.js';
import { callContext, retold } from './deps.js';

const classify = classifierFor({ body: ['email'] });

/** `POST /invites`: invite someone by e-mail to the session's organization (bearer token upstream). */
export const inviteRoutes = (deps: RouteDeps) =>
  new Hono<BffEnv>().post(
    '/',
    bodyLimit({ maxBytes: deps.config.limits.inviteBodyBytes }),
    noQuery(),
    jsonBody(inviteRequestSchema),
    async (c) => {
      const { email } = c.req.valid('json');
      const invite = await retold(
        c,
        deps,
        classify,
        deps.service.createInvite(callContext(c), c.var.session.orgId, email),
      );
      return c.json(invite, 201);
    },
  );
