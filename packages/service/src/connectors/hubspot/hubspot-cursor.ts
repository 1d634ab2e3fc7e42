/**
 * The HubSpot connector's read position, held in an opaque cursor (../opaque-cursor.ts). A full read
 * continues the list endpoint's `after`; an incremental read continues the search from a lower bound on
 * the last-modified time, skipping the records it already returned at exactly that time (see
 * hubspot-connector.ts, "Incremental reads").
 */
import * as z from 'zod/mini';
import { decodeOpaqueCursor, encodeOpaqueCursor } from '../opaque-cursor.js';

const hubSpotCursorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('list'), after: z.string() }),
  z.object({
    kind: z.literal('search'),
    /** Inclusive lower bound on the last-modified time, epoch ms. */
    fromMs: z.number(),
    /** Ids already returned whose last-modified time is exactly `fromMs`. */
    seenAtFrom: z.array(z.string()),
  }),
]);
export type HubSpotCursor = z.infer<typeof hubSpotCursorSchema>;

export const encodeCursor = (cursor: HubSpotCursor): string => encodeOpaqueCursor(cursor);

export const decodeCursor = (text: string): HubSpotCursor =>
  decodeOpaqueCursor(text, hubSpotCursorSchema, { name: 'hubspot', displayName: 'HubSpot' });
