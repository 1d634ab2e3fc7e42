import type { BackfillProgressView } from '@splice/schema';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * "in 12 minutes", "3 hours ago": the distance from `now` to `time` in the largest unit that keeps it
 * readable, in the given locale (Intl.RelativeTimeFormat, so a host's translation gets its grammar).
 */
export function relativeTime(time: string | Date, now: Date, locale: string): string {
  const diff = new Date(time).getTime() - now.getTime();
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const size = Math.abs(diff);
  if (size < 45 * second) return format.format(Math.round(diff / second), 'second');
  if (size < 45 * minute) return format.format(Math.round(diff / minute), 'minute');
  if (size < 22 * hour) return format.format(Math.round(diff / hour), 'hour');
  return format.format(Math.round(diff / day), 'day');
}

/**
 * When the backfill should end at the pace it has kept so far, or null when that cannot be said
 * honestly: no estimated total, nothing processed yet, or too little time gone to know the pace.
 */
export function backfillEndEstimate(backfill: BackfillProgressView, now: Date): Date | null {
  const total = backfill.recordsEstimatedTotal;
  const processed = backfill.recordsProcessed;
  if (backfill.done || total === null || processed <= 0 || !backfill.startTime) return null;
  const start = new Date(backfill.startTime).getTime();
  // The pace up to the last progress report; time since then is waiting, not reading.
  const until = backfill.updateTime ? new Date(backfill.updateTime).getTime() : now.getTime();
  const elapsed = until - start;
  if (elapsed < 3 * second) return null;
  const remaining = Math.max(0, total - processed);
  return new Date(until + (remaining * elapsed) / processed);
}
