import type { FullConfig, Reporter, Suite } from '@playwright/test/reporter';

/**
 * Prints one plain closing line, `N passed, N failed, N skipped`, after the list reporter's output, like
 * the Vitest run before it (scripts/summary-reporter.ts), so CI logs read the same way for both runners.
 */
export default class SummaryReporter implements Reporter {
  private root: Suite | undefined;

  onBegin(_config: FullConfig, suite: Suite) {
    this.root = suite;
  }

  onEnd() {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const test of this.root?.allTests() ?? []) {
      const outcome = test.outcome();
      if (outcome === 'expected' || outcome === 'flaky') counts.passed++;
      else if (outcome === 'unexpected') counts.failed++;
      else counts.skipped++;
    }
    process.stdout.write(
      `\nplaywright: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }

  printsToStdio() {
    return false;
  }
}
