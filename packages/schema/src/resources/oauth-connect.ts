import * as z from 'zod/mini';
import { connectErrors } from '../rules/connect-result.js';
import { limits } from './limits.js';

const ref = z.string().check(z.minLength(1), z.maxLength(limits.name));
const displayName = z.string().check(z.minLength(1), z.maxLength(limits.name));

/**
 * An absolute http(s) URL without credentials: where the embedded service sends the browser once the flow
 * ends. Extension: the hosted service ends its flow on its own callback page instead.
 */
const redirectUrlSchema = z.string().check(
  z.maxLength(2048),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'Give an absolute http or https URL without user name or password.'),
);

/**
 * A value of the completion handshake (extension): 43 to 128 base64url characters, as a SHA-256 or a
 * 32-byte random value encodes.
 */
const handshakeValue = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{43,128}$/, 'Give 43 to 128 base64url characters.'));

/**
 * The body of `POST {base_url}/oauth-connect`, field for field as the hosted service takes it, plus the
 * embedded service's `redirectUrl` extension. The answer is the URL to open, as `text/plain`.
 */
export const oauthConnectRequestSchema = z.strictObject({
  projectIdOrName: ref,
  provider: ref,
  groupRef: ref,
  /** Default: `groupRef`. */
  groupName: z.optional(displayName),
  consumerRef: ref,
  /** Default: `consumerRef`. */
  consumerName: z.optional(displayName),
  providerWorkspaceRef: z.optional(ref),
  providerMetadata: z.optional(z.record(z.string(), z.unknown())),
  providerAppId: z.optional(ref),
  enableCSRFProtection: z.optional(z.boolean()),
  /** Extension (embedded service only): where the browser goes when the flow ends. */
  redirectUrl: z.optional(redirectUrlSchema),
  /**
   * Extension (embedded service only): the SHA-256 (base64url) of a secret the caller keeps in the browser
   * that starts the flow. With it, the flow's result is held until `oauth-connect/complete` presents that
   * secret; it needs `redirectUrl`, the page that presents it.
   */
  browserBinding: z.optional(handshakeValue),
});
export type OauthConnectRequest = z.infer<typeof oauthConnectRequestSchema>;

/**
 * The optional body of `PATCH {base_url}/projects/{p}/connections/{id}:oauth-update`. The hosted operation
 * takes no body; `redirectUrl` is the same extension as on oauth-connect.
 */
export const oauthUpdateRequestSchema = z.strictObject({
  redirectUrl: z.optional(redirectUrlSchema),
  browserBinding: z.optional(handshakeValue),
});
export type OauthUpdateRequest = z.infer<typeof oauthUpdateRequestSchema>;

/**
 * The body of `POST {base_url}/oauth-connect/complete` (extension): saves the result of a flow started
 * with `browserBinding`. `completion` is what the service added to the `redirectUrl`; `browserSecret` is
 * the secret whose hash was the binding, as the browser that ends the flow holds it. Without it, or with
 * another one, the held result is dropped.
 */
export const oauthCompleteRequestSchema = z.strictObject({
  projectIdOrName: ref,
  completion: handshakeValue,
  browserSecret: z.optional(handshakeValue),
});
export type OauthCompleteRequest = z.infer<typeof oauthCompleteRequestSchema>;

/** The answer of `POST {base_url}/oauth-connect/complete`: the connection the flow created or refreshed. */
export const oauthCompleteAnswerSchema = z.object({ connectionId: z.string() });
export type OauthCompleteAnswer = z.infer<typeof oauthCompleteAnswerSchema>;

/** How a connect flow can end without a connection: the OAuth error codes the flow reports. */
export const connectErrorSchema = z.enum(connectErrors);
export type ConnectError = z.infer<typeof connectErrorSchema>;
