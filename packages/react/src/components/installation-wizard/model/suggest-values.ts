/** Lower-case letters and digits only, so "Closed Won", "closed_won" and "closedWon" compare equal. */
function normalise(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Sørensen-Dice similarity of two strings' letter pairs, 0 to 1; robust to word order and small typos. */
export function similarity(a: string, b: string): number {
  const x = normalise(a);
  const y = normalise(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  if (x.length < 2 || y.length < 2) return x[0] === y[0] ? 0.3 : 0;
  const pairs = new Map<string, number>();
  for (let i = 0; i < x.length - 1; i++) {
    const pair = x.slice(i, i + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < y.length - 1; i++) {
    const pair = y.slice(i, i + 2);
    const count = pairs.get(pair) ?? 0;
    if (count > 0) {
      pairs.set(pair, count - 1);
      shared++;
    }
  }
  const containment = x.includes(y) || y.includes(x) ? 0.2 : 0;
  return Math.min(1, (2 * shared) / (x.length + y.length - 2) + containment);
}

export interface ValueOption {
  value: string;
  label: string;
}

/**
 * Suggests a provider value for each app value by closest name (value or label, whichever is closer),
 * one-to-one (docs/service-interface.md#mapping-behaviour: value mappings are one-to-one): best pairs are taken first, each provider value
 * used once, and pairs below `threshold` are left for the user.
 */
export function suggestValueMapping(
  appValues: readonly ValueOption[],
  providerValues: readonly ValueOption[],
  threshold = 0.5,
): Record<string, string> {
  const candidates: Array<{ app: string; provider: string; score: number }> = [];
  for (const app of appValues) {
    for (const provider of providerValues) {
      const score = Math.max(
        similarity(app.value, provider.value),
        similarity(app.label, provider.label),
        similarity(app.value, provider.label),
        similarity(app.label, provider.value),
      );
      if (score >= threshold) candidates.push({ app: app.value, provider: provider.value, score });
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  const suggestion: Record<string, string> = {};
  const used = new Set<string>();
  for (const { app, provider } of candidates) {
    if (app in suggestion || used.has(provider)) continue;
    suggestion[app] = provider;
    used.add(provider);
  }
  return suggestion;
}
