import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe with the WCAG 2.2 AA rules over the whole page and expects no violation at all. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const { violations, passes } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  // Rules that passed prove axe saw the page rather than an empty document.
  expect(passes.length, `axe checked nothing on ${label}`).toBeGreaterThan(5);
  const found = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }));
  expect(found, `axe violations on ${label}`).toEqual([]);
}
