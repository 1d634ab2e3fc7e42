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

describe('refresh-token reuse and grace', () => {
  const refreshWith = (oauth: AuthorizationServer, refreshToken: string) =>
    oauth.refresh({ ...credentials(splice), grant_type: 'refresh_token', refresh_token: refreshToken });

  it('counts a retired refresh token presented again as a reuse and revokes its grant', () => {
    const oauth = server(true);
    const first = oauth.issue(oauth.createGrant(splice));
    refreshWith(oauth, first.refreshToken);
    expect(oauth.refreshTokenReuses).toBe(0);
    expect(() => refreshWith(oauth, first.refreshToken)).toThrow(
      expect.objectContaining({ kind: 'refresh-token-reused' }),
    );
    expect(oauth.refreshTokenReuses).toBe(1);
  });

  it('accepts the immediately previous refresh token within its grace, answering the unused successor', () => {
    let clock = 1_000_000;
    const oauth = new AuthorizationServer({
      apps: [splice],
      accessTokenTtlSeconds: 60,
      rotateRefreshTokens: true,
      refreshGraceMs: 30_000,
      now: () => clock,
    });
    const first = oauth.issue(oauth.createGrant(splice));
    // The answer of this refresh is lost (the client crashed before storing it).
    const lost = refreshWith(oauth, first.refreshToken);
    clock += 20_000;
    const recovered = refreshWith(oauth, first.refreshToken);
    expect(recovered.refreshToken).toBe(lost.refreshToken);
    expect(oauth.graceRefreshes).toBe(1);
    expect(oauth.refreshTokenReuses).toBe(0);
    // Once the successor is presented, the old token is a reuse again.
    const next = refreshWith(oauth, recovered.refreshToken);
    expect(() => refreshWith(oauth, first.refreshToken)).toThrow();
    expect(oauth.refreshTokenReuses).toBe(1);
    expect(() => oauth.authenticate(`Bearer ${next.accessToken}`)).toThrow(/revoked/);
  });

  it('refuses the previous refresh token after its grace as a reuse', () => {
    let clock = 1_000_000;
    const oauth = new AuthorizationServer({
      apps: [splice],
      accessTokenTtlSeconds: 60,
      rotateRefreshTokens: true,
      refreshGraceMs: 30_000,
      now: () => clock,
    });
    const first = oauth.issue(oauth.createGrant(splice));
    refreshWith(oauth, first.refreshToken);
    clock += 30_001;
    expect(() => refreshWith(oauth, first.refreshToken)).toThrow(
      expect.objectContaining({ kind: 'refresh-token-reused' }),
    );
    expect(oauth.refreshTokenReuses).toBe(1);
  });
});
