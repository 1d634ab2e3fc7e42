import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { problemError } from '../../problem/problem-error.js';
import { BodyTooLargeError, readBoundedText } from '../../webhooks/read-bounded-text.js';
import { nodeExchange } from '../node-exchange/index.js';
import { readNodeBody } from './read-node-body.js';

export interface BodyLimitOptions {
  /** Largest body accepted, in bytes. */
  maxBytes: number;
}

/** Reads the whole body within the bound, from the Node request when there is one (node-exchange). */
async function readBody(c: Context, maxBytes: number): Promise<string> {
  // A host middleware that read the body already left it in hono's cache, in whatever form.
  if (Object.keys(c.req.bodyCache).length > 0) {
    const text = await c.req.text();
    if (Buffer.byteLength(text) > maxBytes) throw new BodyTooLargeError();
    return text;
  }
  const node = nodeExchange(c);
  // Only a Node body nobody has started on; otherwise the standard Request's.
  if (node && !node.incoming.readableDidRead) return readNodeBody(node.incoming, maxBytes);
  return readBoundedText(c.req.raw, maxBytes);
}

/**
 * Reads the body once, refusing it (413, a problem object) past `maxBytes` by its Content-Length or, when
 * that is missing or lies, by counting the bytes as they arrive. The text goes into hono's body cache, so
 * the JSON validator and the idempotency fingerprint parse it from there without reading again.
 */
export const bodyLimit = (options: BodyLimitOptions) =>
  createMiddleware(async (c, next) => {
    let text: string;
    try {
      text = await readBody(c, options.maxBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        throw problemError(
          413,
          'payloadTooLarge',
          `The body is larger than ${options.maxBytes.toLocaleString('en')} bytes.`,
        );
      }
      // The browser went away mid-body, or the stream failed: the JSON validator used to tell this too.
      throw problemError(400, 'malformedBody', 'The body could not be read.');
    }
    // Hono keeps the promise of each read there (its type names the resolved value).
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    await next();
  });
