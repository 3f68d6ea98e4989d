// Test helpers around poppler-utils (pdftotext, pdfinfo): inspect a rendered PDF buffer.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function withTempPdf<T>(buffer: Buffer, fn: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-test-'));
  const file = join(dir, 'document.pdf');
  try {
    writeFileSync(file, buffer);
    return fn(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(tool: string, args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} not found: install poppler-utils (apt-get install -y poppler-utils)`);
    }
    throw err;
  }
}

export interface PdfTextOptions {
  /** First page to extract (1-based). */
  firstPage?: number;
  /** Last page to extract (1-based). */
  lastPage?: number;
}

/** Text of the PDF as `pdftotext -layout` sees it (columns kept side by side). */
export function pdfText(buffer: Buffer, options: PdfTextOptions = {}): string {
  const args = ['-layout', '-enc', 'UTF-8'];
  if (options.firstPage !== undefined) args.push('-f', String(options.firstPage));
  if (options.lastPage !== undefined) args.push('-l', String(options.lastPage));
  return withTempPdf(buffer, (file) => run('pdftotext', [...args, file, '-']));
}

/** `pdfinfo` output as key/value pairs, e.g. { Tagged: 'yes', Pages: '2', 'Page size': '595.28 x 841.89 pts (A4)' }. */
export function pdfInfo(buffer: Buffer): Record<string, string> {
  const out = withTempPdf(buffer, (file) => run('pdfinfo', ['-enc', 'UTF-8', file]));
  const info: Record<string, string> = {};
  for (const line of out.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) info[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return info;
}

/** The logical structure tree with its text (`pdfinfo -struct-text`), one element per line, indented. */
export function pdfStructure(buffer: Buffer): string {
  return withTempPdf(buffer, (file) => run('pdfinfo', ['-enc', 'UTF-8', '-struct-text', file]));
}
