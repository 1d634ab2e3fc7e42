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
