import type { Issue } from '@splice/schema';
import { issueTypes } from '@splice/schema';
import { validationError } from '@splice/server-kit';
import { createMiddleware } from 'hono/factory';

/**
 * Refuses any query parameter on a route that takes none (an allowlist of none). A middleware rather
 * than a validator, so that `hono/client` does not ask callers for an empty `query` object.
 */
export const noQuery = () =>
  createMiddleware(async (c, next) => {
    // Most requests have no query string: only parse the URL when there is one.
    const names = c.req.url.includes('?') ? new Set(new URL(c.req.url).searchParams.keys()) : undefined;
    if (names && names.size > 0) {
      const issues: Issue[] = [...names].map((name) => ({
        type: issueTypes.unknownProperty,
        title: 'Unknown property',
        detail: 'This address takes no query parameters.',
        in: 'query',
        name,
        value: c.req.query(name),
      }));
      throw validationError(issues);
    }
    await next();
  });
