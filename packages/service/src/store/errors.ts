/**
 * Typed store errors, so routes can map storage outcomes to problems without knowing the database:
 * `ConflictError` becomes a 409, `MissingReferenceError` a 404/422 (whichever the route documents).
 */

/** A row would break a uniqueness rule (for example a second installation for the same group). */
export class ConflictError extends Error {
  override readonly name = 'ConflictError';
  constructor(
    /** The entity that could not be written, e.g. `installation`. */
    readonly entity: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A row names a parent (project, group, connection, ...) that does not exist. */
export class MissingReferenceError extends Error {
  override readonly name = 'MissingReferenceError';
  constructor(
    readonly entity: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The database cannot be reached (refused, dropped or timed-out connections, a server shutting down). Nothing
 * is wrong with the request: routes answer 503 with `Retry-After`, and the same call may succeed in a moment.
 * Only a networked store (PostgreSQL) throws it; the translation lives in `pg/query.ts`.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
