/**
 * Uploaded files are checked as a whole, not by their first bytes: real files made here (a PDF
 * with a cross-reference table, one by pdfkit, one with a cross-reference stream; PNG, JPEG, GIF,
 * TIFF) pass; the same files with something after their end, cut short, with a broken header or
 * checksum, or made into a PDF/ZIP or PNG/ZIP polyglot are refused — through the structure check on
 * a temporary file, and through the real upload route with UFILE-02, no row and no temporary file.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { structureFits } from '../../src/server/uploads/formats';
import { verifiedMimeType } from '../../src/server/uploads/fileType';
import { uploadTempDir } from '../../src/server/uploads/tempFiles';
import { DOCUMENT_FIELDS, expectError, minimalPdf, minimalPng, multipartForm, startServer, type Session, type TestServer } from '../helpers/server';

const ACCEPT = ['pdf', 'jpg', 'jpeg', 'png', 'gif', 'tif', 'tiff'];

// --- Real files ------------------------------------------------------------------------------

function pdfkitPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(14).text('Uittreksel Kamer van Koophandel');
    doc.end();
  });
}

/** A PDF 1.5 whose cross-reference section is a stream (uncompressed, /W [1 2 1]). */
function xrefStreamPdf(): Buffer {
  let out = '%PDF-1.5\n';
  const offsets: number[] = [];
  for (const body of [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ]) {
    offsets.push(out.length);
    out += `${offsets.length} 0 obj\n${body}\nendobj\n`;
  }
  const xrefAt = out.length;
  const rows = [[0, 0, 0xff], ...[...offsets, xrefAt].map((offset) => [1, offset, 0])];
  const data = Buffer.concat(rows.map(([type, offset, generation]) => Buffer.from([type, offset >> 8, offset & 0xff, generation])));
  const head = Buffer.from(`${out}4 0 obj\n<< /Type /XRef /Size 5 /W [1 2 1] /Root 1 0 R /Length ${data.length} >>\nstream\n`, 'latin1');
  return Buffer.concat([head, data, Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1')]);
}

/** An 8x8 grey baseline JPEG: one component, DC-only Huffman tables, one block. */
function minimalJpeg(width = 8, height = 8): Buffer {
  const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  const table = (tableClass: number) => [tableClass << 4, 1, ...Array<number>(15).fill(0), 0];
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, table(0)),
    ...segment(0xc4, table(1)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    0x3f,
    0xff,
    0xd9,
  ]);
}

/** The classic 1x1 GIF89a: a two-colour table, one image, the trailer. */
function minimalGif(): Buffer {
  return Buffer.from('474946383961' + '01000100800000' + '000000ffffff' + '2c000000000100010000' + '0202440100' + '3b', 'hex');
}

/** A 1x1 8-bit grey uncompressed little-endian TIFF with one strip. */
function minimalTiff(stripOffset?: number): Buffer {
  const entries: [number, number, number][] = [
    [256, 3, 1],
    [257, 3, 1],
    [258, 3, 8],
    [259, 3, 1],
    [262, 3, 1],
    [273, 4, stripOffset ?? 122],
    [277, 3, 1],
    [278, 3, 1],
    [279, 4, 1],
  ];
  const file = Buffer.alloc(8 + 2 + entries.length * 12 + 4 + 1);
  file.write('II', 0, 'latin1');
  file.writeUInt16LE(42, 2);
  file.writeUInt32LE(8, 4);
  file.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], index) => {
    const at = 10 + index * 12;
    file.writeUInt16LE(tag, at);
    file.writeUInt16LE(type, at + 2);
    file.writeUInt32LE(1, at + 4);
    if (type === 3) file.writeUInt16LE(value, at + 8);
    else file.writeUInt32LE(value, at + 8);
  });
  file[file.length - 1] = 0x80;
  return file;
}

