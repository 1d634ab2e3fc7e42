import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { problemError } from './problem.js';

/** Caps a request body; an oversize body is a 413 problem, never a 500. */
export function bodyLimit(maxSize: number) {
  return honoBodyLimit({
    maxSize,
    onError: () => {
      throw problemError(
        413,
        'payloadTooLarge',
        `The body is larger than the ${maxSize.toLocaleString('en')} bytes this operation accepts.`,
      );
    },
  });
}
