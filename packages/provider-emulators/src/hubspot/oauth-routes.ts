/**
 * HubSpot's OAuth 2 endpoints: the consent page (`/oauth/authorize`, which HubSpot serves on
 * app.hubspot.com), the form-encoded token endpoint, and access/refresh token information and revocation.
 */
import { type Context, Hono } from 'hono';
import type { AuthorizationServer } from '../oauth/authorization-server.js';
import { authorizePage } from './authorize-page.js';
import { HubSpotError } from './errors.js';

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

/** The HubSpot account the emulator serves, as token information describes it. */
export interface HubSpotAccount {
  hubId: number;
  hubDomain: string;
  user: string;
  userId: number;
}

export function oauthRoutes(server: AuthorizationServer, account: HubSpotAccount) {
  const { hubId, hubDomain, user, userId } = account;
  return new Hono()
    .get('/authorize', (c) => {
      const params = c.req.query();
      const app = server.app(params.client_id);
      server.checkAuthorizeRequest(app, params.redirect_uri, params.code_challenge_method);
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
      const app = server.app(params.client_id);
      const redirectUri = server.checkAuthorizeRequest(
        app,
        params.redirect_uri,
        params.code_challenge_method,
      );
      const target = new URL(redirectUri);
      if (params.decision === 'allow') {
        target.searchParams.set(
          'code',
          server.issueCode(app, redirectUri, scopesOf(params), params.code_challenge),
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
      const issued =
        form.grant_type === 'authorization_code'
          ? server.exchangeCode(form)
          : form.grant_type === 'refresh_token'
            ? server.refresh(form)
            : undefined;
      if (!issued) {
        throw new HubSpotError('VALIDATION_ERROR', `Unsupported grant_type: ${form.grant_type ?? '(none)'}`, {
          extra: { status: 'BAD_GRANT_TYPE', error: 'unsupported_grant_type' },
        });
      }
      return c.json({
        access_token: issued.accessToken,
        refresh_token: issued.refreshToken,
        expires_in: issued.expiresIn,
        token_type: 'bearer',
        token_use: 'access_token',
        hub_id: hubId,
        user_id: userId,
        scopes: issued.grant.scopes,
      });
    })
    .get('/v1/access-tokens/:token', (c) => {
      const token = c.req.param('token');
      const entry = server.accessToken(token);
      return c.json({
        token,
        user,
        hub_domain: hubDomain,
        scopes: entry.grant.scopes,
        hub_id: hubId,
        app_id: entry.grant.app.appId,
        expires_in: Math.floor((entry.expiresAt - server.now) / 1000),
        user_id: userId,
        token_type: 'access',
      });
    })
    .get('/v1/refresh-tokens/:token', (c) => {
      const token = c.req.param('token');
      const grant = server.refreshGrant(token);
      return c.json({
        token,
        user,
        hub_domain: hubDomain,
        scopes: grant.scopes,
        hub_id: hubId,
        client_id: grant.app.clientId,
        user_id: userId,
        token_type: 'refresh',
      });
    })
    .delete('/v1/refresh-tokens/:token', (c) => {
      // The grant ends, its access tokens with it.
      server.revokeByToken(server.refreshGrant(c.req.param('token')).refreshToken);
      return c.body(null, 204);
    });
}
