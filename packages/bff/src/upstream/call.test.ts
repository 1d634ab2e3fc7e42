import { describe, expect, it } from 'vitest';
import type { CallSpec } from './call.js';
import { interpret } from './call.js';
import { UpstreamFault } from './upstream-fault.js';
import { UpstreamProblem } from './upstream-problem.js';

const spec: CallSpec = {
  operation: 'search',
  method: 'POST',
  url: new URL('http://127.0.0.1/search/v1/x'),
  credential: 'api-key',
  kind: 'read',
  expectStatus: 200,
};

const answer = (status: number, text: string, retryAfter?: string) => ({
  status,
  text,
  contentType: 'application/json',
  retryAfter,
});

function faultOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('interpret', () => {
  it('returns the parsed JSON of the expected status', () => {
    expect(interpret(spec, answer(200, '{"results":[]}'))).toEqual({ results: [] });
  });

  it('tells a decided 4xx problem from a fault', () => {
    const problem = faultOf(() => interpret(spec, answer(422, '{"type":"t","title":"T","status":422}')));
    expect(problem).toBeInstanceOf(UpstreamProblem);
    const html = faultOf(() => interpret(spec, answer(404, '<html>gateway</html>')));
    expect(html).toMatchObject({ kind: 'unexpected-status' });
  });

  it('sorts the other answers into fault kinds', () => {
    expect(faultOf(() => interpret(spec, answer(200, '{"results": [')))).toMatchObject({ kind: 'malformed' });
    expect(faultOf(() => interpret(spec, answer(401, '')))).toMatchObject({ kind: 'credentials-refused' });
    expect(faultOf(() => interpret(spec, answer(503, 'down')))).toMatchObject({ kind: 'server-error' });
    expect(faultOf(() => interpret(spec, answer(204, '')))).toMatchObject({ kind: 'unexpected-status' });
    const busy = faultOf(() => interpret(spec, answer(429, '', '120')));
    expect(busy).toBeInstanceOf(UpstreamFault);
    // A service asking for minutes is capped: the browser retries sooner and gets 503 again if need be.
    expect(busy).toMatchObject({ kind: 'upstream-busy', retryAfterSeconds: 60 });
  });
});
