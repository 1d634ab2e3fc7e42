import * as z from 'zod/mini';
import { limits } from './limits.js';
import { dateTimeSchema, nameSchema } from './primitives.js';

/** Trigger a read (`POST {read_url}/projects/{p}/integrations/{i}/objects/{objectName}`). */
export const triggerReadRequestSchema = z.strictObject({
  groupRef: nameSchema,
  mode: z.literal('async', 'Only "async" reads are supported.'),
  /** Records modified after this instant; absent reads all history. */
  sinceTimestamp: z.optional(dateTimeSchema),
  untilTimestamp: z.optional(dateTimeSchema),
});
export type TriggerReadRequest = z.infer<typeof triggerReadRequestSchema>;

export const triggerReadResultSchema = z.object({ operationId: z.string() });
export type TriggerReadResult = z.infer<typeof triggerReadResultSchema>;

/** Pause or resume reads (`...installations/{id}:pause` / `:unpause`): all objects when none are named. */
export const pauseReadsRequestSchema = z.strictObject({
  objects: z.optional(z.array(nameSchema).check(z.maxLength(limits.mapEntries))),
  note: z.optional(z.string().check(z.maxLength(limits.text))),
});
export type PauseReadsRequest = z.infer<typeof pauseReadsRequestSchema>;
