import { describe, expect, it } from 'vitest';
import { endpoint } from './endpoint.js';

describe('endpoint', () => {
  const base = new URL('https://api.example.com/v1/');

  it('appends each segment percent-encoded under the base path', () => {
    const url = endpoint(base, ['projects', 'demo', 'integrations', 'a/b?c#d', 'x..y']);
    expect(url.href).toBe('https://api.example.com/v1/projects/demo/integrations/a%2Fb%3Fc%23d/x..y');
    expect(url.origin).toBe(base.origin);
  });

  it('refuses a segment that URL parsing would treat as a dot-segment, or an empty one', () => {
    for (const segment of ['..', '.', '...', '']) {
      expect(() => endpoint(base, ['projects', segment, 'integrations'])).toThrow(/refused path segment/);
    }
  });

  it('sets only the query it is given', () => {
    expect(endpoint(base, ['x'], { groupRef: 'a&b=c' }).search).toBe('?groupRef=a%26b%3Dc');
    expect(endpoint(base, ['x']).search).toBe('');
  });
});
