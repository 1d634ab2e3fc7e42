import { describe, expect, it } from 'vitest';
import { isRetryableStatus, problemTypes } from './problem-types.js';

describe('problemTypes', () => {
  it('gives each URN type one name, named after the URN', () => {
    const urns = Object.entries(problemTypes).filter(([, entry]) => entry.type !== 'about:blank');
    expect(new Set(urns.map(([, entry]) => entry.type)).size).toBe(urns.length);
    for (const [kind, entry] of urns) {
      const camel = entry.type
        .replace('urn:problem-type:', '')
        .replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
      expect(kind).toBe(camel);
    }
  });

  it('keeps the types clients and tests already match on', () => {
    expect(problemTypes.validation).toEqual({
      type: 'urn:problem-type:validation',
      title: 'Bad Request',
      status: 400,
      retryable: false,
    });
    expect(problemTypes.unauthorized.type).toBe('urn:problem-type:unauthorized');
    expect(problemTypes.unauthenticated.type).toBe('urn:problem-type:unauthenticated');
    expect(problemTypes.deadlineExceeded.type).toBe('urn:problem-type:deadline-exceeded');
    expect(problemTypes.upstreamTimeout.type).toBe('urn:problem-type:upstream-timeout');
    expect(problemTypes.sessionBoundParameter.type).toBe('urn:problem-type:session-bound-parameter');
    expect(problemTypes.objectNotSearchable.type).toBe('urn:problem-type:object-not-searchable');
    expect(problemTypes.payloadTooLarge).toMatchObject({ type: 'about:blank', title: 'Content Too Large' });
  });

  it('calls 429, 502, 503 and 504 retryable, and no 4xx nor an unexpected 500', () => {
    expect([429, 502, 503, 504].map(isRetryableStatus)).toEqual([true, true, true, true]);
    expect([400, 401, 404, 409, 412, 413, 422, 500, 501].some(isRetryableStatus)).toBe(false);
    for (const [kind, entry] of Object.entries(problemTypes)) {
      if (entry.status < 500 && entry.status !== 429) expect(entry.retryable, kind).toBe(false);
    }
    expect(problemTypes.internal.retryable).toBe(false);
    expect(problemTypes.storeUnavailable.retryable).toBe(true);
    expect(problemTypes.rateLimited.retryable).toBe(true);
  });

  it('tells the two 5xx exceptions: a misconfigured upstream fails again, an unhandled webhook may not', () => {
    expect(problemTypes.upstreamMisconfigured).toMatchObject({ status: 502, retryable: false });
    expect(problemTypes.messageNotHandled).toMatchObject({ status: 500, retryable: true });
  });
});
