/** Ending every grant of the account at once, as a user uninstalling an app (or every app) does. */
import { describe, expect, it } from 'vitest';
import { AuthorizationServer, type OAuthApp } from './authorization-server.js';

const splice: OAuthApp = { clientId: 'splice', clientSecret: 's1', appId: 1, name: 'Splice' };
const other: OAuthApp = { clientId: 'other', clientSecret: 's2', appId: 2, name: 'Other' };
const credentials = (app: OAuthApp) => ({ client_id: app.clientId, client_secret: app.clientSecret });

function server(rotateRefreshTokens: boolean) {
  return new AuthorizationServer({
    apps: [splice, other],
    accessTokenTtlSeconds: 60,
    rotateRefreshTokens,
    now: Date.now,
  });
}

describe('revokeAll', () => {
  it("ends every live grant of one app, leaving the other app's grants working, and counts each grant once", () => {
    const oauth = server(true);
    const first = oauth.issue(oauth.createGrant(splice));
    // A rotated grant holds two refresh tokens (the retired and the current one): still one grant.
    const rotated = oauth.refresh({
      ...credentials(splice),
      grant_type: 'refresh_token',
      refresh_token: first.refreshToken,
    });
    const second = oauth.issue(oauth.createGrant(splice));
    const others = oauth.issue(oauth.createGrant(other));

    expect(oauth.revokeAll(splice)).toBe(2);

    for (const tokens of [rotated, second]) {
      expect(() => oauth.authenticate(`Bearer ${tokens.accessToken}`)).toThrow(/unknown or was revoked/);
      expect(() =>
        oauth.refresh({
          ...credentials(splice),
          grant_type: 'refresh_token',
          refresh_token: tokens.refreshToken,
        }),
      ).toThrow(expect.objectContaining({ kind: 'bad-refresh-token' }));
    }
    expect(oauth.authenticate(`Bearer ${others.accessToken}`).app).toBe(other);
    // Grants already ended are not counted again.
    expect(oauth.revokeAll(splice)).toBe(0);
  });

  it('ends the grants of every app when no app is named', () => {
    const oauth = server(false);
    const tokens = [oauth.issue(oauth.createGrant(splice)), oauth.issue(oauth.createGrant(other))];
    expect(oauth.revokeAll()).toBe(2);
    for (const { accessToken } of tokens) expect(() => oauth.authenticate(`Bearer ${accessToken}`)).toThrow();
  });
});
