/**
 * The activity generator's timer, on fake time over a real HubSpot account store: it applies its rate on
 * average (also rates below one a tick), applies nothing without a rate, and stops when told.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hubSpotActivityTarget } from '../hubspot/activity-target.js';
import { CrmStore } from '../hubspot/crm-store.js';
import { generateCrmRecords } from '../hubspot/data-set.js';
import { lastModifiedProperty, objectTypes } from '../hubspot/object-types.js';
import { type ActivityOptions, type ActivityTarget, startActivity } from './activity-generator.js';
import { GeneratedRecords } from './generated-records.js';

const counts = { contacts: 40, companies: 5, deals: 10 };

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 2, 1) });
});
afterEach(() => {
  vi.useRealTimers();
});

/** An account store and a generator over it, counting the changes the generator makes to the store. */
function account(options: ActivityOptions) {
  const store = new CrmStore(generateCrmRecords(counts, 7), Date.now);
  const target = hubSpotActivityTarget(store);
  let changes = 0;
  const counted: ActivityTarget = {
    ...target,
    create(kind, source) {
      const id = target.create(kind, source);
      if (id !== undefined) changes++;
      return id;
    },
    update(kind, id, draw) {
      changes++;
      target.update(kind, id, draw);
    },
    remove(kind, id) {
      changes++;
      target.remove(kind, id);
    },
  };
  const activity = startActivity(counted, new GeneratedRecords(counts, 7), {
    ...options,
    seed: 1,
    now: Date.now,
  });
  /** Records stamped at or after `since`, by the store's own modification times. */
  const stampedSince = (since: number) =>
    objectTypes.flatMap((type) =>
      store
        .live(type)
        .filter((record) => Date.parse(record.properties[lastModifiedProperty[type]]!) >= since),
    ).length;
  return { activity, stampedSince, changes: () => changes };
}

describe('activity timer', () => {
  it('applies its rate per minute, stamping the records at the time of each tick', async () => {
    const since = Date.now();
    const { activity, stampedSince, changes } = account({ changesPerMinute: 6, tickMs: 1_000 });
    vi.advanceTimersByTime(60_000);
    expect(changes()).toBe(6);
    expect(stampedSince(since + 1)).toBeGreaterThan(0);
    expect(stampedSince(Date.now() + 1)).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(changes()).toBe(12);
    activity.stop();
  });

  it('meets a rate below one per tick on average', () => {
    const { activity, changes } = account({ changesPerMinute: 0.5, tickMs: 1_000 });
    vi.advanceTimersByTime(4 * 60_000);
    expect(changes()).toBe(2);
    activity.stop();
  });

  it('starts no timer without a rate, and still applies changes on demand', () => {
    const { activity, changes } = account({});
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10 * 60_000);
    expect(changes()).toBe(0);
    expect(activity.applyChanges(3)).toHaveLength(3);
    expect(changes()).toBe(3);
  });

  it('reports a change that fails and goes on changing the account', () => {
    const store = new CrmStore(generateCrmRecords(counts, 7), Date.now);
    const target = hubSpotActivityTarget(store);
    let calls = 0;
    const failingOnce: ActivityTarget = {
      ...target,
      update(kind, id, draw) {
        calls++;
        if (calls === 1) throw new Error('the store refused the change');
        target.update(kind, id, draw);
      },
    };
    const warnings: string[] = [];
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation((warning) => {
      warnings.push(String(warning));
    });
    try {
      const activity = startActivity(failingOnce, new GeneratedRecords(counts, 7), {
        changesPerMinute: 60,
        seed: 1,
        now: Date.now,
      });
      expect(() => vi.advanceTimersByTime(30_000)).not.toThrow();
      expect(warnings).toEqual([expect.stringContaining('the store refused the change')]);
      expect(calls).toBeGreaterThan(1);
      activity.stop();
    } finally {
      warn.mockRestore();
    }
  });

  it('applies nothing more once stopped', () => {
    const { activity, changes } = account({ changesPerMinute: 60, tickMs: 1_000 });
    vi.advanceTimersByTime(10_000);
    expect(changes()).toBe(10);
    activity.stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(changes()).toBe(10);
  });
});
