import { describe, expect, it } from 'vitest';
import { linkedAbort } from './linked-abort.js';

describe('linkedAbort', () => {
  it('aborts with the parent, with its reason', () => {
    const parent = new AbortController();
    const { controller } = linkedAbort(parent.signal);
    const reason = new Error('client gone');
    parent.abort(reason);
    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toBe(reason);
  });

  it('starts aborted under an aborted parent', () => {
    const { controller } = linkedAbort(AbortSignal.abort(new Error('already')));
    expect(controller.signal.aborted).toBe(true);
  });

  it('aborts on its own without touching the parent, and stops listening once disposed', () => {
    const parent = new AbortController();
    const first = linkedAbort(parent.signal);
    first.controller.abort(new Error('deadline'));
    expect(parent.signal.aborted).toBe(false);
    const second = linkedAbort(parent.signal);
    second.dispose();
    parent.abort();
    expect(second.controller.signal.aborted).toBe(false);
  });
});
