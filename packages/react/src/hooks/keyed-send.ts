import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../client/idempotency-key.js';
import { isRetryableError } from '../client/splice-error.js';
import type { SpliceResult } from './settle.js';
import { settle } from './settle.js';

/**
 * Sends a create or a save with one Idempotency-Key per attempt. A double click while the request runs
 * joins it instead of sending another; a repeat of the same content (a retry after a lost answer, and
 * TanStack Query's own retries) reuses the key, so the BFF acts once. The key is dropped once the server
 * has decided (success or a 4xx): repeating a decided request with the same key would only replay the
 * old answer, even after the user fixed the cause elsewhere (e.g. reconnected the account).
 */
export function useKeyedSend<T>() {
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const inFlight = useRef<Promise<SpliceResult<T>> | null>(null);
  return useCallback(
    (content: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<SpliceResult<T>> => {
      if (inFlight.current) return inFlight.current;
      const fingerprint = JSON.stringify(content);
      if (attempt.current?.fingerprint !== fingerprint)
        attempt.current = { key: newIdempotencyKey(), fingerprint };
      const pending = settle(send(attempt.current.key)).then((result) => {
        inFlight.current = null;
        if (result.ok || !isRetryableError(result.error)) attempt.current = null;
        return result;
      });
      inFlight.current = pending;
      return pending;
    },
    [],
  );
}
