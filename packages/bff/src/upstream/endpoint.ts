import { UpstreamFault } from './upstream-fault.js';

/**
 * One path segment, percent-encoded. A segment of dots only is refused outright: URL parsing treats `.`,
 * `..` and even `%2e%2e` as dot-segments and would climb out of the base path.
 */
function pathSegment(segment: string): string {
  if (segment === '' || /^\.+$/.test(segment)) {
    throw new UpstreamFault('malformed', 'endpoint', `refused path segment "${segment}"`);
  }
  return encodeURIComponent(segment);
}

/**
 * The URL of an operation: a configured base plus path segments, each percent-encoded, so that nothing a
 * browser (or an upstream manifest) supplies can change the origin or climb out of the base path.
 */
export function endpoint(base: URL, segments: readonly string[], query: Record<string, string> = {}): URL {
  const path = `${base.pathname.replace(/\/+$/, '')}/${segments.map(pathSegment).join('/')}`;
  const search = new URLSearchParams(query).toString();
  // One parse of the finished string (a copy of the base and three setters cost three times as much on
  // every call). A base carries no credentials, query or fragment (options.ts refuses them), so its
  // origin and path are all of it.
  return new URL(`${base.origin}${path}${search ? `?${search}` : ''}`);
}
