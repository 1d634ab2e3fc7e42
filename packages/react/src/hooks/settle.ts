import type { SpliceError } from '../client/splice-error.js';

/** What an action hook's call resolves to. It never rejects, so a click handler may ignore it safely. */
export type SpliceResult<T> = { ok: true; data: T } | { ok: false; error: SpliceError };

export function settle<T>(promise: Promise<T>): Promise<SpliceResult<T>> {
  return promise.then(
    (data) => ({ ok: true as const, data }),
    (error: SpliceError) => ({ ok: false as const, error }),
  );
}
