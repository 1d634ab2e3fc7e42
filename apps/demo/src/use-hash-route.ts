import { useEffect, useState } from 'react';
import type { RoutePath } from './routes.js';
import { routeFromHash } from './routes.js';

/** The current page from `location.hash`, following back/forward and link clicks. */
export function useHashRoute(): RoutePath {
  const [route, setRoute] = useState(() => routeFromHash(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(routeFromHash(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

/**
 * Forgets the current page (on sign-out), so that whoever signs in next starts on the home page rather
 * than on the page the previous user had open. No history entry is added: Back does not return to it.
 */
export function clearHashRoute(): void {
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}
