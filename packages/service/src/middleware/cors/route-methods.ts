/**
 * Which methods the app serves at a path, from its own route table: a preflight is answered with exactly
 * those, never a fixed list, so a browser may send nothing the operations do not take.
 */
export interface RouteEntry {
  method: string;
  path: string;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A path's segments; a `/` inside a parameter's `{pattern}` does not end one. */
function segments(path: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  for (const char of path) {
    if (char === '{') depth += 1;
    if (char === '}') depth -= 1;
    if (char === '/' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

/**
 * A Hono path (`/v1/projects/:p/connections/:id{[^/:]+}`) as a regular expression over whole paths. A
 * parameter starts its segment; a colon later in one (`connections:generate`) is literal.
 */
export function pathPattern(path: string): RegExp {
  const source = segments(path)
    .map((segment) => {
      const param = /^:[A-Za-z0-9_]+(?:\{(.+)\})?$/.exec(segment);
      if (!param) return literal(segment);
      return param[1] ? `(?:${param[1]})` : '[^/]+';
    })
    .join('/');
  return new RegExp(`^${source.replace(/\/$/, '')}/?$`);
}

/** A lookup of the methods served at a path; `HEAD` goes with `GET`, as Hono serves it. */
export function routeMethods(routes: readonly RouteEntry[]): (path: string) => string[] {
  const table = routes
    .filter((route) => route.method !== 'ALL' && route.path !== '/*' && !route.path.endsWith('*'))
    .map((route) => ({ method: route.method, pattern: pathPattern(route.path) }));
  return (path) => {
    const methods = new Set<string>();
    for (const route of table) if (route.pattern.test(path)) methods.add(route.method);
    return [...methods].sort();
  };
}
