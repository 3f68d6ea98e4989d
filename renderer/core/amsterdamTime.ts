/**
 * Wall time in the Netherlands (Europe/Amsterdam) and the instants it names, worked out with Intl
 * (no time zone library). A date and time an applicant types is read as Dutch wall time; it is
 * stored as RFC 3339 with the offset of that moment ('2026-03-29T14:30:00+02:00') and shown back as
 * Dutch wall time (`dateTimeText.ts`). On the spring night the clock jumps from 02:00 to 03:00 the
 * hour between does not exist: it names no instant. On the autumn night 02:00-02:59 happens twice:
 * it names the first of the two (summer time, +02:00), as java.time and Temporal choose by default.
 * Kept small: the format check, in the first script, asks whether a wall time exists.
 */

/** A date and a time of day on the clock, month 1-12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
let zone: Intl.DateTimeFormat | undefined;

/** The offset of Dutch wall time from UTC at `instant`, in minutes (60 in winter, 120 in summer). */
export function amsterdamOffset(instant: number): number {
  zone ??= new Intl.DateTimeFormat('en', { timeZone: 'Europe/Amsterdam', timeZoneName: 'longOffset' });
  // 'GMT+02:00'; plain 'GMT' at offset zero.
  const [, sign, hours, minutes] = /GMT(?:([+-])(\d+):(\d+))?/.exec(zone.format(instant)) ?? [];
  return hours === undefined ? 0 : (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

/** The wall time read as if it were UTC, in milliseconds: the clock's own number line. */
export const asUtc = (wall: WallTime) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/**
 * The instant the Dutch wall time names: the earlier one where the clock shows it twice (autumn),
 * undefined where it never shows it (the spring hour skipped).
 */
export function amsterdamInstant(wall: WallTime): number | undefined {
  const local = asUtc(wall);
  let found: number | undefined;
  // The offsets in force a day either side cover any change of the clock in between.
  for (const offset of [amsterdamOffset(local - DAY_MS), amsterdamOffset(local + DAY_MS)]) {
    const instant = local - offset * MINUTE_MS;
    if (amsterdamOffset(instant) === offset && (found === undefined || instant < found)) found = instant;
  }
  return found;
}
