/** How far `timeZone`'s clocks are ahead of UTC at `now`, in minutes (negative west of Greenwich). */
export function zoneOffsetMinutes(timeZone: string | undefined, now: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    ...(timeZone ? { timeZone } : {}),
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((wall - Math.floor(now.getTime() / 60_000) * 60_000) / 60_000);
}

export interface LocalTimePreset {
  /** The cron the service runs (it reads schedules in UTC). */
  cron: string;
  /** The chosen time in the user's zone, in minutes after midnight (540 for 09:00). */
  localMinutes: number;
  /** The same moment in UTC, in minutes after midnight (1020 for 17:00). */
  utcMinutes: number;
  /** Whether the user's zone is UTC at `now` (then there is one time to say, not two). */
  isUtc: boolean;
}

/**
 * A schedule at `hour:minute` of the user's own clock, every day or on one weekday (0 Sunday), as the
 * UTC cron the service runs: 09:00 in Los Angeles (UTC-8) is "0 17 * * *", and Monday 09:00 in Sydney
 * (UTC+11) is Sunday 22:00 UTC. The offset is today's: a daylight-saving change moves it by an hour,
 * which the schedule's preview (the next runs, in the user's time) shows.
 */
export function localTimePreset(
  hour: number,
  minute: number,
  weekday: number | undefined,
  timeZone: string | undefined,
  now: Date,
): LocalTimePreset {
  const offset = zoneOffsetMinutes(timeZone, now);
  const local = hour * 60 + minute;
  const shifted = local - offset;
  const utc = ((shifted % 1440) + 1440) % 1440;
  const dayShift = Math.floor(shifted / 1440);
  const day = weekday === undefined ? '*' : String((((weekday + dayShift) % 7) + 7) % 7);
  return {
    cron: `${utc % 60} ${Math.floor(utc / 60)} * * ${day}`,
    localMinutes: local,
    utcMinutes: utc,
    isUtc: offset === 0,
  };
}
