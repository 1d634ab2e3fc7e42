/**
 * The authorization endpoint every emulator serves at its provider's path: GET shows the consent page for
 * a checked request, POST takes the user's decision and redirects back with a code (Allow) or
 * `error=access_denied` (Deny), the `state` echoed either way.
 */
import { type Context, Hono } from 'hono';
import { type AuthorizationServer, OAuthFailure } from './authorization-server.js';
import { consentPage } from './consent-page.js';

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

/** A form-encoded body's text fields; OAuth requests carry no files. */
export async function formFields(c: Context): Promise<Record<string, string | undefined>> {
  if (!(c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded')) {
    throw new OAuthFailure('bad-request', 'The body must be application/x-www-form-urlencoded.');
  }
  const body = await c.req.parseBody();
  return Object.fromEntries(
    Object.entries(body).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
  );
}

const scopesOf = (params: Record<string, string | undefined>) =>
  `${params.scope ?? ''} ${params.optional_scope ?? ''}`.split(/[\s+]+/).filter(Boolean);

export interface AuthorizeRoutesOptions {
  /** The provider's name on the consent page. */
  provider: string;
  /** The signed-in account the page names. */
  account: string;
  /** The endpoint's path, which the consent form posts back to. */
  path: string;
}

export function authorizeRoutes(server: AuthorizationServer, options: AuthorizeRoutesOptions) {
  return new Hono()
    .get(options.path, (c) => {
      const params = c.req.query();
      const app = server.app(params.client_id);
      server.checkAuthorizeRequest(app, params.redirect_uri, params.code_challenge_method);
      const request = Object.fromEntries(
        requestParams.flatMap((name) => (params[name] === undefined ? [] : [[name, params[name]]])),
      );
      c.header('Cache-Control', 'no-store');
      // A framed consent button is the clickjacking attack.
      c.header('X-Frame-Options', 'DENY');
      return c.html(
        consentPage({
          provider: options.provider,
          appName: app.name,
          account: options.account,
          scopes: scopesOf(params),
          action: options.path,
          request,
        }),
      );
    })
    .post(options.path, async (c) => {
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
    });
}
