import { BodyTooLargeError, cacheBodyText, problemError, readBody } from '@splice/server-kit';
import { createMiddleware } from 'hono/factory';

export interface BodyLimitOptions {
  /** Largest body accepted, in bytes. */
  maxBytes: number;
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
    cacheBodyText(c, text);
    await next();
  });
