/**
 * What the tests of streamed files share: a probe of the largest buffer allocated, a large valid
 * PDF produced piece by piece (never whole), and a multipart client that sends such a file over a
 * plain HTTP connection with backpressure, optionally pausing or cutting the connection halfway.
 */
import { createCipheriv, createHash, type Cipher } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { Session, TestServer } from './server';

/** Bytes per piece of a file sent or produced by these helpers. */
export const PIECE = 64 * 1024;

// --- Allocation probe ------------------------------------------------------------------------

export interface AllocationProbe {
  /** Bytes of the largest allocation seen, and where it came from. */
  largest: number;
  where?: string;
  stop(): void;
}

/**
 * Records every Buffer, ArrayBuffer and Uint8Array allocated through JavaScript in this process
 * (server and test share it) until stop(): Buffer.alloc / allocUnsafe / allocUnsafeSlow / concat /
 * from / copyBytesFrom, `new ArrayBuffer`, ArrayBuffer#slice and `new Uint8Array(length | array)`.
 * Views on existing memory are not allocations and are not counted. The stack of an allocation
 * over `noteAbove` bytes is kept in `where`.
 */
export function probeAllocations(noteAbove = 1024 * 1024): AllocationProbe {
  const probe: AllocationProbe = { largest: 0, stop: () => undefined };
  const note = (bytes: number) => {
    if (bytes > probe.largest) {
      probe.largest = bytes;
      if (bytes > noteAbove) probe.where = new Error().stack;
    }
  };
  const restore: (() => void)[] = [];
  const patch = <K extends 'alloc' | 'allocUnsafe' | 'allocUnsafeSlow' | 'concat' | 'copyBytesFrom' | 'from'>(name: K) => {
    const original = Buffer[name] as (...args: unknown[]) => Buffer;
    (Buffer as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      const source = args[0];
      const isView = name === 'from' && (source instanceof ArrayBuffer || source instanceof SharedArrayBuffer);
      if (!isView) note(result.byteLength);
      return result;
    };
    restore.push(() => ((Buffer as unknown as Record<string, unknown>)[name] = original));
  };
  for (const name of ['alloc', 'allocUnsafe', 'allocUnsafeSlow', 'concat', 'copyBytesFrom', 'from'] as const) patch(name);

  const OriginalArrayBuffer = globalThis.ArrayBuffer;
  globalThis.ArrayBuffer = new Proxy(OriginalArrayBuffer, {
    construct(target, args, newTarget) {
      const result = Reflect.construct(target, args, newTarget) as ArrayBuffer;
      note(result.byteLength);
      return result;
    },
  });
  restore.push(() => (globalThis.ArrayBuffer = OriginalArrayBuffer));
  const originalSlice = OriginalArrayBuffer.prototype.slice;
  OriginalArrayBuffer.prototype.slice = function (this: ArrayBuffer, ...args: [number?, number?]) {
    const result = originalSlice.apply(this, args);
    note(result.byteLength);
    return result;
  };
  restore.push(() => (OriginalArrayBuffer.prototype.slice = originalSlice));

  const OriginalUint8Array = globalThis.Uint8Array;
  globalThis.Uint8Array = new Proxy(OriginalUint8Array, {
    construct(target, args, newTarget) {
      const result = Reflect.construct(target, args, newTarget) as Uint8Array;
      const source = args[0];
      if (!(source instanceof OriginalArrayBuffer || source instanceof SharedArrayBuffer)) note(result.byteLength);
      return result;
    },
  });
  restore.push(() => (globalThis.Uint8Array = OriginalUint8Array));

  probe.stop = () => {
    for (const undo of restore.splice(0).reverse()) undo();
  };
  return probe;
}

// --- A large PDF produced piece by piece -----------------------------------------------------

