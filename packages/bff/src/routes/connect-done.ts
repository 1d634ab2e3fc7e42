import { randomBytes } from 'node:crypto';
import type { ConnectOutcome, ConnectResult } from '@splice/schema';
import {
  connectAttemptSchema,
  connectChannelName,
  connectOutcomeSchema,
  connectResultType,
  connectStartSchema,
} from '@splice/schema';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { BffEnv } from '../env.js';
import { Abort } from '../upstream/abort.js';
import { UpstreamProblem } from '../upstream/upstream-problem.js';
import { takeBrowserSecret } from './connect-binding.js';
import type { RouteDeps } from './deps.js';

/** Where the flow ends, under the BFF's mount: `GET {mount}/connect/done`. */
export const connectDonePath = '/connect/done';

const titles: Record<ConnectOutcome, string> = {
  connected: 'Account connected',
  access_denied: 'Access was denied',
  expired: 'The sign-in link expired',
  provider_error: 'The sign-in did not complete',
};

const details: Record<ConnectOutcome, string> = {
  connected: 'You can close this window and go back to the app.',
  access_denied: 'Nothing was connected. You can close this window and try again from the app.',
  expired: 'Nothing was connected. Close this window and start again from the app.',
  provider_error: 'Nothing was connected. Close this window and try again from the app.',
};

/** JSON inside a script element: `<` escaped so that no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** What the service adds to `redirectUrl` when it holds a bound flow's result (43 base64url characters). */
const completionPattern = /^[A-Za-z0-9_-]{43,128}$/;

/**
 * How the flow ended, as this page may tell it. A result the service holds (`completion`) is saved only
 * for the browser holding the flow's secret: this page presents the secret the cookie of this attempt
 * carries, and says `connected` only when the service saved the connection. Without the cookie (the
 * flow was started in another browser) nothing is saved and the page says `expired`. A bare
 * `outcome=connected` is not believed either: the service never sends it for a flow this BFF started.
 */
async function settledOutcome(
  c: Context<BffEnv>,
  deps: RouteDeps,
  query: Record<string, string>,
  attempt: string | undefined,
  secure: boolean,
): Promise<ConnectOutcome> {
  const { completion } = query;
  if (completion === undefined) {
    const told = connectOutcomeSchema.safeParse(query.outcome);
    if (!told.success) return 'provider_error';
    return told.data === 'connected' ? 'expired' : told.data;
  }
  if (!completionPattern.test(completion)) return 'expired';
  const secret =
    attempt === undefined
      ? undefined
      : takeBrowserSecret(c, attempt, { donePath: new URL(c.req.url).pathname, secure });
  // Called without a secret too: the service then drops the held tokens at once.
  const abort = new Abort({ timeoutMs: deps.config.timeouts.requestMs });
  try {
    await deps.service.oauthComplete({ abort, requestId: c.get('requestId') }, completion, secret);
    return secret === undefined ? 'expired' : 'connected';
  } catch (error) {
    if (error instanceof UpstreamProblem && error.status === 404) return 'expired';
    return 'provider_error';
  } finally {
    abort.dispose();
  }
}

/**
 * The page the service redirects to when the flow ends. It lives in the BFF because the BFF knows the
 * allowed origins: it posts `{ type, attempt, outcome }` to its opener with the exact origin of the
 * builder's page as target (never `*`; an origin not in the allowlist gets nothing), and on a
 * BroadcastChannel of the same origin as a fallback for when a provider page's
 * Cross-Origin-Opener-Policy cut the popup from its opener. In `redirect` mode (the popup was blocked and
 * the whole tab went) it leaves the result in sessionStorage and returns to the path the user was on.
 * It is public (reached by a navigation from the provider, so no session, no CSRF header); the one thing
 * it does upstream is completing a held flow with this browser's secret (see `settledOutcome`). A forged
 * call can at most tell a page of an allowed origin to re-check its status.
 */
export const connectDoneRoutes = (deps: RouteDeps) =>
  new Hono<BffEnv>().get(connectDonePath, async (c) => {
    const { allowedOrigins } = deps.config;
    const q = c.req.query();
    const attempt = connectAttemptSchema.safeParse(q.attempt);
    const target = q.origin && allowedOrigins.includes(q.origin) ? q.origin : null;
    const start = connectStartSchema.safeParse({
      attempt: q.attempt,
      mode: q.mode,
      ...(q.returnTo ? { returnTo: q.returnTo } : {}),
    });
    const secure = (target ?? new URL(c.req.url).origin).startsWith('https:');
    const shown = await settledOutcome(c, deps, q, attempt.success ? attempt.data : undefined, secure);
    const result: ConnectResult | null =
      attempt.success && target ? { type: connectResultType, attempt: attempt.data, outcome: shown } : null;
    const redirectTo =
      result && start.success && start.data.mode === 'redirect'
        ? `${target}${start.data.returnTo ?? '/'}`
        : null;
    const nonce = randomBytes(16).toString('base64');
    const script = `(function () {
  var result = ${scriptJson(result)};
  var target = ${scriptJson(target)};
  var redirectTo = ${scriptJson(redirectTo)};
  if (!result) return;
  if (redirectTo) {
    try { sessionStorage.setItem('splice-connect:' + result.attempt, JSON.stringify(result)); } catch (e) {}
    location.replace(redirectTo);
    return;
  }
  try { if (window.opener) window.opener.postMessage(result, target); } catch (e) {}
  try { var channel = new BroadcastChannel(${scriptJson(connectChannelName)}); channel.postMessage(result); channel.close(); } catch (e) {}
  setTimeout(function () { window.close(); }, 100);
})();`;
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${titles[shown]}</title>
<style nonce="${nonce}">
body { font-family: system-ui, sans-serif; margin: 3rem auto; max-width: 30rem; padding: 0 1rem; color: #1b2430; }
h1 { font-size: 1.3rem; }
</style>
</head>
<body>
<main>
<h1>${titles[shown]}</h1>
<p>${details[shown]}</p>
${redirectTo ? `<p><a href="${escapeHtml(redirectTo)}">Return to the app</a></p>` : ''}
</main>
<script nonce="${nonce}">${script}</script>
</body>
</html>`;
    return c.body(html, 200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      // The page must keep its opener to post to it; `unsafe-none` says so even under a host-wide policy.
      'Cross-Origin-Opener-Policy': 'unsafe-none',
    });
  });
