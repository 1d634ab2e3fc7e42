/**
 * A connector's read cursor as the service holds it: the connector's own position (plain JSON, checked
 * by the connector's schema) in base64url, opaque to every caller and valid across a restart.
 */
import type * as z from 'zod/mini';
import { ProviderError } from './provider-error.js';

export function encodeOpaqueCursor(position: unknown): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/** The position a cursor holds; a cursor the connector never wrote is the caller's mistake (`badRequest`). */
export function decodeOpaqueCursor<Schema extends z.ZodMiniType>(
  text: string,
  schema: Schema,
  provider: { name: string; displayName: string },
): z.infer<Schema> {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ProviderError(
      'badRequest',
      `The read cursor is not one the ${provider.displayName} connector wrote.`,
      { provider: provider.name },
    );
  }
  return parsed.data;
}
