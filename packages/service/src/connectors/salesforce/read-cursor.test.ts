import { describe, expect, it } from 'vitest';
import { decodeReadCursor, encodeReadCursor, isAfter } from './read-cursor.js';
import { dataPath } from './salesforce-api.js';

describe('read cursor', () => {
  it('round-trips as base64url text', () => {
    const cursor = {
      next: `${dataPath}/query/01gEm0000000001-2000`,
      last: { stampMs: Date.UTC(2025, 0, 1), id: '003Em0000000001AAA' },
    };
    const text = encodeReadCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeReadCursor(text)).toEqual(cursor);
  });

  it.each([
    ['not base64 JSON', '%%%'],
    ['a next page outside the query locators', encodeReadCursor({ next: '/services/oauth2/revoke' })],
    [
      'a position without its id',
      Buffer.from(JSON.stringify({ last: { stampMs: 1 } })).toString('base64url'),
    ],
  ])('refuses %s as a bad request', (_, text) => {
    expect(() => decodeReadCursor(text)).toThrow(expect.objectContaining({ kind: 'badRequest' }));
  });

  it('orders positions by stamp, then by id as SOQL sorts it', () => {
    const at = { stampMs: 1000, id: '003B' };
    expect(isAfter({ stampMs: 1001, id: '003A' }, at)).toBe(true);
    expect(isAfter({ stampMs: 1000, id: '003C' }, at)).toBe(true);
    expect(isAfter({ stampMs: 1000, id: '003B' }, at)).toBe(false);
    expect(isAfter({ stampMs: 999, id: '003Z' }, at)).toBe(false);
    // As SOQL sorts: case-insensitively, so 003a comes before 003B and 003c after it.
    expect(isAfter({ stampMs: 1000, id: '003a' }, at)).toBe(false);
    expect(isAfter({ stampMs: 1000, id: '003c' }, at)).toBe(true);
  });
});