/** A ZIP archive with one stored file; `comment` is the archive comment (how a polyglot reaches the end). */
function zipArchive(comment = Buffer.alloc(0)): Buffer {
  const name = Buffer.from('payload.html');
  const content = Buffer.from('<html><script>alert(1)</script></html>');
  const deflated = deflateRawSync(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc32(content) >>> 0, 14);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc32(content) >>> 0, 16);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const localPart = Buffer.concat([local, name, deflated]);
  const centralPart = Buffer.concat([central, name]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([localPart, centralPart, end, comment]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG that is also a ZIP: the archive in a private chunk before IEND, its comment covering the rest of the file. */
function pngZipPolyglot(): Buffer {
  const png = minimalPng();
  const iend = png.subarray(png.length - 12);
  // The comment is the chunk's CRC (4 bytes) and IEND (12): the archive's end is the file's end.
  const zip = zipArchive(Buffer.alloc(0));
  zip.writeUInt16LE(16, zip.length - 2);
  return Buffer.concat([png.subarray(0, png.length - 12), pngChunk('ziPp', zip), iend]);
}

/** A PDF that is also a ZIP: the archive after the document, a second startxref/%%EOF in its comment. */
function pdfZipPolyglot(): Buffer {
  const pdf = minimalPdf('Polyglot');
  const xrefAt = /startxref\n(\d+)/.exec(pdf.toString('latin1'))![1];
  return Buffer.concat([pdf, zipArchive(Buffer.from(`\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'))]);
}

function withByte(file: Buffer, at: number, value: number): Buffer {
  const copy = Buffer.from(file);
  copy[at] = value;
  return copy;
}

// --- The structure check on temporary files --------------------------------------------------

describe('structure of uploaded files', () => {
  let dir: string;
  let count = 0;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'upload-formats-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function check(name: string, bytes: Buffer): Promise<Awaited<ReturnType<typeof verifiedMimeType>>> {
    const path = join(dir, `file-${(count += 1)}`);
    writeFileSync(path, bytes);
    return verifiedMimeType(name, path, ACCEPT);
  }

  it('the hand-made PDFs are real PDFs to poppler', () => {
    for (const pdf of [minimalPdf('Echt'), xrefStreamPdf()]) {
      const path = join(dir, `poppler-${(count += 1)}.pdf`);
      writeFileSync(path, pdf);
      expect(execFileSync('pdfinfo', [path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).toMatch(/PDF version/);
    }
  });

  it.each([
    ['a PDF with a cross-reference table', 'brief.pdf', () => minimalPdf('Brief'), 'application/pdf'],
    ['a PDF made by pdfkit', 'kvk.pdf', pdfkitPdf, 'application/pdf'],
    ['a PDF with a cross-reference stream', 'stroom.pdf', async () => xrefStreamPdf(), 'application/pdf'],
    ['a PNG', 'scan.png', () => minimalPng(3, 2), 'image/png'],
    ['a JPEG', 'foto.jpg', () => minimalJpeg(), 'image/jpeg'],
    [
      "a phone camera's multi-picture JPEG (a second image after the first EOI)",
      'foto.jpg',
      () => Buffer.concat([minimalJpeg(), minimalJpeg(4, 4)]),
      'image/jpeg',
    ],
    ['a GIF', 'plaatje.gif', () => minimalGif(), 'image/gif'],
    ['a TIFF', 'scan.tif', () => minimalTiff(), 'image/tiff'],
  ])('accepts %s', async (_label, name, make, mime) => {
    expect(await check(name, await make())).toEqual({ ok: true, mimeType: mime });
  });

  const HTML_TAIL = Buffer.from('<html><body><script>alert(1)</script></body></html>\n');
  it.each([
    ['HTML after %%EOF', 'brief.pdf', () => Buffer.concat([minimalPdf(), HTML_TAIL])],
    ['a ZIP archive after %%EOF', 'brief.pdf', () => Buffer.concat([minimalPdf(), zipArchive()])],
    ['a PDF/ZIP polyglot ending in a second startxref and %%EOF', 'brief.pdf', pdfZipPolyglot],
    ['a PDF cut short', 'brief.pdf', () => minimalPdf().subarray(0, 200)],
    ['a PDF of only a header and %%EOF', 'brief.pdf', () => Buffer.from('%PDF-1.4\n%%EOF\n')],
    [
      'a PDF whose startxref points elsewhere',
      'brief.pdf',
      () =>
        Buffer.from(
          minimalPdf()
            .toString('latin1')
            .replace(/startxref\n\d+/, 'startxref\n12'),
          'latin1',
        ),
    ],
    [
      'bytes between the trailer and startxref',
      'brief.pdf',
      () => Buffer.from(minimalPdf().toString('latin1').replace('>>\nstartxref', '>>\n<script>x</script>\nstartxref'), 'latin1'),
    ],
    [
      'a cross-reference stream with bytes after it',
      'stroom.pdf',
      () => Buffer.from(xrefStreamPdf().toString('latin1').replace('endobj\nstartxref', 'endobj\n<html></html>\nstartxref'), 'latin1'),
    ],
    ['a PNG with bytes after IEND', 'scan.png', () => Buffer.concat([minimalPng(), HTML_TAIL])],
    ['a PNG/ZIP polyglot', 'scan.png', pngZipPolyglot],
    ['a PNG whose IHDR checksum is wrong', 'scan.png', () => withByte(minimalPng(), 29, minimalPng()[29] ^ 0xff)],
    ['a PNG of width 0', 'scan.png', () => minimalPng(0, 2)],
    ['a PNG cut short', 'scan.png', () => minimalPng().subarray(0, 40)],
    ['a JPEG with bytes after EOI', 'foto.jpg', () => Buffer.concat([minimalJpeg(), zipArchive()])],
    ['a JPEG with HTML after EOI', 'foto.jpg', () => Buffer.concat([minimalJpeg(), HTML_TAIL])],
    ['a JPEG followed by a broken second image', 'foto.jpg', () => Buffer.concat([minimalJpeg(), minimalJpeg().subarray(0, 20)])],
    ['a JPEG of width 0', 'foto.jpg', () => minimalJpeg(0, 8)],
    ['a JPEG without EOI', 'foto.jpg', () => minimalJpeg().subarray(0, minimalJpeg().length - 2)],
    ['a JPEG of only its first bytes', 'foto.jpg', () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46])],
    ['a GIF with bytes after the trailer', 'plaatje.gif', () => Buffer.concat([minimalGif(), HTML_TAIL])],
    ['a TIFF whose strip lies past the end', 'scan.tif', () => minimalTiff(5000)],
    ['a TIFF/ZIP polyglot', 'scan.tif', () => Buffer.concat([minimalTiff(), zipArchive()])],
  ])('refuses %s', async (_label, name, make) => {
    expect(await check(name, make())).toEqual({ ok: false, reason: 'structure' });
  });

  it('reads files from disk in pieces: a 10 MB PNG walks without a whole-file buffer', async () => {
    // Large IDAT chunks of zeros (a valid CRC each): the walk and the CRCs go through a 64 KB window.
    const png = minimalPng();
    const chunk = pngChunk('tEXt', Buffer.alloc(1024 * 1024, 0x41));
    const big = Buffer.concat([png.subarray(0, png.length - 12), ...Array.from({ length: 10 }, () => chunk), png.subarray(png.length - 12)]);
    const path = join(dir, 'big.png');
    writeFileSync(path, big);
    expect(await structureFits('image/png', path)).toBe(true);
    writeFileSync(path, withByte(big, big.length - 20, 0));
    expect(await structureFits('image/png', path)).toBe(false);
  });
});

// --- Through the upload route ----------------------------------------------------------------

describe('uploads refused for their structure', () => {
  const UPLOAD = '/api/aanleveren-documenten/upload';
  const FIELDS = DOCUMENT_FIELDS;
  let server: TestServer;
  let session: Session;
  beforeAll(async () => {
    server = await startServer();
    session = await server.session('/uzi/aanleveren-documenten');
  });
  afterAll(() => server?.close());

  it.each([
    ['polyglot.pdf', pdfZipPolyglot],
    ['staart.pdf', () => Buffer.concat([minimalPdf(), Buffer.from('<script>alert(1)</script>')])],
    ['scan.png', pngZipPolyglot],
  ])('refuses %s with UFILE-02, storing nothing and leaving no temporary file', async (name, make) => {
    const response = await server.postMultipart(
      UPLOAD,
      multipartForm(FIELDS, [
        { name: 'goed.pdf', bytes: minimalPdf('Goed') },
        { name, bytes: make() },
      ]),
      session,
    );
    const body = await expectError(response, 400);
    expect(body.errors).toEqual([{ code: 'UFILE-02', extraInfo: [name, ...ACCEPT] }]);
    expect(body.detail).toBe('Het bestand is beschadigd, of er zit meer in dan het bestandstype toestaat.');
    expect(await server.storage.countSubmissions()).toBe(0);
    expect(readdirSync(uploadTempDir(server.config.dataDir)).filter((file) => file.startsWith('upload-'))).toEqual([]);
  });

  it('stores real files of every accepted image type and a pdfkit PDF', async () => {
    const files = [
      { name: 'kvk.pdf', bytes: await pdfkitPdf() },
      { name: 'foto.jpg', bytes: minimalJpeg() },
      { name: 'plaatje.gif', bytes: minimalGif() },
      { name: 'scan.tiff', bytes: minimalTiff() },
      { name: 'scan.png', bytes: minimalPng() },
    ];
    const response = await server.postMultipart(UPLOAD, multipartForm(FIELDS, files), session);
    expect(response.status).toBe(200);
    const { kenmerk } = (await response.json()) as { kenmerk: string };
    expect((await server.storage.getSubmission(kenmerk))!.files.map((file) => file.mimeType)).toEqual([
      'application/pdf',
      'image/jpeg',
      'image/gif',
      'image/tiff',
      'image/png',
    ]);
  });
});
