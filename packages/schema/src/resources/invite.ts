import * as z from 'zod/mini';
import { dateTimeSchema } from './primitives.js';

export const inviteStatusSchema = z.enum(['pending', 'accepted', 'revoked', 'expired']);
export type InviteStatus = z.infer<typeof inviteStatusSchema>;

/** The invite (docs/service-interface.md#invite). */
export const inviteSchema = z.object({
  id: z.string(),
  invitedEmail: z.string(),
  parentType: z.literal('org'),
  parentId: z.string(),
  status: inviteStatusSchema,
  createTime: dateTimeSchema,
  updateTime: z.optional(dateTimeSchema),
});
export type Invite = z.infer<typeof inviteSchema>;
