import * as z from 'zod/mini';
import { limits } from '../resources/limits.js';
import { dateTimeSchema, nameSchema } from '../resources/primitives.js';
import { syncRunSchema } from './sync-status.js';

const countSchema = z.number().check(z.int(), z.nonnegative());

/** How many runs the history keeps per object: the recent ones, enough to see a pattern. */
export const runHistoryLength = 10;

/**
 * One read of an object in its run history: the latest-run view of the sync status (`time` is when it
 * started), plus when it ended, what it delivered and, for a failure, why.
 */
export const runHistoryEntrySchema = z.extend(syncRunSchema, {
  /** When it ended; null while it runs. */
  endTime: z.nullable(dateTimeSchema),
  /** Records it delivered to the app, when the service counts them. */
  recordsDelivered: z.optional(countSchema),
  /** Why it failed, in the service's words (never a URL, header or secret). Only on a failure. */
  reason: z.optional(z.string().check(z.maxLength(limits.text))),
});
export type RunHistoryEntry = z.infer<typeof runHistoryEntrySchema>;

/**
 * `GET /integrations/:integrationId/objects/:objectName/runs` (BFF): the object's recent reads in the
 * session group's installation, newest first; empty before anything ran or without an installation.
 */
export const runHistorySchema = z.strictObject({
  objectName: nameSchema,
  runs: z.array(runHistoryEntrySchema).check(z.maxLength(runHistoryLength)),
});
export type RunHistory = z.infer<typeof runHistorySchema>;
