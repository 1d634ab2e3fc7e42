import type { Context } from 'hono';
import { BodyTooLargeError, readBoundedText } from './read-bounded-text.js';
import { readNodeBody, unreadNodeRequest } from './read-node-body.js';

/**
 * Reads the whole body as text within `maxBytes` (past it, `BodyTooLargeError`): from hono's body cache
 * when a host middleware read it already, else from the Node request when nothing has started on it
 * (read-node-body.ts says why), else from the standard Request.
 */
export async function readBody(c: Context, maxBytes: number): Promise<string> {
  if (Object.keys(c.req.bodyCache).length > 0) {
    const text = await c.req.text();
    if (Buffer.byteLength(text) > maxBytes) throw new BodyTooLargeError();
    return text;
  }
  const incoming = unreadNodeRequest(c);
  if (incoming) return readNodeBody(incoming, maxBytes);
  return readBoundedText(c.req.raw, maxBytes);
}

/** Leaves a body read once in hono's body cache, where `c.req.text()`, `json()` and validators find it. */
export function cacheBodyText(c: Context, text: string): void {
  // Hono keeps the promise of each read there (its type names the resolved value).
  (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
}

/** Whether a Content-Type names JSON: `application/json` or any `application/*+json`, parameters aside. */
export function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const mediaType = value.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType);
}
