import type { Session } from '@splice/bff';
import { createWebhookReceiver } from '@splice/bff/webhooks';
import { issueTypes } from '@splice/schema';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Activity } from './activity.js';
import type { ImportedRecords } from './imported-records.js';
import { problem } from './problem.js';

export interface NorthwindRoutesOptions {
  records: ImportedRecords;
  /** The activity feed Splice's notifications fill. */
  activity: Activity;
  /** The signing secrets of the destinations that deliver here. */
  secrets: string[];
  resolveSession: (c: Context) => Promise<Session | null>;
  /** The app's origin: the only page allowed to switch faults on. */
  origin: string;
  /** Enables `POST /demo/receiver-faults`, for tests of a receiver that fails for a while. */
  receiverFaults: boolean;
}

/** How many records `GET /demo/records` lists (the latest); the counts cover every record. */
const pageSize = 200;

/**
 * Northwind's own side of the integration: the endpoint where Splice delivers records (the BFF's
 * receiver, which checks signatures and drops duplicates), the table it fills, and the page data of
 * "Imported records" and of the activity feed (Splice's notifications, in words) for the signed-in
 * user's company only.
 */
export function northwindRoutes(options: NorthwindRoutesOptions) {
  const { records } = options;
  // Until this time the receiver answers 503, as an app that is down for a while would.
  let failUntil = 0;
  const receiver = createWebhookReceiver({
    secret: options.secrets,
    onMessage: (message) => records.save(message),
    onNotification: (notification, delivery) => options.activity.save(notification, delivery.id),
  });

  const webhooks = new Hono().post('/splice', async (c) => {
    if (Date.now() < failUntil) {
      return problem(c, 503, 'serviceUnavailable', 'Northwind is down for maintenance (a test fault).');
    }
    return receiver(c);
  });

  const demo = new Hono()
    .use(async (c, next) => {
      c.header('Cache-Control', 'no-store');
      const origin = c.req.header('Origin');
      if (origin !== undefined && origin !== options.origin) {
        return problem(c, 403, 'forbiddenOrigin', 'Requests from this origin are not allowed.');
      }
      await next();
    })
    .get('/records', async (c) => {
      const session = await options.resolveSession(c);
      if (!session) return problem(c, 401, 'unauthenticated', 'Sign in first.');
      // `?object=contacts` lists that object's latest records only: a backfill of one object would
      // otherwise push another's out of the page.
      const objectName = c.req.query('object') || undefined;
      return c.json(records.page(session.groupRef, pageSize, objectName), 200);
    })
    .get('/activity', async (c) => {
      const session = await options.resolveSession(c);
      if (!session) return problem(c, 401, 'unauthenticated', 'Sign in first.');
      return c.json({ items: options.activity.latest(session.groupRef) }, 200);
    })
    .post('/receiver-faults', async (c) => {
      if (!options.receiverFaults) return problem(c, 404, 'notFound', 'There is nothing at this address.');
      const body = (await c.req.json().catch(() => undefined)) as { failForMs?: unknown } | undefined;
      const failForMs = body?.failForMs;
      if (
        typeof failForMs !== 'number' ||
        !Number.isFinite(failForMs) ||
        failForMs < 0 ||
        failForMs > 600_000
      ) {
        return problem(c, 400, 'validation', 'Send { "failForMs": milliseconds up to 600000 }.', [
          {
            type: issueTypes.invalidProperty,
            name: 'failForMs',
            in: 'body',
            detail: 'A number of milliseconds, 0 to 600000.',
            value: failForMs,
          },
        ]);
      }
      failUntil = Date.now() + failForMs;
      return c.json({ failUntil: new Date(failUntil).toISOString() }, 200);
    });

  return { webhooks, demo };
}
