/**
 * Fuzz cases asserted as a fast-check property, so that a failing case is shrunk to a minimal one and
 * reported with the seed and path that replay it. The generated cases are first sent in parallel
 * (`runFuzz`, eight at a time) for the figures and to keep the run as fast as before; the property then
 * draws the very same inputs (one seed, one arbitrary: `fc.sample` and `fc.assert` agree) and takes each
 * one's verdict from that pre-check. Only the candidates fast-check tries while shrinking a failure are
 * new, and those are sent one by one.
 */
import fc from 'fast-check';
import type { FuzzCase, FuzzOperation, FuzzTally } from './run.js';
import { runFuzz } from './run.js';

export interface FuzzPropertyOptions<T> {
  operation: FuzzOperation;
  /** The inputs one case is built from (e.g. a generated body and the seed of its class and mutations). */
  inputs: fc.Arbitrary<T>;
  /** Builds one case from one input, the same case for the same input. */
  build: (input: T) => FuzzCase;
  numRuns: number;
  seed: number;
  /** Prints the pre-check's figures: called before the property, so they show even when it fails. */
  report: (tally: FuzzTally) => void;
}

/** What identifies a case: everything sent and expected (`verify` is a function, and leaves no trace). */
const keyOf = (c: FuzzCase) => JSON.stringify(c);

/** The pre-check's tally; throws fast-check's report (minimal case, seed, path) when a case fails. */
export async function assertFuzzProperty<T>(options: FuzzPropertyOptions<T>): Promise<FuzzTally> {
  const { operation, inputs, build, numRuns, seed, report } = options;
  const cases = fc.sample(inputs, { numRuns, seed }).map(build);
  const tally = await runFuzz(operation, cases);
  report(tally);
  const verdicts = new Map(cases.map((c) => [keyOf(c), tally.faults.get(c) ?? []]));
  await fc.assert(
    fc.asyncProperty(inputs, async (input) => {
      const c = build(input);
      const faults = verdicts.get(keyOf(c)) ?? (await runFuzz(operation, [c], 1)).faults.get(c) ?? [];
      if (faults.length > 0) throw new Error(faults.join('\n'));
    }),
    { numRuns, seed },
  );
  return tally;
}
