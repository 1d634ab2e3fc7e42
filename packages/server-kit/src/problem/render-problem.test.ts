import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requestId } from '../request-id/index.js';
import type { ProblemError } from './problem-error.js';
import { problemError, validationError } from './problem-error.js';
import { renderProblem } from './render-problem.js';

async function answer(error: ProblemError, subsystem?: string) {
  const app = new Hono()
    .use(requestId())
    .get('/', (c) => renderProblem(c, error, subsystem === undefined ? {} : { subsystem }));
  const response = await app.request('/');
  return { response, body: (await response.json()) as Record<string, unknown> };
}

describe('renderProblem', () => {
  it('answers problem+json with the kind’s type and title, the request ID and retryable', async () => {
    const { response, body } = await answer(problemError(404, 'installationNotFound', 'Nothing here.'));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const id = response.headers.get('x-request-id');
    expect(body).toEqual({
      type: 'urn:problem-type:installation-not-found',
      title: 'Installation not found',
      status: 404,
      detail: 'Nothing here.',
      instance: `urn:uuid:${id}`,
      requestId: id,
      retryable: false,
    });
  });

  it('takes retryable from the kind unless the error says otherwise', async () => {
    expect((await answer(problemError(503, 'busy', 'Busy.'))).body.retryable).toBe(true);
    expect((await answer(problemError(502, 'upstreamMisconfigured', 'Fix it.'))).body.retryable).toBe(false);
    const told = problemError(500, 'internal', { detail: 'Odd.', retryable: true });
    expect((await answer(told)).body.retryable).toBe(true);
  });

  it('sends Retry-After and extra headers, leaves an empty issue list out, stamps the subsystem', async () => {
    const { response, body } = await answer(
      problemError(405, 'methodNotAllowed', {
        detail: 'Use GET.',
        issues: [],
        retryAfterSeconds: 2,
        headers: { Allow: 'GET' },
      }),
      'splice-service',
    );
    expect(response.headers.get('retry-after')).toBe('2');
    expect(response.headers.get('allow')).toBe('GET');
    expect(body).not.toHaveProperty('issues');
    expect(body.subsystem).toBe('splice-service');
    expect(typeof body.time).toBe('string');
    expect(typeof body.retryAfter).toBe('string');
  });

  it('names each offending value in a validation error', async () => {
    const issue = {
      type: 'urn:problem-type:invalid-property',
      detail: 'Bad.',
      in: 'body' as const,
      name: 'a',
    };
    const { body } = await answer(validationError([issue]));
    expect(body).toMatchObject({ type: 'urn:problem-type:validation', status: 400, issues: [issue] });
    expect(body.detail).toBe('The request has 1 invalid value: a.');
  });
});
