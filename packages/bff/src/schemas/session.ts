import { nameSchema } from '@splice/schema';
import * as z from 'zod/mini';

/**
 * What `resolveSession` returns for a signed-in user. It is checked at run time because it comes from the
 * builder's code: a malformed session must fail closed rather than reach the upstream URL.
 */
export const sessionSchema = z.object({
  /** The customer group the user acts for; every upstream call is scoped to it. */
  groupRef: nameSchema,
  /** The organization invites go to. */
  orgId: nameSchema,
  /** The signed-in user; recorded as `createdBy: consumer:<consumerRef>`. */
  consumerRef: nameSchema,
});
export type Session = z.infer<typeof sessionSchema>;
