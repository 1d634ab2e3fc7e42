import * as z from 'zod/mini';
import { inviteSchema } from '../resources/invite.js';

/**
 * `GET /invites` (BFF): the pending invites the session's group sent to its organization, newest first.
 * The service lists the whole organization's invites; the BFF keeps only the group's own.
 */
export const inviteListSchema = z.object({ invites: z.array(inviteSchema) });
export type InviteList = z.infer<typeof inviteListSchema>;
