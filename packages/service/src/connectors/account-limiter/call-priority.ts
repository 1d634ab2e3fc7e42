/**
 * Which provider calls may wait. A call made while a user waits (search, the wizard's metadata, a sample
 * read, a synchronous write) is interactive; the read engine and the write queue run their calls inside
 * `inBackground`, so every call they make (pages, the prefetched next page, metadata a read needs) is
 * background, without each connector passing a flag through its layers.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type CallPriority = 'interactive' | 'background';

const background = new AsyncLocalStorage<true>();

/** Runs `work` so that the provider calls it makes go behind interactive ones. */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** The priority of a call made now: interactive unless inside `inBackground`. */
export function currentPriority(): CallPriority {
  return background.getStore() ? 'background' : 'interactive';
}
