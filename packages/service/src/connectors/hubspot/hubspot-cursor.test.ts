import { describe, expect, it } from 'vitest';
import { encodeOpaqueCursor } from '../opaque-cursor.js';
import { decodeCursor, encodeCursor, type HubSpotCursor } from './hubspot-cursor.js';

describe('the HubSpot read cursor', () => {
  it.each<HubSpotCursor>([
    { kind: 'list', after: '4711' },
    { kind: 'search', fromMs: 1_700_000_000_000, seenAtFrom: ['1', '2'] },
  ])('reads back what it wrote (%o)', (cursor) => {
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it.each([
    ['not base64url JSON', 'not a cursor!'],
    ['a Salesforce position', encodeOpaqueCursor({ next: '/services/data/v60.0/query/01g-2000' })],
    ['a search without its ids', encodeOpaqueCursor({ kind: 'search', fromMs: 1 })],
  ])('refuses %s as a bad request naming HubSpot', (_what, text) => {
    expect(() => decodeCursor(text)).toThrow(
      expect.objectContaining({ kind: 'badRequest', message: expect.stringContaining('HubSpot') }),
    );
  });
});
