import type { IssueLocation } from '@splice/schema';
import { issueLocationSchema } from '@splice/schema';

/**
 * An issue as the hosted service may send it: its description makes every member optional, so an issue
 * may come without `detail`, without `in`, even without `name` (then no field can be pointed at).
 */
export interface UpstreamIssue {
  type: string;
  title?: string;
  detail?: string;
  in?: IssueLocation;
  name?: string;
  value?: unknown;
}

/** A problem answer, read tolerantly: only what the BFF uses, each member checked on its own. */
export interface UpstreamProblemBody {
  type: string;
  title: string;
  status: number;
  detail?: string;
  issues: UpstreamIssue[];
  retryable?: boolean;
}

const reasonPhrases: Partial<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

function readIssue(raw: unknown): UpstreamIssue | undefined {
  if (!isRecord(raw)) return undefined;
  const location = issueLocationSchema.safeParse(raw.in);
  const title = text(raw.title);
  const detail = text(raw.detail);
  const name = text(raw.name);
  return {
    type: text(raw.type) ?? 'about:blank',
    ...(title ? { title } : {}),
    ...(detail ? { detail } : {}),
    ...(location.success ? { in: location.data } : {}),
    ...(name ? { name } : {}),
    ...(Object.hasOwn(raw, 'value') ? { value: raw.value } : {}),
  };
}

/**
 * Reads a 4xx answer as a problem. The hosted description (RFC 9457) makes `type` default to
 * `about:blank` and `title` and `status` optional: an absent title is the status's reason phrase, an
 * absent or odd status is the HTTP status. Anything that is not a JSON object is not a problem.
 */
export function readProblem(raw: unknown, httpStatus: number): UpstreamProblemBody | undefined {
  if (!isRecord(raw)) return undefined;
  const detail = text(raw.detail);
  const status =
    typeof raw.status === 'number' && Number.isInteger(raw.status) && raw.status >= 400 && raw.status < 600
      ? raw.status
      : httpStatus;
  const issues = Array.isArray(raw.issues)
    ? raw.issues.map(readIssue).filter((i): i is UpstreamIssue => i !== undefined)
    : [];
  return {
    type: text(raw.type) ?? 'about:blank',
    title: text(raw.title) ?? reasonPhrases[status] ?? 'Request refused',
    status,
    ...(detail ? { detail } : {}),
    issues,
    ...(typeof raw.retryable === 'boolean' ? { retryable: raw.retryable } : {}),
  };
}
