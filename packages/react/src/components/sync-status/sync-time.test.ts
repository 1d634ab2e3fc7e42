import { describe, expect, it } from 'vitest';
import { backfillEndEstimate, relativeTime } from './sync-time.js';

const now = new Date('2026-11-22T12:00:00.000Z');

describe('relativeTime', () => {
  it('says how far a time is, in words, in the largest readable unit', () => {
    expect(relativeTime('2026-11-22T12:12:00.000Z', now, 'en')).toBe('in 12 minutes');
    expect(relativeTime('2026-11-22T11:57:00.000Z', now, 'en')).toBe('3 minutes ago');
    expect(relativeTime('2026-11-22T12:00:20.000Z', now, 'en')).toBe('in 20 seconds');
    expect(relativeTime('2026-11-22T15:00:00.000Z', now, 'en')).toBe('in 3 hours');
    expect(relativeTime('2026-11-20T12:00:00.000Z', now, 'en')).toBe('2 days ago');
    expect(relativeTime(now, now, 'en')).toBe('now');
  });

  it('speaks the locale it is given', () => {
    expect(relativeTime('2026-11-22T12:12:00.000Z', now, 'fr')).toBe('dans 12 minutes');
  });
});

describe('backfillEndEstimate', () => {
  const progress = {
    operationId: 'op-1',
    recordsProcessed: 250,
    recordsEstimatedTotal: 1000,
    startTime: '2026-11-22T11:59:00.000Z',
    updateTime: '2026-11-22T11:59:30.000Z',
    done: false,
  };

  it('projects the pace so far onto the records left', () => {
    // 250 records in 30 s: 750 more take 90 s after the last report.
    expect(backfillEndEstimate(progress, now)?.toISOString()).toBe('2026-11-22T12:01:00.000Z');
  });

  it('says nothing rather than guess: no total, nothing read yet, too early, or done', () => {
    expect(backfillEndEstimate({ ...progress, recordsEstimatedTotal: null }, now)).toBeNull();
    expect(backfillEndEstimate({ ...progress, recordsProcessed: 0 }, now)).toBeNull();
    expect(backfillEndEstimate({ ...progress, updateTime: '2026-11-22T11:59:01.000Z' }, now)).toBeNull();
    expect(backfillEndEstimate({ ...progress, done: true }, now)).toBeNull();
  });
});
