import { describe, expect, it } from 'vitest';
import { toIsoString } from './iso-time.js';
import { mulberry32 } from './prng.js';

describe('toIsoString', () => {
  it('equals Date#toISOString', () => {
    const random = mulberry32(7);
    const samples = [
      0,
      1,
      999,
      86_399_999,
      86_400_000,
      Date.UTC(2024, 1, 29, 23, 59, 59, 5),
      Date.UTC(9999, 11, 31),
    ];
    for (let n = 0; n < 10_000; n++) samples.push(Math.floor(random() * Date.UTC(2100, 0, 1)));
    for (const ms of samples) expect(toIsoString(ms)).toBe(new Date(ms).toISOString());
  });
});
