import * as z from 'zod/mini';
import { connectErrorSchema } from '../resources/oauth-connect.js';
import { connectAttemptPattern, connectResultType } from '../rules/connect-result.js';

/**
 * The browser side of the connect flow (BFF routes and the page that ends the flow). In a module of its
 * own, importing nothing heavy, because the components bundle it.
 */

/** One click's id (`connectAttemptPattern`). */
export const connectAttemptSchema = z.string().check(z.regex(connectAttemptPattern));

/**
 * `POST /integrations/:integrationId/connect` and `/reconnect` bodies. `popup` ends the flow by telling
 * the opener; `redirect` (the popup was blocked) sends the tab back to `returnTo`, a path on the page's own
 * origin.
 */
export const connectStartSchema = z.strictObject({
  attempt: connectAttemptSchema,
  mode: z.enum(['popup', 'redirect']),
  returnTo: z.optional(
    z.string().check(
      z.maxLength(2048),
      // A path on this origin only: `//host` and `/\host` would leave it.
      z.regex(/^\/(?![/\\])[^\s]*$/, 'Give a path on this site, starting with a single "/".'),
    ),
  ),
});
export type ConnectStart = z.infer<typeof connectStartSchema>;

/** What the connect routes answer: the URL the popup (or the tab) goes to. */
export const connectUrlSchema = z.object({ url: z.string() });
export type ConnectUrl = z.infer<typeof connectUrlSchema>;

/** How one connect attempt ended, as the result page tells the component. */
export const connectOutcomeSchema = z.union([z.literal('connected'), connectErrorSchema]);
export type ConnectOutcome = z.infer<typeof connectOutcomeSchema>;

/** The message the page that ends the flow posts (postMessage to the opener, BroadcastChannel fallback). */
export const connectResultSchema = z.strictObject({
  type: z.literal(connectResultType),
  attempt: connectAttemptSchema,
  outcome: connectOutcomeSchema,
});
export type ConnectResult = z.infer<typeof connectResultSchema>;
