import { describe, expect, it } from 'vitest';
import { formatTime, formatTimeOfDay } from './format-time.js';

describe('formatTime', () => {
  it('writes a moment in the user’s zone and names the zone', () => {
    expect(formatTime('2026-11-21T10:00:00.000Z', 'en', 'America/Los_Angeles')).toBe(
      'Nov 21, 2026, 2:00 AM PST',
    );
    expect(formatTime('2026-11-21T10:00:00.000Z', 'en', 'UTC')).toBe('Nov 21, 2026, 10:00 AM UTC');
  });

  it('writes it as the given locale does, whatever the browser’s language', () => {
    expect(formatTime('2026-11-21T10:00:00.000Z', 'de', 'Europe/Berlin')).toBe('21. Nov. 2026, 11:00 MEZ');
  });
});

describe('formatTimeOfDay', () => {
  it('writes a time of day with the locale’s clock', () => {
    expect(formatTimeOfDay(17 * 60 + 30, 'en')).toBe('5:30 PM');
    expect(formatTimeOfDay(17 * 60 + 30, 'de')).toBe('17:30');
  });
});
