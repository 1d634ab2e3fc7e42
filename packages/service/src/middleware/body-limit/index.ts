import {
  BodyTooLargeError,
  cacheBodyText,
  isJsonContentType,
  problemError,
  readNodeBody,
  unreadNodeRequest,
} from '@splice/server-kit';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';

const tooLarge = (maxSize: number) =>
  problemError(
    413,
    'payloadTooLarge',
    `The body is larger than the ${maxSize.toLocaleString('en')} bytes this operation accepts.`,
  );

/**
 * Caps a request body; an oversize body is a 413 problem, never a 500. A JSON body served by Node is read
 * here from the Node request, within the cap, into hono's body cache, where `readJson` finds it
 * (`unreadNodeRequest` says why). Any other body, such as the OAuth token request's form, goes through
 * hono's own limit: hono parses a form from the standard Request, with its media type, not from the cache.
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
    if (!incoming || !isJsonContentType(c.req.header('content-type'))) return standard(c, next);
    let text: string;
    try {
      text = await readNodeBody(incoming, maxSize);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw tooLarge(maxSize);
      throw problemError(400, 'badRequest', { detail: 'The body could not be read.' });
    }
    cacheBodyText(c, text);
    await next();
  });
}
