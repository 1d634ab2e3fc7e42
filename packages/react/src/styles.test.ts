/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Read from disk: vitest does not process CSS imports, and jsdom's URL class is not accepted by node:fs.
const css = readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8');

/** The custom properties declared in the first block whose selector is exactly `selector`. */
function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`No block for ${selector}`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/(--splice-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]?.trim()]),
  );
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const light = tokens(':where([data-splice-root])');
const dark = { ...light, ...tokens(':where([data-splice-root][data-theme="dark"])') };

// Text pairs need 4.5:1 (WCAG 1.4.3); borders and focus rings 3:1 against what they sit on (1.4.11).
const textPairs: [string, string][] = [
  ['--splice-color-text', '--splice-color-bg'],
  ['--splice-color-text', '--splice-color-surface'],
  ['--splice-color-text-muted', '--splice-color-bg'],
  ['--splice-color-text-muted', '--splice-color-surface'],
  ['--splice-color-on-accent', '--splice-color-accent'],
  ['--splice-color-danger', '--splice-color-bg'],
  ['--splice-color-danger', '--splice-color-danger-surface'],
  ['--splice-color-success', '--splice-color-bg'],
  ['--splice-color-text', '--splice-color-success-surface'],
];
const uiPairs: [string, string][] = [
  ['--splice-color-border', '--splice-color-bg'],
  ['--splice-color-focus', '--splice-color-bg'],
  ['--splice-color-accent', '--splice-color-bg'],
];

describe('styles.css', () => {
  for (const [name, theme] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it.each(textPairs)(`gives ${name} text %s on %s a contrast of at least 4.5:1`, (fg, bg) => {
      expect(contrast(theme[fg]!, theme[bg]!)).toBeGreaterThanOrEqual(4.5);
    });
    it.each(uiPairs)(`gives ${name} control edge %s on %s a contrast of at least 3:1`, (fg, bg) => {
      expect(contrast(theme[fg]!, theme[bg]!)).toBeGreaterThanOrEqual(3);
    });
  }

  it('uses the dark tokens for the system theme when the OS prefers dark', () => {
    const media = css.slice(css.indexOf('@media (prefers-color-scheme: dark)'));
    for (const [name, value] of Object.entries(tokens(':where([data-splice-root][data-theme="dark"])'))) {
      expect(media).toContain(`${name}: ${value};`);
    }
  });

  it('declares every rule inside the zero-specificity Splice scope, so nothing leaks onto the host page', () => {
    const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
    const selectors = [...withoutComments.matchAll(/(^|})\s*([^{}@]+)\{/g)].map((m) => m[2]?.trim() ?? '');
    expect(selectors.length).toBeGreaterThan(10);
    for (const group of selectors) {
      for (const selector of group.split(/,(?![^(]*\))/)) {
        expect(selector.trim().startsWith(':where([data-splice-root]')).toBe(true);
      }
    }
  });

  it('loads nothing remote: no @import, no url(), no font-face', () => {
    expect(css).not.toMatch(/@import|url\(|@font-face/);
  });
});
