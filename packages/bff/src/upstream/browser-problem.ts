import type { Issue, IssueLocation } from '@splice/schema';
import { problemTypes } from '@splice/schema';
import type { ProblemError } from '@splice/server-kit';
import { problemError } from '@splice/server-kit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Session } from '../schemas/session.js';
import type { UpstreamIssue } from './answers/problem.js';
import type { UpstreamProblem } from './upstream-problem.js';

/**
 * Where an upstream issue's parameter came from: the browser (it keeps its name: the BFF sends the
 * browser's names unchanged), the session (groupRef, orgId: the user cannot fix those), or the BFF's own
 * configuration (project, credentials: an administrator must).
 */
export type IssueOrigin = 'browser' | 'session' | 'server';
/**
 * Where an issue belongs. A browser issue carries its location: the upstream's, or, when the upstream
 * gave none, the one where the browser may send that name. `unplaced`: an issue without a location that
 * names nothing the browser, the session or the server sends; it points at no field.
 */
export type Classified =
  | { origin: 'browser'; in: IssueLocation }
  | { origin: 'session' | 'server' | 'unplaced' };
export type IssueClassifier = (issue: { in?: IssueLocation; name: string }) => Classified;

/** Known upstream problem types whose wording is about groups or organizations, told in the user's terms. */
const reworded: Record<
  string,
  { status?: ContentfulStatusCode; accountNotReady?: boolean; title?: string; detail: string }
> = {
  [problemTypes.groupNotFound.type]: {
    status: 422,
    accountNotReady: true,
    detail: 'Your account is not set up for integrations yet. Ask your administrator to set it up.',
  },
  [problemTypes.orgNotFound.type]: {
    status: 422,
    accountNotReady: true,
    detail: 'Your organization is not set up for invitations yet. Ask your administrator to set it up.',
  },
  [problemTypes.integrationNotFound.type]: {
    detail: 'This integration does not exist.',
  },
  [problemTypes.connectionRequired.type]: {
    title: 'No connected account',
    detail: 'Connect your account with the provider first, then install the integration.',
  },
  [problemTypes.connectionNotFound.type]: {
    detail: 'The chosen connection does not belong to your account. Choose one of your connections.',
  },
  [problemTypes.connectionUnusable.type]: {
    detail: 'Your connection to the provider is not working. Reconnect it, then try again.',
  },
  [problemTypes.installationExists.type]: {
    detail: 'This integration is already installed for your account.',
  },
  [problemTypes.installationChanged.type]: {
    title: 'Changed meanwhile',
    detail:
      'Someone else changed these settings after you opened them. Load the current settings, then apply your change again.',
  },
  [problemTypes.installationNotFound.type]: {
    detail: 'This integration is not installed for your account yet. Install it first.',
  },
};

/** Problem types that mean this server is misconfigured, not that the browser asked something wrong. */
const serverFaults = new Set([problemTypes.projectNotFound.type, problemTypes.unauthorized.type]);

const genericTitle: Partial<Record<number, string>> = {
  400: 'Bad Request',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Content',
};

const genericDetail: Partial<Record<number, string>> = {
  400: 'The request was refused: see the issues.',
  404: 'The requested resource does not exist.',
  409: 'The request conflicts with the current state.',
  422: 'The request could not be processed: see the issues.',
};

function mentionsScope(text: string, session: Session, project: string): boolean {
  return (
    /\bgroup|\borgId\b|\borgani[sz]ation\b|\bproject\b/i.test(text) ||
    [session.groupRef, session.orgId, project].some((value) => value.length > 0 && text.includes(value))
  );
}

/** An upstream issue under the browser's name; a missing detail is the title, else a plain sentence. */
function browserIssue(
  issue: UpstreamIssue,
  name: string,
  location: IssueLocation,
  scoped: (text: string) => boolean,
): Issue {
  const said = issue.detail ?? issue.title;
  return {
    type: issue.type,
    ...(issue.title && !scoped(issue.title) ? { title: issue.title } : {}),
    detail: said && !scoped(said) ? said : 'This value was refused.',
    in: location,
    name,
    ...(Object.hasOwn(issue, 'value') ? { value: issue.value } : {}),
  };
}

