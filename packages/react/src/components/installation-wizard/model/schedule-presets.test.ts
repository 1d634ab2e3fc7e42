import { describe, expect, it } from 'vitest';
import { localTimePreset } from './schedule-presets.js';

const winter = new Date('2026-11-26T12:00:00Z');

describe('a schedule chosen as 09:00 runs at 09:00 on the user’s clock', () => {
  it('in Los Angeles (UTC-8) every day at 09:00 is 17:00 UTC, and says both', () => {
    expect(localTimePreset(9, 0, undefined, 'America/Los_Angeles', winter)).toEqual({
      cron: '0 17 * * *',
      localMinutes: 9 * 60,
      utcMinutes: 17 * 60,
      isUtc: false,
    });
  });

  it('moves the weekday with the time: Monday 09:00 in Sydney (UTC+11) is Sunday 22:00 UTC', () => {
    expect(localTimePreset(9, 0, 1, 'Australia/Sydney', winter).cron).toBe('0 22 * * 0');
  });

  it('keeps half-hour zones’ minutes: 09:00 in Kolkata (UTC+5:30) is 03:30 UTC', () => {
    expect(localTimePreset(9, 0, undefined, 'Asia/Kolkata', winter).cron).toBe('30 3 * * *');
  });

  it('in UTC is 09:00 UTC, one time to say', () => {
    expect(localTimePreset(9, 0, 1, 'UTC', winter)).toMatchObject({ cron: '0 9 * * 1', isUtc: true });
  });
});
