/**
 * Stored dates and times as the applicant reads and types them: a date and time with its offset
 * ('2026-03-29T14:30:00+02:00') is Dutch wall time ('29-03-2026 14:30'), a time of day as rjsf
 * stores it ('14:30:00') is '14:30'. Kept apart from the checks (`formats.ts`), which the first
 * script carries: only the date-and-time field and the review need these.
 */
import { amsterdamInstant, amsterdamOffset, asUtc, type WallTime } from './amsterdamTime';
import { dateTimeParts } from './formats';

const two = (value: number) => String(value).padStart(2, '0');

/** The wall time in the Netherlands at `instant` (milliseconds since 1970, UTC). */
export function amsterdamWall(instant: number): WallTime {
  const clock = new Date(Math.floor(instant / 1000) * 1000 + amsterdamOffset(instant) * 60_000);
  return {
    year: clock.getUTCFullYear(),
    month: clock.getUTCMonth() + 1,
    day: clock.getUTCDate(),
    hour: clock.getUTCHours(),
    minute: clock.getUTCMinutes(),
    second: clock.getUTCSeconds(),
  };
}

/** RFC 3339 of the Dutch wall time with its offset ('2026-03-29T14:30:00+02:00'), or undefined where it does not exist. */
export function amsterdamDateTime(wall: WallTime): string | undefined {
  const instant = amsterdamInstant(wall);
  if (instant === undefined) return undefined;
  const offset = amsterdamOffset(instant);
  const date = `${String(wall.year).padStart(4, '0')}-${two(wall.month)}-${two(wall.day)}`;
  const zone = `${offset < 0 ? '-' : '+'}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
  return `${date}T${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}${zone}`;
}

/** The Dutch wall time of a stored date and time with its offset; undefined for anything else. */
export function storedWall(value: string): WallTime | undefined {
  const parts = dateTimeParts(value);
  if (!parts || parts.offset === undefined) return undefined;
  const zone = parts.offset.toUpperCase() === 'Z' ? [0, 0] : parts.offset.slice(1).split(':').map(Number);
  const offset = (parts.offset.startsWith('-') ? -1 : 1) * (zone[0] * 60 + zone[1]);
  return amsterdamWall(asUtc(parts.wall) - offset * 60_000);
}

/** The date as typed ('29-03-2026') and the time as typed ('14:30', seconds only when there are any). */
export function dutchWallParts(wall: WallTime): { date: string; time: string } {
  return {
    date: `${two(wall.day)}-${two(wall.month)}-${String(wall.year).padStart(4, '0')}`,
    time: `${two(wall.hour)}:${two(wall.minute)}${wall.second === 0 ? '' : `:${two(wall.second)}`}`,
  };
}

/** A stored date and time as Dutch wall time, '29-03-2026 14:30'; undefined when it names no instant. */
export function shownDateTime(value: string): string | undefined {
  const wall = storedWall(value);
  if (!wall) return undefined;
  const { date, time } = dutchWallParts(wall);
  return `${date} ${time}`;
}

/** A stored time of day without its zero seconds: '14:30:00' is '14:30'; another time as stored. */
export function shownTime(value: string): string {
  return /^\d{2}:\d{2}:00$/.test(value) ? value.slice(0, 5) : value;
}