/** The parts of a valid PDF whose one stream holds `length` bytes: what comes before and after them. */
function pdfFrame(length: number): { before: Buffer; after: Buffer } {
  const before = `%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length ${length} >>\nstream\n`;
  const objects = ['<< /Type /Catalog /Pages 3 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'];
  const offsets = [Buffer.byteLength('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let after = '\nendstream\nendobj\n';
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(before, 'latin1') + length + Buffer.byteLength(after, 'latin1'));
    after += `${index + 2} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(before, 'latin1') + length + Buffer.byteLength(after, 'latin1');
  after += `xref\n0 4\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  after += `trailer\n<< /Size 4 /Root 2 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return { before: Buffer.from(before, 'latin1'), after: Buffer.from(after, 'latin1') };
}

/**
 * A valid PDF of exactly `size` bytes whose one stream is the same pseudo-random content every time
 * (AES-CTR key stream), handed out in pieces of at most `PIECE` bytes: never more than a piece exists at once.
 */
export function* pdfPieces(size: number, seed = 1): Generator<Buffer> {
  let length = size;
  for (let frame = pdfFrame(length); frame.before.length + length + frame.after.length !== size; frame = pdfFrame(length)) {
    length = size - frame.before.length - frame.after.length;
  }
  const { before, after } = pdfFrame(length);
  const cipher: Cipher = createCipheriv('aes-128-ctr', Buffer.alloc(16, seed), Buffer.alloc(16, 0));
  const zeros = Buffer.alloc(PIECE);
  yield before;
  for (let offset = 0; offset < length; offset += PIECE) yield cipher.update(zeros.subarray(0, Math.min(PIECE, length - offset)));
  yield after;
}

/**
 * Compares bytes that arrive in pieces of any size with what `expected` produces, without joining
 * either side: `take` each arriving piece, then `result()`.
 */
export function streamComparer(expected: Iterator<Buffer>): {
  take(chunk: Uint8Array): void;
  result(): { mismatchAt?: number; received: number; sha256: string };
} {
  const hash = createHash('sha256');
  let received = 0;
  let mismatchAt: number | undefined;
  let pending = Buffer.alloc(0);
  return {
    take(chunk) {
      hash.update(chunk);
      let rest = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      while (rest.length > 0) {
        if (mismatchAt !== undefined) {
          received += rest.length;
          return;
        }
        if (pending.length === 0) pending = expected.next().value ?? Buffer.alloc(0);
        const length = Math.min(pending.length, rest.length);
        if (length === 0 || !rest.subarray(0, length).equals(pending.subarray(0, length))) {
          mismatchAt = received;
          continue;
        }
        pending = pending.subarray(length);
        rest = rest.subarray(length);
        received += length;
      }
    },
    result: () => ({ ...(mismatchAt === undefined ? {} : { mismatchAt }), received, sha256: hash.digest('hex') }),
  };
}

// --- Streaming multipart client --------------------------------------------------------------

export interface StreamedMultipart {
  /** Where to POST. */
  path: string;
  fields: Record<string, string>;
  file: { field: string; name: string; type: string; pieces: Iterable<Buffer> };
  /** Called once after this many bytes of the file were sent (the server has its temporary file by then). */
  pause?: { after: number; run: () => Promise<void> };
  /** Stops sending after this many bytes of the file and cuts the connection. */
  cutAfter?: number;
}

export interface StreamedResult {
  status: number;
  body: unknown;
  /** sha256 of the file bytes sent. */
  sha256: string;
  sent: number;
}

/** POSTs a multipart body over a plain HTTP connection, written piece by piece with backpressure. */
export async function streamMultipart(server: TestServer, session: Session, upload: StreamedMultipart): Promise<StreamedResult> {
  const url = new URL(server.baseUrl);
  const boundary = `----streamtest${Date.now().toString(16)}`;
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: upload.path,
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: session.cookie,
      'x-xsrf-token': session.token,
    },
  });
  const response = once(request, 'response').then(async (args) => {
    const incoming = args[0] as http.IncomingMessage;
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return { status: incoming.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined };
  });
  // A refused upload may be answered (and its connection closed) before everything is written.
  let writeFailed = false;
  request.on('error', () => {
    writeFailed = true;
  });
  const write = async (data: Buffer | string) => {
    if (writeFailed || request.destroyed) return;
    if (request.write(data)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        request.off('drain', done);
        request.off('close', done);
        resolve();
      };
      request.on('drain', done);
      request.on('close', done);
    });
  };

  for (const [name, value] of Object.entries(upload.fields)) {
    await write(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  const { file } = upload;
  await write(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`);
  const hash = createHash('sha256');
  let sent = 0;
  let paused = false;
  for (const piece of file.pieces) {
    if (upload.cutAfter !== undefined && sent >= upload.cutAfter) {
      response.catch(() => undefined);
      request.destroy();
      return { status: 0, body: undefined, sha256: '', sent };
    }
    hash.update(piece);
    await write(piece);
    sent += piece.length;
    if (upload.pause && !paused && sent >= upload.pause.after) {
      paused = true;
      await upload.pause.run();
    }
  }
  await write(`\r\n--${boundary}--\r\n`);
  if (!writeFailed) request.end();
  return { ...(await response), sha256: hash.digest('hex'), sent };
}
