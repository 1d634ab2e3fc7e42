import type { Issue, IssueLocation, Problem } from '@splice/schema';

const locations: readonly string[] = ['path', 'query', 'header', 'body'] satisfies IssueLocation[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function toIssue(value: unknown): Issue | undefined {
  if (!isRecord(value) || typeof value.name !== 'string') return undefined;
  const location = typeof value.in === 'string' && locations.includes(value.in) ? value.in : 'body';
  return {
    type: optionalString(value.type) ?? 'about:blank',
    ...(typeof value.title === 'string' ? { title: value.title } : {}),
    detail: optionalString(value.detail) ?? optionalString(value.title) ?? 'Invalid value.',
    in: location as IssueLocation,
    name: value.name,
    ...('value' in value ? { value: value.value } : {}),
  };
}

/**
 * Reads a problem body leniently: a server (or a proxy in front of it) may omit fields or send an
 * unexpected shape, and the user must still get the status and whatever detail there is rather than a
 * parse error. Unknown members are dropped.
 */
export function toProblem(body: unknown, status: number, statusText: string): Problem {
  const source = isRecord(body) ? body : {};
  const issues = Array.isArray(source.issues)
    ? source.issues.map(toIssue).filter((issue): issue is Issue => issue !== undefined)
    : [];
  const detail = optionalString(source.detail);
  const requestId = optionalString(source.requestId);
  const retryAfter = optionalString(source.retryAfter);
  return {
    type: optionalString(source.type) ?? 'about:blank',
    title: optionalString(source.title) ?? (statusText || `HTTP ${status}`),
    // RFC 9457: the HTTP status is authoritative; the body's `status` is only advisory.
    status,
    ...(detail === undefined ? {} : { detail }),
    ...(issues.length > 0 ? { issues } : {}),
    ...(requestId === undefined ? {} : { requestId }),
    ...(typeof source.retryable === 'boolean' ? { retryable: source.retryable } : {}),
    ...(retryAfter === undefined ? {} : { retryAfter }),
  };
}
