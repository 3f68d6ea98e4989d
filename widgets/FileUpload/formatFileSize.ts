// Human-readable file sizes for file widgets and review lists ('1,5 MB' in Dutch, '1.5 MB' in English).
import type { Lang } from '../../renderer/core/i18n';

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;
const STEP = 1024;

/**
 * Formats a size in bytes as B/kB/MB/GB/TB (steps of 1024, like the limits in `options.maxFileSize`
 * are usually written: 10 MB = 10 * 1024 * 1024), with at most one decimal: Dutch decimal comma.
 */
export function formatFileSize(bytes: number, lang: Lang = 'nl'): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (value >= STEP && unit < UNITS.length - 1) {
    value /= STEP;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  const factor = 10 ** digits;
  let rounded = Math.round(value * factor) / factor;
  if (rounded >= STEP && unit < UNITS.length - 1) {
    unit += 1;
    rounded = Math.round((value / STEP) * factor) / factor;
  }
  const number = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'nl-NL', { maximumFractionDigits: digits, useGrouping: false }).format(rounded);
  return `${number} ${UNITS[unit]}`;
}
