/**
 * A moment as every component writes it, in the user's time zone and named so: "Nov 23, 2026, 12:45 PM
 * PST" (in UTC: "… 8:45 PM UTC"). `timeZone` is for tests and hosts that know the user's zone better than
 * the browser; default the browser's.
 */
export function formatTime(time: string | Date, timeZone?: string): string {
  return new Date(time).toLocaleString(undefined, {
    ...(timeZone ? { timeZone } : {}),
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}
