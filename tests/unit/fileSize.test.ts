import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../renderer/core/fileSize';

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [512, '512 B'],
    [1024, '1 kB'],
    [1536, '1,5 kB'],
    [10 * 1024, '10 kB'],
    [150 * 1024, '150 kB'],
    [1024 * 1024, '1 MB'],
    [2.5 * 1024 * 1024, '2,5 MB'],
    [10 * 1024 * 1024, '10 MB'],
    [3 * 1024 ** 3, '3 GB'],
    [1.5 * 1024 ** 4, '1,5 TB'],
  ])('%d bytes -> %s (nl)', (bytes, expected) => {
    expect(formatFileSize(bytes, 'nl')).toBe(expected);
  });

  it('uses Dutch by default', () => {
    expect(formatFileSize(1536)).toBe('1,5 kB');
  });

  it('rounds to one decimal below 100 and to whole units from 100', () => {
    expect(formatFileSize(1234)).toBe('1,2 kB');
    expect(formatFileSize(99.44 * 1024)).toBe('99,4 kB');
    expect(formatFileSize(123.4 * 1024)).toBe('123 kB');
  });

  it('uses a decimal point in English', () => {
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
  });

  it('stays in TB above the largest unit', () => {
    expect(formatFileSize(2048 * 1024 ** 4)).toBe('2048 TB');
  });
});

describe('formatFileSize rounding and grouping', () => {
  it('chooses the unit after rounding and never groups thousands', () => {
    expect(formatFileSize(1048575)).toBe('1 MB');
    expect(formatFileSize(1023)).toBe('1023 B');
  });
});
