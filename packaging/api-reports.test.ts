import { expect, it } from 'vitest';
import { apiReports, describeChanges } from '../scripts/api-report.js';

// Each package's public surface is committed as api/<name>.api.md (API Extractor); a change to what a
// package exports must come with its report, so a reviewer sees it in the diff.
it(
  'every public entry point matches its committed API report',
  async () => {
    const outcomes = await apiReports(false);
    for (const outcome of outcomes) {
      console.log(`api report: ${outcome.changed ? 'CHANGED  ' : 'unchanged'} ${outcome.report}`);
    }
    expect(outcomes.length).toBeGreaterThanOrEqual(4);
    const changed = outcomes.filter((outcome) => outcome.changed);
    expect(changed.length, describeChanges(outcomes)).toBe(0);
  },
  10 * 60_000,
);
