/**
 * Salesforce's OAuth 2 token and revocation endpoints under `/services/oauth2`. The token answer carries
 * `instance_url`, the API base for this org (the emulator itself), and the identity URL `id`; failures are
 * RFC 6749's `{ error, error_description }`, with Salesforce's own error names.
 */
import { createHmac } from 'node:crypto';
import { Hono } from 'hono';
import type { AuthorizationServer, OAuthFailure, OAuthFailureKind } from '../oauth/authorization-server.js';
import { formFields } from '../oauth/authorize-routes.js';
import { salesforceError } from './errors.js';

/** The org the emulator serves, as the token answer's identity URL names it. */
export interface SalesforceOrg {
  orgId: string;
  userId: string;
}

const tokenErrors: Record<OAuthFailureKind, readonly [error: string, description: string]> = {
  'bad-request': ['invalid_request', 'the request must be form-encoded'],
  'unknown-client': ['invalid_client_id', 'client identifier invalid'],
  'bad-client-secret': ['invalid_client', 'invalid client credentials'],
  'bad-redirect-uri': ['redirect_uri_mismatch', 'redirect_uri must match configuration'],
  'bad-challenge-method': ['invalid_request', 'code_challenge_method must be S256'],
  'bad-code': ['invalid_grant', 'authentication failure'],
  'bad-code-verifier': ['invalid_grant', 'invalid code verifier'],
  'bad-refresh-token': ['invalid_grant', 'expired access/refresh token'],
  'refresh-token-reused': ['invalid_grant', 'expired access/refresh token'],
  'no-credentials': ['invalid_token', 'no token'],
  'invalid-token': ['invalid_token', 'invalid token'],
  'expired-token': ['invalid_token', 'expired token'],
  'unknown-token': ['invalid_token', 'invalid token'],
};

const bearerFailures: ReadonlySet<OAuthFailureKind> = new Set([
  'no-credentials',
  'invalid-token',
  'expired-token',
]);

/** An OAuth refusal as Salesforce answers it: the REST API's 401 for bearer tokens, else a token error. */
export function salesforceOAuthError(failure: OAuthFailure) {
  if (bearerFailures.has(failure.kind))
    return salesforceError('INVALID_SESSION_ID', 'Session expired or invalid');
  const [error, error_description] = tokenErrors[failure.kind];
  return { error, error_description };
}

export function oauthRoutes(server: AuthorizationServer, org: SalesforceOrg) {
  return new Hono()
    .post('/token', async (c) => {
      const form = await formFields(c);
      const issued =
        form.grant_type === 'authorization_code'
          ? server.exchangeCode(form)
          : form.grant_type === 'refresh_token'
            ? server.refresh(form)
            : undefined;
      if (!issued) {
        return c.json(
          { error: 'unsupported_grant_type', error_description: 'grant type not supported' },
          400,
        );
      }
      const origin = new URL(c.req.url).origin;
      const id = `${origin}/id/${org.orgId}/${org.userId}`;
      const issuedAt = String(issued.issuedAt);
      c.header('Cache-Control', 'no-store');
      return c.json({
        access_token: issued.accessToken,
        // Salesforce answers a refresh token to a code exchange, and to a refresh only when it rotates one.
        ...((form.grant_type === 'authorization_code' || issued.refreshToken !== form.refresh_token) && {
          refresh_token: issued.refreshToken,
        }),
        signature: createHmac('sha256', issued.grant.app.clientSecret)
          .update(id + issuedAt)
          .digest('base64'),
        scope: issued.grant.scopes.join(' '),
        instance_url: origin,
        id,
        token_type: 'Bearer',
        issued_at: issuedAt,
      });
    })
    .post('/revoke', async (c) => {
      const { token } = await formFields(c);
      if (!token || !server.revokeByToken(token)) {
        return c.json(
          { error: 'unsupported_token_type', error_description: 'this token type is not supported' },
          400,
        );
      }
      return c.body(null, 200);
    });
}
