/**
 * Generated cases asserted as fast-check properties, so that a failing case is shrunk to a minimal one and
 * reported with the seed and path that replay it.
 *
 * Every input is first run once (the pre-check: in parallel where the test allows, and counted for the
 * figures, so a run takes as long as before and its figures show every case even when one fails). The
 * property then draws the very same inputs (one seed, one arbitrary: `fc.sample` and `fc.assert` agree,
 * and `assertPrechecked` fails if they ever do not) and takes each one's verdict from that pre-check. Only
 * the candidates fast-check tries while shrinking a failure are new: those run one by one, each in a slot
 * no other run used (a fresh group, idempotency key or address), so that re-sending a write is valid.
 */
import fc from 'fast-check';
import type { FuzzCase, FuzzOperation, FuzzTally } from './run.js';
import { runFuzz } from './run.js';

export interface PrecheckedOptions<T> {
  /** What one run is made from. */
  inputs: fc.Arbitrary<T>;
  numRuns: number;
  seed: number;
  /** Runs every input once, the i-th in slot i, and returns each one's faults in the same order. */
  precheck: (inputs: readonly T[]) => Promise<readonly (readonly string[])[]>;
  /** Runs one input a shrinking property tries, in `slot` (at least `numRuns`, never used before). */
  rerun: (input: T, slot: number) => Promise<readonly string[]>;
}

/** fast-check's own printing of a value, which tells apart what JSON would not (`-0`, `__proto__` keys). */
const keyOf = (input: unknown) => fc.stringify(input);

/** Throws fast-check's report (minimal case, seed, path) when an input has faults. */
export async function assertPrechecked<T>(options: PrecheckedOptions<T>): Promise<void> {
  const { inputs, numRuns, seed, precheck, rerun } = options;
  const drawn = fc.sample(inputs, { numRuns, seed });
  const faults = await precheck(drawn);
  const verdicts = new Map<string, readonly string[]>();
  drawn.forEach((input, index) => {
    const key = keyOf(input);
    verdicts.set(key, [...(verdicts.get(key) ?? []), ...(faults[index] ?? [])]);
  });
  let slot = numRuns;
  let reruns = 0;
  await fc.assert(
    fc.asyncProperty(inputs, async (input) => {
      let found = verdicts.get(keyOf(input));
      if (found === undefined) {
        reruns++;
        found = await rerun(input, slot++);
      }
      if (found.length > 0) throw new Error(found.join('\n'));
    }),
    { numRuns, seed },
  );
  // Nothing failed, so nothing was shrunk: every input the property drew must have been pre-checked.
  if (reruns > 0) throw new Error(`the property drew ${reruns} inputs the pre-check did not (seed ${seed})`);
}

export interface FuzzPropertyOptions<T> {
  operation: FuzzOperation;
  /** The inputs one case is built from (e.g. a generated body and the seed of its class and mutations). */
  inputs: fc.Arbitrary<T>;
  /**
   * Builds one case from one input and its slot, the same case for the same input and slot. A case that
   * writes takes what must be its own (group, idempotency key, address) from the slot.
   */
  build: (input: T, slot: number) => FuzzCase;
  numRuns: number;
  seed: number;
  /** Prints the pre-check's figures: called before the property, so they show even when it fails. */
  report: (tally: FuzzTally) => void;
}

/** `assertPrechecked` over HTTP cases: the pre-check sends them eight at a time; returns its tally. */
export async function assertFuzzProperty<T>(options: FuzzPropertyOptions<T>): Promise<FuzzTally> {
  const { operation, inputs, build, numRuns, seed, report } = options;
  let tally: FuzzTally | undefined;
  await assertPrechecked({
    inputs,
    numRuns,
    seed,
    precheck: async (drawn) => {
      const cases = drawn.map((input, slot) => build(input, slot));
      tally = await runFuzz(operation, cases);
      report(tally);
      const done = tally;
      return cases.map((c) => done.faults.get(c) ?? []);
    },
    rerun: async (input, slot) => {
      const c = build(input, slot);
      return (await runFuzz(operation, [c], 1)).faults.get(c) ?? [];
    },
  });
  return tally as FuzzTally;
}
