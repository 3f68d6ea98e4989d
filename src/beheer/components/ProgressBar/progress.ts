/** Percentage of a progress bar, apart from React. */

/** Math.round(value * 100 / max), between 0 and 100; 0 when `max` is not above 0 or a number is missing. */
export function progressPercent(value: number, max: number): number {
  if (!(max > 0) || !Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round((value * 100) / max)));
}
