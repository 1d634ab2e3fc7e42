/**
 * HubSpot's OAuth 2 endpoints: the consent page (`/oauth/authorize`, which HubSpot serves on
 * app.hubspot.com), the form-encoded token endpoint, and access/refresh token information and revocation.
 */
import { type Context, Hono } from 'hono';
import { authorizePage } from './authorize-page.js';
import { HubSpotError } from './errors.js';
import type { OAuthGrants } from './oauth-grants.js';

/** The authorization request's own parameters, the only ones the consent form carries back. */
const requestParams = [
  'client_id',
  'redirect_uri',
  'scope',
  'optional_scope',
  'state',
  'code_challenge',
  'code_challenge_method',
];

/** Only text fields: a token request carries no files. */
async function formFields(c: Context): Promise<Record<string, string | undefined>> {
  if (!(c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded')) {
    throw new HubSpotError('VALIDATION_ERROR', 'The body must be application/x-www-form-urlencoded.', {
      extra: { status: 'BAD_REQUEST', error: 'invalid_request' },
    });
  }
  const body = await c.req.parseBody();
  return Object.fromEntries(
    Object.entries(body).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
  );
}

const scopesOf = (params: Record<string, string | undefined>) =>
  `${params.scope ?? ''} ${params.optional_scope ?? ''}`.split(/[\s+]+/).filter(Boolean);

export function oauthRoutes(grants: OAuthGrants) {
  const { hubId, hubDomain } = grants.options;
  return new Hono()
    .get('/authorize', (c) => {
      const params = c.req.query();
      const app = grants.app(params.client_id);
      grants.checkAuthorizeRequest(app, params.redirect_uri, params.code_challenge_method);
      const request = Object.fromEntries(
        requestParams.flatMap((name) => (params[name] === undefined ? [] : [[name, params[name]]])),
      );
      c.header('Cache-Control', 'no-store');
      c.header('X-Frame-Options', 'DENY');
      return c.html(
        authorizePage({ appName: app.name, hubDomain, hubId, scopes: scopesOf(params), request }),
      );
    })
    .post('/authorize', async (c) => {
      const params = await formFields(c);
      const app = grants.app(params.client_id);
      const redirectUri = grants.checkAuthorizeRequest(
        app,
        params.redirect_uri,
        params.code_challenge_method,
      );
      const target = new URL(redirectUri);
      if (params.decision === 'allow') {
        target.searchParams.set(
          'code',
          grants.issueCode(app, redirectUri, scopesOf(params), params.code_challenge),
        );
      } else {
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set('error_description', 'The user denied access to the app.');
      }
      if (params.state !== undefined) target.searchParams.set('state', params.state);
      return c.redirect(target.href, 302);
    })
    .post('/v1/token', async (c) => {
      const form = await formFields(c);
      c.header('Cache-Control', 'no-store');
      switch (form.grant_type) {
        case 'authorization_code':
          return c.json(grants.exchangeCode(form));
        case 'refresh_token':
          return c.json(grants.refresh(form));
        default:
          throw new HubSpotError(
            'VALIDATION_ERROR',
            `Unsupported grant_type: ${form.grant_type ?? '(none)'}`,
            {
              extra: { status: 'BAD_GRANT_TYPE', error: 'unsupported_grant_type' },
            },
          );
      }
    })
    .get('/v1/access-tokens/:token', (c) => c.json(grants.accessTokenInfo(c.req.param('token'))))
    .get('/v1/refresh-tokens/:token', (c) => c.json(grants.refreshTokenInfo(c.req.param('token'))))
    .delete('/v1/refresh-tokens/:token', (c) => {
      grants.revokeRefreshToken(c.req.param('token'));
      return c.body(null, 204);
    });
}
