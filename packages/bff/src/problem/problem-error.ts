import type { Issue } from '@splice/schema';
import { validationDetail } from '@splice/schema';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ProblemKind } from './problem-types.js';
import { problemTypes } from './problem-types.js';

export interface ProblemInit {
  /** Overrides the kind's type, for upstream problem types that pass through. */
  type?: string;
  title?: string;
  detail: string;
  issues?: Issue[];
  /** Whether the same request may succeed later; defaults to true for 429, 502, 503 and 504. */
  retryable?: boolean;
  /** Seconds until a retry makes sense; sent as `Retry-After` and as `retryAfter` in the body. */
  retryAfterSeconds?: number;
  /** Extra response headers, such as `Allow` on a 405. */
  headers?: Record<string, string>;
}

/** Thrown anywhere in a request to answer with a problem object; the app's error handler renders it. */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  readonly type: string;
  readonly title: string;

  constructor(
    readonly status: ContentfulStatusCode,
    kind: ProblemKind,
    readonly init: ProblemInit,
  ) {
    super(init.detail);
    this.type = init.type ?? problemTypes[kind].type;
    this.title = init.title ?? problemTypes[kind].title;
  }
}

export function problemError(status: ContentfulStatusCode, kind: ProblemKind, init: ProblemInit | string) {
  return new ProblemError(status, kind, typeof init === 'string' ? { detail: init } : init);
}

/** A 400 naming each offending parameter or property, as docs/service-interface.md#malformed-input asks. */
export function validationProblem(issues: Issue[]): ProblemError {
  return problemError(400, 'validation', { detail: validationDetail(issues), issues });
}
