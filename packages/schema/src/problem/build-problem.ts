import type { Issue, Problem } from '../resources/problem.js';

/** What a server knows when it answers with a problem object; every optional field may be left out. */
export interface ProblemFields {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** The request's ID: also sent as `instance` (`urn:uuid:<id>`), so a report can quote either. */
  requestId?: string | undefined;
  issues?: Issue[] | undefined;
  retryable?: boolean | undefined;
  /** When a retry makes sense, as an RFC 3339 time. */
  retryAfter?: string | undefined;
  remedy?: string | undefined;
  time?: string | undefined;
  subsystem?: string | undefined;
}

/**
 * The one problem-object builder of the service, the BFF, the webhook receiver and the demo server
 * (framework-free: `renderProblem` of `@splice/server-kit` fills it from `problemTypes` and sends it).
 * Keys come in one order and an absent field is left out rather than sent as `undefined`, so every
 * server answers alike and a client sees one shape.
 */
export function buildProblem(fields: ProblemFields): Problem {
  const { type, title, status, detail, requestId, issues, retryable, retryAfter, remedy, time, subsystem } =
    fields;
  return {
    type,
    title,
    status,
    detail,
    ...(requestId ? { instance: `urn:uuid:${requestId}`, requestId } : {}),
    ...(issues ? { issues } : {}),
    ...(retryable === undefined ? {} : { retryable }),
    ...(retryAfter ? { retryAfter } : {}),
    ...(remedy ? { remedy } : {}),
    ...(time ? { time } : {}),
    ...(subsystem ? { subsystem } : {}),
  };
}

/** The detail of a 400 that names each offending parameter or property (five, then a count). */
export function validationDetail(issues: readonly Issue[]): string {
  const names = issues.map((i) => i.name || '(root)');
  const shown = names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
  return `The request has ${issues.length} invalid ${issues.length === 1 ? 'value' : 'values'}: ${shown}.`;
}
