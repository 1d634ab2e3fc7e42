import * as z from 'zod/mini';
import { emailPattern } from '../rules/email.js';
import { limits } from './limits.js';

/**
 * docs/service-interface.md#org-invites, the body of an org invite. Its address rule is `emailPattern`
 * and `limits.email`, which the browser checks through the zod-free `emailProblem`.
 */
export const inviteRequestSchema = z.strictObject({
  email: z
    .email({ pattern: emailPattern, error: 'Enter a valid e-mail address, such as name@example.com.' })
    .check(z.maxLength(limits.email)),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;
