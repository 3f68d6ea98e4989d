/** Human file sizes in B/kB/MB/GB/TB (doc 2 §3), with the decimal separator of the language. */
import type { Lang } from './i18n';

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

export function formatFileSize(bytes: number, lang: Lang = 'nl'): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  const rounded = (v: number, u: number) => {
    const factor = u === 0 || v >= 100 ? 1 : 10;
    return Math.round(v * factor) / factor;
  };
  // Choose the unit after rounding, so 1048575 bytes reads '1 MB' and not '1024 kB'.
  while (rounded(value, unit) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const text = new Intl.NumberFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { maximumFractionDigits: digits, useGrouping: false }).format(value);
  return `${text} ${UNITS[unit]}`;
}
