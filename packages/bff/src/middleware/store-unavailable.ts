import { problemError } from '@splice/server-kit';

/**
 * A shared store (PostgreSQL) that cannot be reached makes the request a 503 with `Retry-After`, never a
 * 500: nothing is wrong with the request, and the same one may succeed in a moment.
 */
export async function fromStore<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw problemError(503, 'busy', {
      detail: 'The service is briefly unavailable. Try again in a moment.',
      retryAfterSeconds: 2,
    });
  }
}
