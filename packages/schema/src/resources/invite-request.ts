import * as z from 'zod/mini';
import { limits } from './limits.js';

/**
 * docs/service-interface.md#org-invites, the body of an org invite. In a module of its own that imports only `limits`, because the
 * browser bundles it (the invite form validates with it) and a bundler keeps every top-level schema of
 * a module it imports: beside `inviteSchema` it would bring the date-time and record schemas along.
 */
export const inviteRequestSchema = z.strictObject({
  email: z.email('Enter a valid e-mail address, such as name@example.com.').check(z.maxLength(limits.email)),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;
