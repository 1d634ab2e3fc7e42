import type { Issue, IssueLocation } from '@splice/schema';
import { problemTypes } from '@splice/schema';
import { problemError } from '@splice/server-kit';

/** Names already decided (see isSessionBoundName), at most `maxDecided` of them. */
const maxDecided = 512;
const decided = new Map<string, boolean>();

/**
 * Parameter names that choose whose data a call touches. However spelt (`groupRef`, `group_ref`,
 * `X-Group-Ref`, `orgId`, ...), they are the session's to decide.
 */
export function isSessionBoundName(name: string): boolean {
  const known = decided.get(name);
  if (known !== undefined) return known;
  const squashed = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  const bound = /groupref|groupid|orgid|organizationid|organisationid/.test(squashed);
  // Every request's header names go through here, and they are nearly always the same few: remember
  // them. Names are the sender's choice, so the memory is bounded (count and length); past it, each is
  // decided afresh.
  if (decided.size < maxDecided && name.length <= 64) decided.set(name, bound);
  return bound;
}

export function sessionBoundIssue(location: IssueLocation, name: string): Issue {
  return {
    type: problemTypes.sessionBoundParameter.type,
    title: 'Not allowed',
    detail: `"${name}" is taken from the signed-in session and must not be sent.`,
    in: location,
    name,
  };
}

export function sessionBoundProblem(issues: Issue[]) {
  return problemError(400, 'sessionBoundParameter', {
    detail: 'The request names a group or organization; those come from the signed-in session only.',
    issues,
  });
}
