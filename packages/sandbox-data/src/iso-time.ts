/**
 * Fast ISO 8601 formatting for generated timestamps. `Date#toISOString` costs about half a microsecond, which
 * is a second of a million-contact seed; the generator's instants fall on a few thousand distinct days, so the
 * date part is cached per day and only the time of day is formatted. Output equals `toISOString()` for any
 * instant from 1970 to 9999.
 */

const dayMs = 86_400_000;
const datePrefixes = new Map<number, string>();
const twoDigits = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

export function toIsoString(ms: number): string {
  const dayIndex = Math.floor(ms / dayMs);
  let prefix = datePrefixes.get(dayIndex);
  if (prefix === undefined) {
    prefix = new Date(dayIndex * dayMs).toISOString().slice(0, 11);
    datePrefixes.set(dayIndex, prefix);
  }
  const msOfDay = ms - dayIndex * dayMs;
  const seconds = Math.floor(msOfDay / 1000);
  const millis = String(msOfDay % 1000).padStart(3, '0');
  return `${prefix}${twoDigits[Math.floor(seconds / 3600)]}:${twoDigits[Math.floor(seconds / 60) % 60]}:${twoDigits[seconds % 60]}.${millis}Z`;
}
