import { describe, expect, it } from 'vitest';
import { errorKindOf, requestLimitWaitMs, salesforceFailure } from './salesforce-errors.js';

describe('salesforceFailure', () => {
  it('names the offending fields of a refused request, from `fields` or from the message', () => {
    const refused = salesforceFailure({
      status: 400,
      headers: {},
      body: [
        {
          errorCode: 'REQUIRED_FIELD_MISSING',
          message: 'Required fields are missing: [LastName]',
          fields: ['LastName'],
        },
        { errorCode: 'INVALID_FIELD', message: "No such column 'Shoe' on entity 'Contact'." },
      ],
    });
    expect(refused).toMatchObject({
      kind: 'badRequest',
      details: { status: 400, fieldNames: ['LastName', 'Shoe'] },
    });
    expect(refused.message).toContain('REQUIRED_FIELD_MISSING');
  });

  it('reads 403 REQUEST_LIMIT_EXCEEDED as rate limited with a wait, not as forbidden', () => {
    const limited = salesforceFailure({
      status: 403,
      headers: {},
      body: [{ errorCode: 'REQUEST_LIMIT_EXCEEDED', message: 'TotalRequests Limit exceeded.' }],
    });
    expect(limited).toMatchObject({
      kind: 'rateLimited',
      retryable: true,
      details: { retryAfterMs: requestLimitWaitMs },
    });
  });

  it('falls back on the status for a body that is not Salesforce error entries', () => {
    expect(salesforceFailure({ status: 404, headers: {}, body: { oops: true } }).kind).toBe('notFound');
    expect(salesforceFailure({ status: 403, headers: {}, body: undefined }).kind).toBe('forbidden');
    expect(salesforceFailure({ status: 409, headers: {}, body: [] }).kind).toBe('badRequest');
  });
});

describe('errorKindOf', () => {
  it.each([
    ['NOT_FOUND', 404, 'notFound'],
    ['ENTITY_IS_DELETED', 400, 'notFound'],
    ['INSUFFICIENT_ACCESS_OR_READONLY', 400, 'forbidden'],
    ['INSUFFICIENT_ACCESS_ON_CROSS_REFERENCE_ENTITY', 400, 'forbidden'],
    ['API_DISABLED_FOR_ORG', 403, 'forbidden'],
    ['MALFORMED_QUERY', 400, 'badRequest'],
    ['INVALID_FIELD', 400, 'badRequest'],
    ['INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST', 400, 'badRequest'],
  ])('%s (HTTP %d) is %s', (code, status, kind) => {
    expect(errorKindOf(code, status)).toBe(kind);
  });
});
