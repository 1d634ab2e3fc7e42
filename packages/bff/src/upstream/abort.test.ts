import { describe, expect, it } from 'vitest';
import { Abort } from './abort.js';

const aborted = (abort: Abort) => new Promise<unknown>((resolve) => abort.onAbort(resolve));

describe('Abort', () => {
  it('tells every listener once, with the first reason', () => {
    const abort = new Abort();
    const seen: unknown[] = [];
    abort.onAbort((reason) => seen.push(['a', reason]));
    abort.onAbort((reason) => seen.push(['b', reason]));
    abort.abort('first');
    abort.abort('second');
    expect(seen).toEqual([
      ['a', 'first'],
      ['b', 'first'],
    ]);
    expect(abort.reason).toBe('first');
  });

  it('calls a listener added after the abort at once, and not one that stopped listening', () => {
    const abort = new Abort();
    const stopped: unknown[] = [];
    abort.onAbort((reason) => stopped.push(reason))();
    abort.abort('gone');
    let late: unknown;
    abort.onAbort((reason) => {
      late = reason;
    });
    expect(late).toBe('gone');
    expect(stopped).toEqual([]);
  });

  it('aborts with its parent’s reason when the parent aborts', async () => {
    const request = new Abort();
    const call = new Abort({ parent: request, timeoutMs: 10_000 });
    const seen = aborted(call);
    request.abort(new Error('client gone'));
    expect(((await seen) as Error).message).toBe('client gone');
    expect(call.aborted).toBe(true);
  });

  it('aborts at its own deadline, on time, with the reason it was given', async () => {
    const call = new Abort({ timeoutMs: 50, timeoutReason: () => new Error('upstream deadline') });
    const started = performance.now();
    expect(((await aborted(call)) as Error).message).toBe('upstream deadline');
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('starts aborted when its parent already is', () => {
    const request = new Abort();
    request.abort(new Error('already'));
    const call = new Abort({ parent: request, timeoutMs: 10_000 });
    expect(call.aborted).toBe(true);
    expect((call.reason as Error).message).toBe('already');
  });

  it('once disposed, neither its deadline nor its parent aborts it', async () => {
    const request = new Abort();
    const call = new Abort({ parent: request, timeoutMs: 20 });
    call.dispose();
    request.abort(new Error('later'));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(call.aborted).toBe(false);
  });
});
