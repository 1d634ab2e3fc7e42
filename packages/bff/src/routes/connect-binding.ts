import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { BffEnv } from '../env.js';

/**
 * Binds a connect flow to the browser that started it. When the flow starts, the BFF keeps a random
 * secret in that browser (a cookie only `{mount}/connect/done` receives) and gives the service only its
 * hash; the service holds the flow's result until the page that ends the flow presents the secret. A
 * provider URL handed to anyone else ends in a browser without the cookie, and nothing is saved.
 */

/** As long as the flow's `state` lives (10 minutes): a binding cannot outlive its flow. */
const bindingLifetimeSeconds = 10 * 60;

/** One cookie per click (the attempt id), so two flows in two tabs do not overwrite each other's secret. */
const cookieName = (attempt: string) => `splice_connect_${attempt}`;

export interface BindingPlace {
  /** The result page's path under the BFF's mount: the only path the cookie is sent to. */
  donePath: string;
  /** Whether the page's origin is https: the cookie is then `Secure`. */
  secure: boolean;
}

/** Sets the secret on the answer to the browser's start call; answers the hash the service keeps. */
export function bindFlowToBrowser(c: Context<BffEnv>, attempt: string, place: BindingPlace): string {
  const secret = randomBytes(32).toString('base64url');
  setCookie(c, cookieName(attempt), secret, {
    path: place.donePath,
    httpOnly: true,
    // Lax: sent on the top-level navigation from the provider back to the result page, never on a
    // request another site's page makes.
    sameSite: 'Lax',
    secure: place.secure,
    maxAge: bindingLifetimeSeconds,
  });
  return createHash('sha256').update(secret).digest('base64url');
}

/** The secret this browser holds for the attempt (undefined without one); the cookie is cleared, as it is spent. */
export function takeBrowserSecret(
  c: Context<BffEnv>,
  attempt: string,
  place: BindingPlace,
): string | undefined {
  const name = cookieName(attempt);
  const secret = getCookie(c, name);
  if (secret !== undefined) deleteCookie(c, name, { path: place.donePath, secure: place.secure });
  return secret;
}
