import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { problemError } from './problem.js';
import { isJsonContentType } from './read-json.js';
import { BodyTooLargeError, readNodeBody, unreadNodeRequest } from './read-node-body.js';

const tooLarge = (maxSize: number) =>
  problemError(
    413,
    'payloadTooLarge',
    `The body is larger than the ${maxSize.toLocaleString('en')} bytes this operation accepts.`,
  );

/**
 * Caps a request body; an oversize body is a 413 problem, never a 500. A JSON body served by Node is read
 * here from the Node request, within the cap, into hono's body cache, where `readJson` finds it
 * (read-node-body.ts says why); any other body goes through hono's own limit.
 */
export function bodyLimit(maxSize: number) {
  const standard = honoBodyLimit({
    maxSize,
    onError: () => {
      throw tooLarge(maxSize);
    },
  });
  return createMiddleware(async (c, next) => {
    const incoming = unreadNodeRequest(c);
    // A form (the OAuth token request) is parsed by hono from the standard Request, with its media type.
    if (!incoming || !isJsonContentType(c.req.header('content-type'))) return standard(c, next);
    let text: string;
    try {
      text = await readNodeBody(incoming, maxSize);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw tooLarge(maxSize);
      throw problemError(400, 'badRequest', { detail: 'The body could not be read.' });
    }
    // Hono keeps the promise of each read there (its type names the resolved value).
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    await next();
  });
}
