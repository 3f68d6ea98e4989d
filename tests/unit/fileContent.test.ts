/** What a file is by its first bytes, and whether that fits the field (browser and server share this rule). */
import { describe, expect, it } from 'vitest';
import { contentFits, sniffMime } from '../../renderer/core/files';

const bytes = (...values: number[]) => new Uint8Array(values);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const PDF = new TextEncoder().encode('%PDF-1.7');

describe('file content', () => {
  it('knows the allowed types and a few common foreign ones by their first bytes', () => {
    expect(sniffMime(PNG)).toBe('image/png');
    expect(sniffMime(PDF)).toBe('application/pdf');
    expect(sniffMime(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffMime(bytes(0x4d, 0x5a, 0x90, 0x00))).toBe('application/x-msdownload');
    expect(sniffMime(new TextEncoder().encode('-----BEGIN CERTIFICATE REQUEST-----'))).toBeUndefined();
  });

  it('accepts content of any accepted type under any accepted extension, and text only under a text extension', () => {
    const accept = ['pdf', 'jpg', 'png'];
    expect(contentFits('jpg', 'image/png', accept)).toBe(true);
    expect(contentFits('pdf', 'image/png', accept)).toBe(true);
    expect(contentFits('pdf', 'image/png', ['pdf'])).toBe(false);
    expect(contentFits('pdf', undefined, accept)).toBe(false);
    expect(contentFits('pdf', 'application/x-msdownload', accept)).toBe(false);
    expect(contentFits('csr', undefined, ['csr', 'txt'])).toBe(true);
    expect(contentFits('csr', 'image/png', ['csr', 'txt'])).toBe(false);
  });
});
