/**
 * The HubSpot connector's read cursor: plain JSON in base64url, opaque to the caller and valid across a
 * restart. A full read continues the list endpoint's `after`; an incremental read continues the search
 * from a lower bound on the last-modified time, skipping the records it already returned at exactly that
 * time (see hubspot-connector.ts, "Incremental reads").
 */
import { ProviderError } from '../provider-error.js';

export type HubSpotCursor =
  | { kind: 'list'; after: string }
  | {
      kind: 'search';
      /** Inclusive lower bound on the last-modified time, epoch ms. */
      fromMs: number;
      /** Ids already returned whose last-modified time is exactly `fromMs`. */
      seenAtFrom: string[];
    };

export function encodeCursor(cursor: HubSpotCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

export function decodeCursor(text: string): HubSpotCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const cursor = value as Partial<Record<string, unknown>> | undefined;
  if (cursor?.kind === 'list' && typeof cursor.after === 'string')
    return { kind: 'list', after: cursor.after };
  if (
    cursor?.kind === 'search' &&
    typeof cursor.fromMs === 'number' &&
    Array.isArray(cursor.seenAtFrom) &&
    cursor.seenAtFrom.every((id) => typeof id === 'string')
  ) {
    return { kind: 'search', fromMs: cursor.fromMs, seenAtFrom: cursor.seenAtFrom as string[] };
  }
  // A cursor the connector never wrote: the caller's mistake, not the provider's.
  throw new ProviderError('badRequest', 'The read cursor is not one this HubSpot connector wrote.', {
    provider: 'hubspot',
  });
}
