/**
 * Where a proxied request goes: the provider path a caller gave, put under the connection's API base URL,
 * and nowhere else. The path is only ever appended to the base URL's own path; the result must keep the
 * base's origin and stay under its path, whatever the caller wrote (`//host`, `@`, a full URL, `..` or `.`
 * segments plain or percent-encoded, backslashes, control characters).
 */

/** A path segment that a URL parser or a server would take as "here" or "up": `.`, `..` in any encoding. */
const dotSegment = /(^|\/)(\.|%2e){1,2}(\/|$)/i;
/** Backslashes (some parsers read them as slashes) and control characters, raw or percent-encoded. */
const encodedUnsafe = /%5c|%[01][0-9a-f]|%7f/i;

function unsafe(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return encodedUnsafe.test(text);
}

export class ProxyPathError extends Error {}

/**
 * The provider URL for `pathAndQuery` (`/crm/v3/objects/contacts?limit=5`) under `baseUrl`. Throws
 * `ProxyPathError` for a path that could leave the base URL.
 */
export function proxyTarget(baseUrl: string, pathAndQuery: string): URL {
  const base = new URL(baseUrl);
  const queryAt = pathAndQuery.indexOf('?');
  const path = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  if (!path.startsWith('/')) throw new ProxyPathError('The provider path must start with "/".');
  if (dotSegment.test(path)) throw new ProxyPathError('The provider path may not hold "." or ".." segments.');
  if (unsafe(pathAndQuery)) {
    throw new ProxyPathError('The provider path may not hold backslashes or control characters.');
  }
  const basePath = base.pathname.replace(/\/+$/, '');
  // Built by concatenation, then parsed: the parser never sees the caller's text as a URL of its own.
  const target = new URL(`${base.origin}${basePath}${pathAndQuery}`);
  if (target.origin !== base.origin || !target.pathname.startsWith(`${basePath}/`)) {
    throw new ProxyPathError('The provider path leaves the provider API.');
  }
  return target;
}

/**
 * A provider's redirect target as a path under its base URL, or undefined when it points anywhere else
 * (another host, scheme or port, or outside the API's base path).
 */
export function redirectWithinProvider(baseUrl: string, location: string, from: URL): string | undefined {
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    return undefined;
  }
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  if (target.origin !== base.origin || !target.pathname.startsWith(`${basePath}/`)) return undefined;
  return `${target.pathname.slice(basePath.length)}${target.search}`;
}
