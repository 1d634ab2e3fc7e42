/**
 * A seeded pseudo-random generator (mulberry32): 32-bit state, integer arithmetic only, so the same seed gives
 * the same sequence on every machine and Node version (Math.random cannot be seeded).
 */

export type Random = () => number;

/** Returns a generator of floats in [0, 1). */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes two integers into a well-spread 32-bit seed, to derive independent streams from one seed. */
export function mixSeed(seed: number, stream: number): number {
  let h = Math.imul((seed ^ 0x9e3779b9) >>> 0, 0x85ebca6b) ^ Math.imul(stream + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** An integer in [min, max]. */
export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Picks by weight; `weights` are parallel to `items` and need not sum to 1. */
export function weightedPicker<T>(items: readonly T[], weights: readonly number[]): (random: Random) => T {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const cumulative: number[] = [];
  let running = 0;
  for (const weight of weights) {
    running += weight / total;
    cumulative.push(running);
  }
  return (random) => {
    const roll = random();
    for (let index = 0; index < cumulative.length; index++) {
      if (roll < cumulative[index]!) return items[index]!;
    }
    return items[items.length - 1]!;
  };
}
