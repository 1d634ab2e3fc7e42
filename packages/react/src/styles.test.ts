/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Read from disk: vitest does not process CSS imports, and jsdom's URL class is not accepted by node:fs.
const css = readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8');

/** The first block whose selector is exactly `selector`. */
function block(selector: string): string {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`No block for ${selector}`);
  return css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
}

/** The custom properties of a block, each `light-dark(a, b)` taken on the side `scheme` picks. */
function tokens(selector: string, scheme: 'light' | 'dark'): Record<string, string> {
  return Object.fromEntries(
    [...block(selector).matchAll(/(--splice-[\w-]+):\s*([^;]+);/g)].map((m) => {
      const value = m[2]?.trim() ?? '';
      const pair = /^light-dark\(\s*([^,]+),\s*([^)]+)\)$/.exec(value);
      return [m[1], pair ? (scheme === 'light' ? pair[1] : pair[2])?.trim() : value];
    }),
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

const light = tokens(':where([data-splice-root])', 'light');
const dark = tokens(':where([data-splice-root])', 'dark');

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

  it('defines the dark colours once: the dark theme and the system theme only choose a colour scheme', () => {
    expect(block(':where([data-splice-root][data-theme="dark"])').trim()).toBe('color-scheme: dark;');
    expect(block(':where([data-splice-root][data-theme="system"])').trim()).toBe('color-scheme: light dark;');
    expect(css).not.toContain('prefers-color-scheme');
    // Every colour differs between the themes unless it is meant to be one (the border reads on both).
    const same = Object.keys(light).filter((name) => name.includes('color') && light[name] === dark[name]);
    expect(same).toEqual(['--splice-color-border']);
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

  it('names no physical side, so a right-to-left root mirrors every margin, padding, border and offset', () => {
    const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
    const physical = [
      ...withoutComments.matchAll(
        /[\s;{]((?:margin|padding|border|inset|scroll-margin|scroll-padding)-(?:left|right|top|bottom)(?:-[\w-]+)?|left|right|top|bottom|float)\s*:/g,
      ),
    ].map((m) => m[1]);
    expect(physical).toEqual([]);
    expect(withoutComments).not.toMatch(
      /text-align:\s*(left|right)|float:\s*(left|right)|clear:\s*(left|right)/,
    );
  });

  it('loads nothing remote: no @import, no url(), no font-face', () => {
    expect(css).not.toMatch(/@import|url\(|@font-face/);
  });
});
