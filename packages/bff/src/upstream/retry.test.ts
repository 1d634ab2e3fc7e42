import { describe, expect, it } from 'vitest';
import { Abort } from './abort.js';
import { backoffDelay, withRetries } from './retry.js';
import { UpstreamFault } from './upstream-fault.js';

const policy = { retries: 2, baseDelayMs: 1, maxDelayMs: 5 };
const never = new Abort();

describe('withRetries', () => {
  it('retries a retryable fault at most `retries` times', async () => {
    let attempts = 0;
    const run = withRetries(policy, never, async () => {
      attempts++;
      throw new UpstreamFault('reset', 'op', 'reset');
    });
    await expect(run).rejects.toBeInstanceOf(UpstreamFault);
    expect(attempts).toBe(3);
  });

  it('returns as soon as an attempt succeeds', async () => {
    let attempts = 0;
    const value = await withRetries(policy, never, async () => {
      attempts++;
      if (attempts < 2) throw new UpstreamFault('server-error', 'op', '503');
      return 'ok';
    });
    expect(value).toBe('ok');
    expect(attempts).toBe(2);
  });

  it('does not retry a timeout, a decided answer or a programming error', async () => {
    for (const error of [
      new UpstreamFault('timeout', 'op', 'slow'),
      new UpstreamFault('malformed', 'op', 'x'),
      new TypeError('bug'),
    ]) {
      let attempts = 0;
      await expect(
        withRetries(policy, never, async () => {
          attempts++;
          throw error;
        }),
      ).rejects.toBe(error);
      expect(attempts).toBe(1);
    }
  });

  it('stops waiting to retry when the request aborts, with the attempt’s fault', async () => {
    const abort = new Abort();
    const fault = new UpstreamFault('reset', 'op', 'reset');
    let attempts = 0;
    const run = withRetries({ retries: 2, baseDelayMs: 60_000, maxDelayMs: 60_000 }, abort, async () => {
      attempts++;
      setTimeout(() => abort.abort(new Error('client gone')), 10);
      throw fault;
    });
    await expect(run).rejects.toBe(fault);
    expect(attempts).toBe(1);
  });
});

describe('backoffDelay', () => {
  it('is jittered between zero and an exponential cap', () => {
    const p = { retries: 2, baseDelayMs: 100, maxDelayMs: 1_000 };
    expect(backoffDelay(p, 0, () => 0)).toBe(0);
    expect(backoffDelay(p, 0, () => 0.999)).toBe(99);
    expect(backoffDelay(p, 2, () => 0.999)).toBe(399);
    expect(backoffDelay(p, 10, () => 0.999)).toBe(999);
  });
});
