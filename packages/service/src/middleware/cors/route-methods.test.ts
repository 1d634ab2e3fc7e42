import { describe, expect, it } from 'vitest';
import { pathPattern, routeMethods } from './route-methods.js';

describe('the methods a path serves', () => {
  const methodsAt = routeMethods([
    { method: 'ALL', path: '/*' },
    { method: 'GET', path: '/v1/projects/:projectIdOrName/connections' },
    { method: 'POST', path: '/v1/projects/:projectIdOrName/connections:generate' },
    { method: 'GET', path: '/v1/projects/:projectIdOrName/connections/:connectionId{[^/:]+}' },
    { method: 'DELETE', path: '/v1/projects/:projectIdOrName/connections/:connectionId{[^/:]+}' },
    { method: 'PATCH', path: '/v1/projects/:projectIdOrName/connections/:target{[^/]+:[a-z-]+}' },
  ]);

  it('lists each method a route serves at the path, and nothing else', () => {
    expect(methodsAt('/v1/projects/demo/connections')).toEqual(['GET']);
    expect(methodsAt('/v1/projects/demo/connections/c-1')).toEqual(['DELETE', 'GET']);
    expect(methodsAt('/v1/projects/demo/connections/c-1:oauth-update')).toEqual(['PATCH']);
  });

  it('reads a colon inside a segment as literal text', () => {
    expect(methodsAt('/v1/projects/demo/connections:generate')).toEqual(['POST']);
    expect(methodsAt('/v1/projects/demo/connectionsXgenerate')).toEqual([]);
  });

  it('keeps a slash inside a parameter pattern within its segment', () => {
    const pattern = pathPattern('/v1/p/:target{[^/]+:hydrate}');
    expect(pattern.test('/v1/p/rev-1:hydrate')).toBe(true);
    expect(pattern.test('/v1/p/a/b:hydrate')).toBe(false);
  });
});
