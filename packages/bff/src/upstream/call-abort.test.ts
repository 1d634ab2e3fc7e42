import { describe, expect, it } from 'vitest';
import { CallAbort } from './call-abort.js';

const aborted = (abort: CallAbort) => new Promise<void>((resolve) => abort.once('abort', () => resolve()));

describe('CallAbort', () => {
  it('aborts with the request’s reason when the request’s signal aborts', async () => {
    const request = new AbortController();
    const abort = new CallAbort(request.signal, 10_000);
    const seen = aborted(abort);
    request.abort(new Error('client gone'));
    await seen;
    expect(abort.aborted).toBe(true);
    expect((abort.reason as Error).message).toBe('client gone');
    abort.dispose();
  });

  it('aborts at its own deadline, on time', async () => {
    const abort = new CallAbort(new AbortController().signal, 50);
    const started = performance.now();
    await aborted(abort);
    expect(performance.now() - started).toBeLessThan(250);
    expect((abort.reason as Error).message).toBe('upstream deadline');
    abort.dispose();
  });

  it('starts aborted when the request already is', () => {
    const request = new AbortController();
    request.abort(new Error('already'));
    const abort = new CallAbort(request.signal, 10_000);
    expect(abort.aborted).toBe(true);
    expect((abort.reason as Error).message).toBe('already');
    abort.dispose();
  });

  it('once disposed, neither the deadline nor the request aborts it', async () => {
    const request = new AbortController();
    const abort = new CallAbort(request.signal, 20);
    abort.dispose();
    request.abort(new Error('later'));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(abort.aborted).toBe(false);
  });
});
