import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { problemError } from '../../problem/problem-error.js';

export interface BodyLimitOptions {
  /** Largest body accepted, in bytes. */
  maxBytes: number;
}

/**
 * Hono's body limit (it checks Content-Length and also counts a streamed body as it arrives), answering
 * with a problem object instead of plain text.
 */
export const bodyLimit = (options: BodyLimitOptions) =>
  honoBodyLimit({
    maxSize: options.maxBytes,
    onError: () => {
      throw problemError(413, 'payloadTooLarge', `The body is larger than ${options.maxBytes} bytes.`);
    },
  });
