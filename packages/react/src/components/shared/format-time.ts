/**
 * A moment as every component writes it: "Nov 23, 2026, 8:45 PM UTC". Schedules run in UTC (see
 * nextRuns), so times are shown in UTC everywhere, named so, and to the minute.
 */
export function formatTime(time: string | Date): string {
  return `${new Date(time).toLocaleString(undefined, { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} UTC`;
}
