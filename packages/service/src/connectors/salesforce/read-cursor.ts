/**
 * Where a Salesforce read stands, held in an opaque cursor (../opaque-cursor.ts). A query's
 * `nextRecordsUrl` continues it while Salesforce keeps the query (about 15 minutes idle); the position of
 * the last record returned (modification time and Id, the read's order) restarts it after that, or after a
 * restart of the service, without losing or repeating a record.
 */
import * as z from 'zod/mini';
import { decodeOpaqueCursor, encodeOpaqueCursor } from '../opaque-cursor.js';
import { dataPath, salesforceProvider } from './salesforce-api.js';

/** A record's place in a read's order: `ORDER BY SystemModstamp, Id`. */
const positionSchema = z.object({ stampMs: z.number(), id: z.string() });
export type ReadPosition = z.infer<typeof positionSchema>;

// A query locator of this API version: `/services/data/v60.0/query/01gxx0000000001-2000`.
const locatorPattern = new RegExp(`^${dataPath.replaceAll('.', '\\.')}/query/[A-Za-z0-9-]+$`);

const readCursorSchema = z.object({
  /** The running query's `nextRecordsUrl`. */
  next: z.optional(z.string().check(z.regex(locatorPattern))),
  /** Where the running query resumed: its records up to this position were read before it started. */
  after: z.optional(positionSchema),
  /** The last record returned, where a fresh query resumes when the running one is gone. */
  last: z.optional(positionSchema),
});
export type ReadCursor = z.infer<typeof readCursorSchema>;

export const encodeReadCursor = (cursor: ReadCursor): string => encodeOpaqueCursor(cursor);

export const decodeReadCursor = (text: string): ReadCursor =>
  decodeOpaqueCursor(text, readCursorSchema, { name: salesforceProvider, displayName: 'Salesforce' });

/**
 * Whether a record comes after a position in the read's order. SOQL sorts text case-insensitively (by the
 * uppercase characters' values), so Ids compare that way too; the 18-character Ids the API answers are
 * unique that way.
 */
export function isAfter(record: ReadPosition, position: ReadPosition): boolean {
  if (record.stampMs !== position.stampMs) return record.stampMs > position.stampMs;
  return record.id.toUpperCase() > position.id.toUpperCase();
}
