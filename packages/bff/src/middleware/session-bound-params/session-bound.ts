import type { Issue, IssueLocation } from '@splice/schema';
import { problemError } from '../../problem/problem-error.js';

/**
 * Parameter names that choose whose data a call touches. However spelt (`groupRef`, `group_ref`,
 * `X-Group-Ref`, `orgId`, ...), they are the session's to decide.
 */
export function isSessionBoundName(name: string): boolean {
  const squashed = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return /groupref|groupid|orgid|organizationid|organisationid/.test(squashed);
}

export function sessionBoundIssue(location: IssueLocation, name: string): Issue {
  return {
    type: 'urn:problem-type:session-bound-parameter',
    title: 'Not allowed',
    detail: `"${name}" is taken from the signed-in session and must not be sent.`,
    in: location,
    name,
  };
}

export function sessionBoundProblem(issues: Issue[]) {
  return problemError(400, 'sessionBound', {
    detail: 'The request names a group or organization; those come from the signed-in session only.',
    issues,
  });
}
