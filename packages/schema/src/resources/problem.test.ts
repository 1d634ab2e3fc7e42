import { describe, expect, it } from 'vitest';
import { toIssues } from '../rules/issues.js';
import { issueSchema, problemContentType, problemSchema } from './problem.js';

describe('problem object (interface: errors)', () => {
  it('accepts a bad-request problem with an issue', () => {
    const problem = {
      type: 'about:blank',
      href: 'https://docs.example.com/problems/bad-request',
      title: 'Bad Request',
      status: 400,
      detail: 'The body has 1 invalid property.',
      instance: 'urn:uuid:7d6f7d2a-4f7c-4a7e-9b7a-1f0e0c0b0a09',
      issues: [
        {
          type: 'urn:problem-type:invalid-property',
          title: 'Invalid property',
          detail: 'Must be "eq".',
          in: 'body',
          name: 'fieldFilters[1].operator',
          value: 'gt',
        },
      ],
    };
    const result = problemSchema.safeParse(problem);
    expect(result.success).toBe(true);
    expect(result.data?.issues?.[0]?.name).toBe('fieldFilters[1].operator');
  });

  it('accepts a problem with type and title and status only', () => {
    const result = problemSchema.safeParse({ type: 'about:blank', title: 'Not Found', status: 404 });
    expect(result.success).toBe(true);
    expect(result.data?.issues).toBeUndefined();
  });

  it('refuses a non-integer status', () => {
    const input = { type: 'about:blank', title: 'Bad Request', status: 400.5 };
    const result = problemSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['status']);
  });

  it('refuses a problem without title', () => {
    const input = { type: 'about:blank', status: 400 };
    const result = problemSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['title']);
  });

  it('names the indexed path of an invalid issue item', () => {
    const input = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      issues: [{ type: 't', detail: 'd', in: 'cookie', name: 'x' }],
    };
    const result = problemSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['issues[0].in']);
  });

  it('uses the problem+json content type', () => {
    expect(problemContentType).toBe('application/problem+json');
  });
});

describe('issue item (interface: errors)', () => {
  it('accepts an issue without title or value', () => {
    const result = issueSchema.safeParse({ type: 't', detail: 'd', in: 'query', name: 'groupRef' });
    expect(result.success).toBe(true);
    expect(result.data?.in).toBe('query');
  });

  it('accepts each location: path, query, header, body', () => {
    for (const location of ['path', 'query', 'header', 'body']) {
      expect(
        issueSchema.safeParse({ type: 't', detail: 'd', in: location, name: 'n' }).success,
        location,
      ).toBe(true);
    }
  });

  it('refuses an issue without name', () => {
    const input = { type: 't', detail: 'd', in: 'body' };
    const result = issueSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['name']);
  });

  it('refuses an issue without detail', () => {
    const input = { type: 't', in: 'body', name: 'n' };
    const result = issueSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['detail']);
  });

  it('accepts what toIssues produces', () => {
    const produced = toIssues(
      [{ code: 'invalid_type', expected: 'string', path: ['groupRef'], message: 'Invalid input', input: 1 }],
      { groupRef: 1 },
      'body',
    );
    expect(produced.length).toBe(1);
    expect(issueSchema.safeParse(produced[0]).success).toBe(true);
  });
});
