/**
 * HubSpot's OAuth 2 API under `/oauth/v1`: the form-encoded token endpoint, and access/refresh token
 * information and revocation. (The consent page is the shared `/oauth/authorize`, see app.ts.)
 */
import { Hono } from 'hono';
import type { AuthorizationServer } from '../oauth/authorization-server.js';
import { formFields } from '../oauth/authorize-routes.js';
import { HubSpotError } from './errors.js';

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
