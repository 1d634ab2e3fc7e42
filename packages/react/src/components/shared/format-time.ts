/**
 * A moment as every component writes it, in `locale` (the provider's, so a German page reads
 * "21. Nov. 2026, 11:00 MEZ" whatever the browser's language) and the user's time zone, named so: "Nov 23,
 * 2026, 12:45 PM PST" in `en`. `timeZone` is for tests and hosts that know the user's zone better than the
 * browser; default the browser's.
 */
export function formatTime(time: string | Date, locale: string, timeZone?: string): string {
  return new Date(time).toLocaleString(locale, {
    ...(timeZone ? { timeZone } : {}),
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/**
 * A time of day, `minutes` after midnight, as `locale` writes it: "9:00 AM" in `en`, "9:00" in `de`.
 * Formatted as that UTC wall time so no zone or daylight-saving change can move it.
 */
export function formatTimeOfDay(minutes: number, locale: string): string {
  return new Date(Date.UTC(1970, 0, 1, 0, minutes)).toLocaleTimeString(locale, {
    timeZone: 'UTC',
    hour: 'numeric',
    minute: '2-digit',
  });
}
