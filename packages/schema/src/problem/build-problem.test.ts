import { describe, expect, it } from 'vitest';
import type { Issue } from '../resources/problem.js';
import { problemSchema } from '../resources/problem.js';
import { buildProblem, validationDetail } from './build-problem.js';

const issue = (name: string): Issue => ({
  type: 'urn:problem-type:invalid',
  detail: 'Wrong.',
  in: 'body',
  name,
});

describe('buildProblem', () => {
  it('given only the required fields, it answers exactly those', () => {
    const problem = buildProblem({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Nothing here.',
    });
    expect(problem).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Nothing here.',
    });
    expect(Object.keys(problem)).toEqual(['type', 'title', 'status', 'detail']);
  });

  it('given a request ID, it sends it as instance too', () => {
    const problem = buildProblem({ type: 't', title: 'T', status: 500, detail: 'd', requestId: 'abc' });
    expect(problem).toMatchObject({ instance: 'urn:uuid:abc', requestId: 'abc' });
  });

  it('leaves out fields given as undefined, keeps false and empty lists', () => {
    const problem = buildProblem({
      type: 't',
      title: 'T',
      status: 400,
      detail: 'd',
      requestId: undefined,
      issues: [],
      retryable: false,
      remedy: undefined,
    });
    expect(problem).toEqual({
      type: 't',
      title: 'T',
      status: 400,
      detail: 'd',
      issues: [],
      retryable: false,
    });
    expect('remedy' in problem).toBe(false);
  });

  it('builds an object the problem schema accepts, with every optional field', () => {
    const problem = buildProblem({
      type: 'urn:problem-type:busy',
      title: 'Service Unavailable',
      status: 503,
      detail: 'Busy.',
      requestId: 'r1',
      issues: [issue('a')],
      retryable: true,
      retryAfter: '2026-11-01T10:00:00.000Z',
      remedy: 'Wait.',
      time: '2026-11-01T10:00:00.000Z',
      subsystem: 'splice-service',
    });
    expect(problemSchema.safeParse(problem).success).toBe(true);
    expect(Object.keys(problem)).toHaveLength(12);
  });
});

describe('validationDetail', () => {
  it('names one value', () => {
    expect(validationDetail([issue('email')])).toBe('The request has 1 invalid value: email.');
  });

  it('names the first five and counts the rest; a root issue is "(root)"', () => {
    const names = ['', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(validationDetail(names.map(issue))).toBe(
      'The request has 7 invalid values: (root), b, c, d, e and 2 more.',
    );
  });
});
