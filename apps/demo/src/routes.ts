/** The app's pages, in navigation order. Hash routes: one static page, no router dependency. */
export const routes = [
  { path: '/install', label: 'Connect CRM', title: 'Connect your CRM' },
  { path: '/installation', label: 'Sync settings', title: 'CRM sync settings' },
  { path: '/records', label: 'Imported records', title: 'Imported records' },
  { path: '/search', label: 'Find records', title: 'Find CRM records' },
  { path: '/team', label: 'Team', title: 'Invite a teammate' },
] as const;

export type RoutePath = (typeof routes)[number]['path'];

export const defaultRoute: RoutePath = '/installation';

export function routeFromHash(hash: string): RoutePath {
  const path = hash.replace(/^#/, '');
  return routes.find((route) => route.path === path)?.path ?? defaultRoute;
}

export function hrefOf(path: RoutePath): string {
  return `#${path}`;
}
