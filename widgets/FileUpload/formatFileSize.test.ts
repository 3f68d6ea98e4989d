import { describe, expect, it } from 'vitest';
import { formatFileSize } from './formatFileSize';

describe('formatFileSize', () => {
  it('uses B/kB/MB/GB/TB with a Dutch decimal comma', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1000)).toBe('1000 B');
    expect(formatFileSize(1024)).toBe('1 kB');
    expect(formatFileSize(1536)).toBe('1,5 kB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(2.25 * 1024 ** 3)).toBe('2,3 GB');
    expect(formatFileSize(3 * 1024 ** 4)).toBe('3 TB');
    expect(formatFileSize(5 * 1024 ** 5)).toBe('5120 TB');
  });

  it('uses a decimal point in English and never shows 1024 of a unit', () => {
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatFileSize(-5)).toBe('0 B');
  });
});
