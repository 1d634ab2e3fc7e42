/**
 * An OAuth refusal in HubSpot's shape: the token endpoint's `status` codes (`BAD_REFRESH_TOKEN`, ...) with
 * RFC 6749's `error` beside them for generic OAuth clients, and the CRM's 401s for bearer tokens.
 */
import type { OAuthFailure, OAuthFailureKind } from '../oauth/authorization-server.js';
import { type ErrorCategory, HubSpotError } from './errors.js';

const tokenErrors: Partial<Record<OAuthFailureKind, readonly [status: string, error: string]>> = {
  'bad-request': ['BAD_REQUEST', 'invalid_request'],
  'unknown-client': ['BAD_CLIENT_ID', 'invalid_client'],
  'bad-client-secret': ['BAD_CLIENT_SECRET', 'invalid_client'],
  'bad-redirect-uri': ['BAD_REDIRECT_URI', 'invalid_request'],
  'bad-challenge-method': ['BAD_REQUEST', 'invalid_request'],
  'bad-code': ['BAD_AUTH_CODE', 'invalid_grant'],
  'bad-code-verifier': ['BAD_CODE_VERIFIER', 'invalid_grant'],
  'bad-refresh-token': ['BAD_REFRESH_TOKEN', 'invalid_grant'],
  'refresh-token-reused': ['BAD_REFRESH_TOKEN', 'invalid_grant'],
};

const bearerErrors: Partial<Record<OAuthFailureKind, ErrorCategory>> = {
  'no-credentials': 'INVALID_AUTHENTICATION',
  'invalid-token': 'INVALID_AUTHENTICATION',
  'expired-token': 'EXPIRED_AUTHENTICATION',
  'unknown-token': 'OBJECT_NOT_FOUND',
};

export function hubSpotOAuthError(failure: OAuthFailure): HubSpotError {
  const token = tokenErrors[failure.kind];
  if (token) {
    const [status, error] = token;
    return new HubSpotError('VALIDATION_ERROR', failure.message, {
      extra: { status, error, error_description: failure.message },
    });
  }
  const category = bearerErrors[failure.kind] ?? 'INVALID_AUTHENTICATION';
  const message =
    failure.kind === 'no-credentials'
      ? 'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview'
      : failure.message;
  return new HubSpotError(category, message);
}
