import { appendFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sizeName } from './size.js';

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

/**
 * Prints one line of figures for a test, `[name] a, b, c`, and appends it with its numbers to
 * `reliability/results/<size>.jsonl` (git-ignored) so a run's figures can be copied into SECURITY.md.
 */
export function figures(name: string, line: string, numbers: Record<string, unknown> = {}): void {
  console.log(`[${name}] ${line}`);
  try {
    mkdirSync(resultsDir, { recursive: true });
    appendFileSync(
      `${resultsDir}${sizeName}.jsonl`,
      `${JSON.stringify({ time: new Date().toISOString(), size: sizeName, name, line, ...numbers })}\n`,
    );
  } catch {
    // Figures on the console are what counts; a read-only checkout only loses the file.
  }
}

/** Percentile of already sorted numbers (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

export function ms(value: number): string {
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
}

/** A bounded list of examples of what went wrong, for the assertion message. */
export class Failures {
  readonly examples: string[] = [];
  count = 0;
  constructor(readonly keep = 5) {}
  add(description: string): void {
    this.count++;
    if (this.examples.length < this.keep) this.examples.push(description);
  }
  toString(): string {
    return this.count === 0 ? 'none' : `${this.count}, e.g.:\n${this.examples.join('\n')}`;
  }
}
