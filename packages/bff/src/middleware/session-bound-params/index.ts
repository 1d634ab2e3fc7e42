import type { Issue } from '@splice/schema';
import { createMiddleware } from 'hono/factory';
import { isSessionBoundName, sessionBoundIssue, sessionBoundProblem } from './session-bound.js';

/**
 * Refuses (400) a request whose query or headers name a group or organization. The body is checked by
 * the JSON validator (see validation/validators.ts), which reads it after the route's size limit.
 */
export const sessionBoundParams = () =>
  createMiddleware(async (c, next) => {
    const issues: Issue[] = [];
    // Most requests have no query string: only parse the URL when there is one.
    if (c.req.url.includes('?')) {
      for (const name of new Set(new URL(c.req.url).searchParams.keys())) {
        if (isSessionBoundName(name)) issues.push(sessionBoundIssue('query', name));
      }
    }
    c.req.raw.headers.forEach((_value, name) => {
      if (isSessionBoundName(name)) issues.push(sessionBoundIssue('header', name));
    });
    if (issues.length > 0) throw sessionBoundProblem(issues);
    await next();
  });