/**
 * Re-tells an upstream problem to the browser: issues keep the names the browser sent, issues about
 * session- or configuration-bound parameters are removed (the user cannot fix them), and a detail that
 * names a group, an organization or the project is replaced, so that nothing invites the browser to
 * choose its group. Upstream-only fields (instance, href, context, ...) never pass.
 */
export function browserProblem(
  upstream: UpstreamProblem,
  classify: IssueClassifier,
  session: Session,
  project: string,
): ProblemError {
  const { problem } = upstream;
  const browserIssues: Issue[] = [];
  const unplacedDetails: string[] = [];
  let sessionIssues = 0;
  let serverIssues = 0;
  const scoped = (text: string) => mentionsScope(text, session, project);
  for (const issue of problem.issues) {
    const said = issue.detail ?? issue.title;
    const classified = issue.name
      ? classify({ ...issue, name: issue.name })
      : { origin: 'unplaced' as const };
    if (classified.origin === 'browser') {
      browserIssues.push(browserIssue(issue, issue.name as string, classified.in, scoped));
    } else if (classified.origin === 'session') sessionIssues++;
    else if (classified.origin === 'server') serverIssues++;
    else if (said && !scoped(said)) unplacedDetails.push(said);
  }

  if (serverIssues > 0 || serverFaults.has(problem.type)) {
    return problemError(502, 'upstreamMisconfigured', {
      detail:
        'The integration service refused a request this server built. An administrator must fix the configuration.',
      retryable: false,
    });
  }

  const known = reworded[problem.type];
  if (known?.accountNotReady || (sessionIssues > 0 && browserIssues.length === 0 && !known)) {
    return problemError(known?.status ?? 422, 'accountNotReady', {
      detail: known?.detail ?? 'Your account is not set up for this integration yet. Ask your administrator.',
      retryable: false,
    });
  }

  const status = (
    upstream.status >= 400 && upstream.status < 500 ? upstream.status : 502
  ) as ContentfulStatusCode;
  const upstreamDetail = problem.detail ?? '';
  const fallbackTitle = genericTitle[status] ?? 'Request refused';
  const title = known?.title ?? (scoped(problem.title) ? fallbackTitle : problem.title);
  // Without a usable detail, an issue that points at no field may still say what went wrong.
  const detail =
    known?.detail ??
    (upstreamDetail && !scoped(upstreamDetail)
      ? upstreamDetail
      : (unplacedDetails[0] ??
        (browserIssues.length === 0 && (status === 400 || status === 422)
          ? 'The request was refused.'
          : (genericDetail[status] ?? fallbackTitle))));
  return problemError(known?.status ?? status, 'validation', {
    type: problem.type,
    title,
    detail,
    issues: browserIssues,
    retryable: problem.retryable ?? false,
  });
}

/** Names the browser may send, per location; everything else is the session's or the server's. */
export function classifierFor(browser: {
  path?: readonly string[];
  query?: readonly string[];
  /** Top-level body properties the browser may send; nested names follow their top-level one. */
  body?: readonly string[];
}): IssueClassifier {
  const sessionBound = /^(groupRef|orgId)\b/;
  const locations = ['body', 'query', 'path'] as const;
  return (issue) => {
    if (sessionBound.test(issue.name)) return { origin: 'session' };
    const top = issue.name.split(/[.[]/, 1)[0] ?? '';
    if (issue.in === undefined) {
      const found = locations.find((location) => browser[location]?.includes(top));
      return found ? { origin: 'browser', in: found } : { origin: 'unplaced' };
    }
    if (issue.in === 'header') return { origin: 'server' };
    const allowed = browser[issue.in] ?? [];
    return allowed.includes(top) ? { origin: 'browser', in: issue.in } : { origin: 'server' };
  };
}
