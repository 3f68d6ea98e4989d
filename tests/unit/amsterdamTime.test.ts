/**
 * Dutch wall time and the instants it names (renderer/core/amsterdamTime.ts, dateTimeText.ts):
 * the offset of each season, the spring hour that does not exist, the autumn hour that exists twice
 * (the first, summer time, is taken), and a stored date and time shown back as Dutch wall time
 * whatever offset it was stored with.
 */
import { describe, expect, it } from 'vitest';
import { amsterdamInstant, amsterdamOffset, type WallTime } from '../../renderer/core/amsterdamTime';
import { amsterdamDateTime, amsterdamWall, shownDateTime, shownTime, storedWall } from '../../renderer/core/dateTimeText';
import { displayValue } from '../../renderer/core/review';
import { t } from './support';

const wall = (year: number, month: number, day: number, hour: number, minute: number): WallTime => ({ year, month, day, hour, minute, second: 0 });

describe('Dutch wall time', () => {
  it('is an hour ahead of UTC in winter and two in summer', () => {
    expect(amsterdamOffset(Date.UTC(2026, 0, 15, 12))).toBe(60);
    expect(amsterdamOffset(Date.UTC(2026, 6, 15, 12))).toBe(120);
    expect(amsterdamWall(Date.UTC(2026, 6, 15, 12, 30))).toEqual({ ...wall(2026, 7, 15, 14, 30), second: 0 });
  });

  it('stores a wall time with the offset of that moment', () => {
    expect(amsterdamDateTime(wall(2026, 1, 15, 12, 0))).toBe('2026-01-15T12:00:00+01:00');
    expect(amsterdamDateTime(wall(2026, 7, 15, 12, 0))).toBe('2026-07-15T12:00:00+02:00');
    expect(amsterdamDateTime(wall(2026, 12, 31, 23, 59))).toBe('2026-12-31T23:59:00+01:00');
  });

  it('has no instant for the spring hour the clock skips (last Sunday of March, 02:00-02:59)', () => {
    expect(amsterdamDateTime(wall(2026, 3, 29, 1, 59))).toBe('2026-03-29T01:59:00+01:00');
    expect(amsterdamInstant(wall(2026, 3, 29, 2, 0))).toBeUndefined();
    expect(amsterdamInstant(wall(2026, 3, 29, 2, 59))).toBeUndefined();
    expect(amsterdamDateTime(wall(2026, 3, 29, 3, 0))).toBe('2026-03-29T03:00:00+02:00');
    expect(amsterdamInstant(wall(2027, 3, 28, 2, 30))).toBeUndefined();
  });

  it('takes the first of the autumn hour that happens twice: summer time', () => {
    expect(amsterdamDateTime(wall(2026, 10, 25, 1, 59))).toBe('2026-10-25T01:59:00+02:00');
    expect(amsterdamDateTime(wall(2026, 10, 25, 2, 30))).toBe('2026-10-25T02:30:00+02:00');
    expect(new Date(amsterdamInstant(wall(2026, 10, 25, 2, 30))!).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(amsterdamDateTime(wall(2026, 10, 25, 3, 0))).toBe('2026-10-25T03:00:00+01:00');
  });
});

describe('a stored date and time, shown', () => {
  it('as Dutch wall time, whatever offset it was stored with', () => {
    expect(shownDateTime('2026-03-29T14:30:00+02:00')).toBe('29-03-2026 14:30');
    expect(shownDateTime('2026-03-29T12:30:00Z')).toBe('29-03-2026 14:30');
    expect(shownDateTime('2026-03-29T08:30:00-04:00')).toBe('29-03-2026 14:30');
    expect(shownDateTime('2026-01-01T23:30:00Z')).toBe('02-01-2026 00:30');
    expect(shownDateTime('2026-10-25T02:30:00+01:00')).toBe('25-10-2026 02:30');
    expect(shownDateTime('2026-03-29T14:30:15+02:00')).toBe('29-03-2026 14:30:15');
  });

  it('not at all when it names no instant', () => {
    expect(shownDateTime('2026-03-29T02:30:00')).toBeUndefined();
    expect(storedWall('29-03-2026 14:30')).toBeUndefined();
  });

  it('in the review and on the printed form (displayValue), a time without its zero seconds', () => {
    expect(displayValue({ type: 'string', format: 'date-time' }, '2026-07-01T08:05:00Z', t)).toBe('01-07-2026 10:05');
    expect(displayValue({ type: 'string', format: 'time' }, '14:30:00', t)).toBe('14:30');
    expect(displayValue({ type: 'string', format: 'time' }, '14:30:15', t)).toBe('14:30:15');
    expect(shownTime('17:45:30Z')).toBe('17:45:30Z');
  });
});
