import type { Issue, ProblemKind } from '@splice/schema';
import { problemTypes, validationDetail } from '@splice/schema';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface ProblemInit {
  /** Overrides the kind's type, for a problem type another server answered that passes through. */
  type?: string;
  title?: string;
  detail: string;
  issues?: Issue[];
  /** Whether the same request may succeed later; defaults to the kind's (`problemTypes`). */
  retryable?: boolean;
  /** What the caller can do about it, when the detail does not say. */
  remedy?: string;
  /** Seconds until a retry makes sense: sent as `Retry-After`, and as `retryAfter` (a time) in the body. */
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
    readonly kind: ProblemKind,
    readonly init: ProblemInit,
  ) {
    super(init.detail);
    this.type = init.type ?? problemTypes[kind].type;
    this.title = init.title ?? problemTypes[kind].title;
  }

  /** What the answer says in `retryable`: the init's word, else the kind's. */
  get retryable(): boolean {
    return this.init.retryable ?? problemTypes[this.kind].retryable;
  }
}

export function problemError(status: ContentfulStatusCode, kind: ProblemKind, init: ProblemInit | string) {
  return new ProblemError(status, kind, typeof init === 'string' ? { detail: init } : init);
}

/** A 400 naming each offending parameter or property (docs/service-interface.md#malformed-input, rule 1). */
export function validationError(issues: Issue[]): ProblemError {
  return problemError(400, 'validation', { detail: validationDetail(issues), issues });
}
