/** The app's pages, in navigation order. Hash routes: one static page, no router dependency. */
export const routes = [
  { path: '/integrations', label: 'Integrations', title: 'Integrations' },
  { path: '/install', label: 'Connect CRM', title: 'Connect your CRM' },
  { path: '/installation', label: 'Sync settings', title: 'CRM sync settings' },
  { path: '/records', label: 'Imported records', title: 'Imported records' },
  { path: '/search', label: 'Find records', title: 'Find CRM records' },
  { path: '/team', label: 'Team', title: 'Invite a teammate' },
] as const;

export type RoutePath = (typeof routes)[number]['path'];

export const defaultRoute: RoutePath = '/installation';

/**
 * A page's hash is its path, optionally with `?step=<wizard step id>` (the wizard's step, for Back/Forward)
 * and `integration=<id>`: the integration the page serves (without it, the signed-in company's own).
 */
export function routeFromHash(hash: string): RoutePath {
  const path = hash.replace(/^#/, '').split('?')[0];
  return routes.find((route) => route.path === path)?.path ?? defaultRoute;
}

function queryOf(hash: string): URLSearchParams {
  return new URLSearchParams(hash.split('?')[1] ?? '');
}

/** The wizard step the hash names, if any. */
export function stepFromHash(hash: string): string | undefined {
  return queryOf(hash).get('step') ?? undefined;
}

/** The integration the hash names, if any (none: the signed-in company's own). */
export function integrationFromHash(hash: string): string | undefined {
  return queryOf(hash).get('integration') || undefined;
}

export function hrefOfStep(path: RoutePath, step: string, integration?: string): string {
  return `#${path}?${new URLSearchParams({ ...(integration ? { integration } : {}), step })}`;
}

export function hrefOf(path: RoutePath, integration?: string): string {
  return integration ? `#${path}?${new URLSearchParams({ integration })}` : `#${path}`;
}
