import { describe, expect, it } from 'vitest';
import { END_BEFORE_START, dateRangeError, parseIsoDate } from './dates';

describe('parseIsoDate', () => {
  it('reads an ISO date at midnight UTC', () => {
    expect(parseIsoDate('2024-02-29').toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('throws for a day that does not exist or another form', () => {
    for (const text of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-1-5', '05-01-2026', '2026-01-05T00:00', 'morgen', '']) {
      expect(() => parseIsoDate(text), text).toThrow(/Ongeldige datum/);
    }
  });
});

describe('dateRangeError', () => {
  it('objects only to an end before the start', () => {
    expect(dateRangeError({ from: '2026-03-10', to: '2026-03-09' })).toBe(END_BEFORE_START);
    expect(dateRangeError({ from: '2026-03-10', to: '2025-12-31' })).toBe('De einddatum mag niet voor de begindatum liggen.');
    expect(dateRangeError({ from: '2026-03-10', to: '2026-03-10' })).toBeUndefined();
    expect(dateRangeError({ from: '2026-03-10', to: '2026-04-01' })).toBeUndefined();
    expect(dateRangeError({ from: '2026-03-10' })).toBeUndefined();
    expect(dateRangeError({ to: '2026-03-10' })).toBeUndefined();
    expect(dateRangeError({})).toBeUndefined();
  });

  it('throws for an invalid date on either side', () => {
    expect(() => dateRangeError({ from: '2026-02-30' })).toThrow();
    expect(() => dateRangeError({ from: '2026-02-01', to: '2026-02-30' })).toThrow();
  });
});
