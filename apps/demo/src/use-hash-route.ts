import { useEffect, useState } from 'react';
import type { RoutePath } from './routes.js';
import { hrefOf, hrefOfStep, integrationFromHash, routeFromHash, stepFromHash } from './routes.js';

/**
 * The hash as the app reads it, following link clicks and Back/Forward (`popstate` too: entries added
 * with `history.pushState` come back through it).
 */
function useHash(): string {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const onChange = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onChange);
    window.addEventListener('popstate', onChange);
    return () => {
      window.removeEventListener('hashchange', onChange);
      window.removeEventListener('popstate', onChange);
    };
  }, []);
  return hash;
}

/** The current page from `location.hash`, following back/forward and link clicks. */
export function useHashRoute(): RoutePath {
  return routeFromHash(useHash());
}

/** The wizard step in the hash (`#/install?step=read:contacts`), following Back/Forward. */
export function useHashStep(): string | undefined {
  return stepFromHash(useHash());
}

/** The integration in the hash (`#/install?integration=hubspot-sync`), if any. */
export function useHashIntegration(): string | undefined {
  return integrationFromHash(useHash());
}

/**
 * Puts a wizard step in the URL (keeping the integration the hash names): a new history entry per step, so Back and Forward move between steps.
 * The first step named on a page replaces its entry instead (opening a page is one entry, not two).
 */
export function setHashStep(
  path: RoutePath,
  step: string | undefined,
  options: { push?: boolean; replace?: boolean } = {},
): void {
  const integration = integrationFromHash(window.location.hash);
  const href = step ? hrefOfStep(path, step, integration) : hrefOf(path, integration);
  if (href === window.location.hash) return;
  const replace =
    options.replace ||
    (!options.push && step !== undefined && stepFromHash(window.location.hash) === undefined);
  const url = window.location.pathname + window.location.search + href;
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

/**
 * Forgets the current page (on sign-out), so that whoever signs in next starts on the home page rather
 * than on the page the previous user had open. No history entry is added: Back does not return to it.
 */
export function clearHashRoute(): void {
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}
