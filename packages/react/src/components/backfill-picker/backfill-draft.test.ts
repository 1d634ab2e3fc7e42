import { describe, expect, it } from 'vitest';
import { defaultPresets, draftFrom, parseCustomDays, sameBackfill, valueFrom } from './backfill-draft.js';

describe('backfill draft', () => {
  it('reads a stored backfill with both members as what it means', () => {
    expect(draftFrom({ defaultPeriod: { days: 0, fullHistory: false } }, defaultPresets).mode).toBe('none');
    expect(draftFrom({ defaultPeriod: { days: 30, fullHistory: true } }, defaultPresets).mode).toBe('full');
    expect(draftFrom(undefined, defaultPresets).mode).toBe('none');
  });

  it('treats days: 0, an empty period and fullHistory: false as the same "no backfill"', () => {
    expect(sameBackfill({ defaultPeriod: { days: 0 } }, { defaultPeriod: {} })).toBe(true);
    expect(sameBackfill({ defaultPeriod: { fullHistory: false } }, undefined)).toBe(true);
    expect(sameBackfill({ defaultPeriod: { days: 7 } }, { defaultPeriod: { days: 30 } })).toBe(false);
  });

  it('emits nothing for a custom number that is not valid yet', () => {
    expect(valueFrom({ mode: 'days', choice: 'custom', customText: '' }, 100)).toBeUndefined();
    expect(valueFrom({ mode: 'days', choice: 'custom', customText: '101' }, 100)).toBeUndefined();
    expect(valueFrom({ mode: 'days', choice: 'custom', customText: '100' }, 100)).toEqual({
      defaultPeriod: { days: 100 },
    });
  });

  it('refuses exponent and signed forms that Number() would accept', () => {
    expect(parseCustomDays('1e3', 36_500)).toEqual({ error: 'invalid' });
    expect(parseCustomDays('+5', 36_500)).toEqual({ error: 'invalid' });
    expect(parseCustomDays(' 12 ', 36_500)).toEqual({ days: 12 });
  });
});
