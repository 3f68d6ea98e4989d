/**
 * Reads a multipart submission: text fields and the files of the flow's file fields, with each
 * field's limits enforced while streaming. A file's bytes go straight to a temporary file (see
 * tempFiles.ts) while they are counted and hashed, so no file is ever held whole in memory; its
 * content is checked from that file once the part has ended (fileType.ts: the type, and that the
 * whole file is one of its kind). A file over the size limit, a file too many, a lying extension or
 * a sender that stalls (bodyWatch.ts: 408) stops the request with the error body, and every
 * temporary file of the request is removed before the error leaves; the files of an accepted
 * request are the caller's to remove (discardUploads) once stored or refused.
 */
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileRules } from '../../../renderer/core/types';
import { ApiError, CODES } from '../errors';
import { controlCharactersError, hasControlCharacters, hasInvisibleCharacters, invisibleCharactersError } from '../security/text';
import type { StoredFileInput } from '../storage';
import { fileExtension, fileNameProblem, MAX_NAME_LENGTH } from '../../../renderer/core/files';
import { verifiedMimeType } from './fileType';
import { checkRefusals } from './fileChecks';
import { createTempFile, discardUploads, removeTempFiles, uploadTempDir } from './tempFiles';
import { BodyWatch } from './bodyWatch';
import type { Semaphore } from './semaphore';
import type { ServerContext } from '../context';

export interface MultipartSubmission {
  /** Text fields by name; a field may come more than once only when `repeatable` says so. */
  fields: Record<string, string[]>;
  /** Files in the order they came, each with the name of its field and its temporary file. */
  files: StoredFileInput[];
}

/** What a request may carry: file fields with their limits, and the text fields that may repeat. */
export interface MultipartShape {
  fileFields: Record<string, FileRules>;
  repeatable: ReadonlySet<string>;
  /** Text parts a valid request can hold at most (more is refused as malformed before reading on). */
  maxFields: number;
  /** Longest text part in bytes (default 16 KB); a longer one is refused, never cut short. */
  maxFieldSize?: number;
}

const MB = 1024 * 1024;

function fileError(code: string, detail: string, extraInfo: string[] = []): ApiError {
  return new ApiError(400, detail, [{ code, extraInfo }]);
}

/** Our own failure to keep a file on disk: a 500, not the sender's fault (the message holds no name). */
class TempFileError extends Error {
  override readonly name = 'TempFileError';
  readonly statusCode = 500;
  constructor(cause: unknown) {
    super(`temporary upload file failed (${(cause as NodeJS.ErrnoException)?.code ?? 'error'})`);
  }
}

async function ownDisk<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw new TempFileError(error);
  }
}

async function writeAll(handle: FileHandle, data: Buffer): Promise<void> {
  for (let offset = 0; offset < data.length;) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset);
    offset += bytesWritten;
  }
}

/**
 * Hands the stream's chunks to `take` one at a time, as they came (unlike an async iterator, which
 * joins whatever has piled up into a new buffer), pausing the stream while `take` runs. `take`
 * answers false to stop: the stream is then destroyed, as leaving a for-await loop would. When
 * `signal` aborts, the stream is destroyed and its reason thrown (once a chunk being taken is done).
 */
function eachChunk(stream: NodeJS.ReadableStream & { destroy?: () => void }, take: (chunk: Buffer) => Promise<boolean>, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let ended = false;
    // The chunk being taken: 'end' (and 'close') may come while it still is, and must wait for it.
    let taking: Promise<void> = Promise.resolve();
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
      signal.removeEventListener('abort', onAbort);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onData = (chunk: Buffer) => {
      stream.pause();
      taking = take(chunk).then(
        (goOn) => {
          if (settled) return;
          if (goOn) {
            stream.resume();
          } else {
            stream.destroy?.();
            finish();
          }
        },
        (error: unknown) => {
          stream.destroy?.();
          finish(error);
        },
      );
    };
    const onEnd = () => {
      ended = true;
      void taking.then(() => finish());
    };
    const onError = (error: unknown) => finish(error);
    // Closed before its end without an error: cut off all the same.
    const onClose = () => {
      if (!ended) void taking.then(() => finish(new Error('file stream closed before its end')));
    };
    const onAbort = () => {
      void taking.then(() => {
        stream.destroy?.();
        finish(signal.reason);
      });
    };
    if (signal.aborted) return onAbort();
    // The body may have broken off while the part waited for its temporary file (a multipart body
    // cut short inside a small part): the stream's error or close came before these listeners.
    const state = stream as NodeJS.ReadableStream & { errored?: Error | null; destroyed?: boolean; readableEnded?: boolean };
    if (state.errored) return finish(state.errored);
    if (state.destroyed && !state.readableEnded) return finish(new Error('file stream closed before its end'));
    signal.addEventListener('abort', onAbort, { once: true });
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

/** How a request's files are read: the slots the server's work on a chunk takes, and the sender's watch. */
interface Reading {
  slots: Semaphore;
  watch: BodyWatch;
}

/** Server-side work on the upload: in a slot, and not counted as the sender's time. */
function work<T>(reading: Reading, task: () => Promise<T>): Promise<T> {
  return reading.watch.busy(() => reading.slots.run(task));
}

/** Waits for `promise` (something the sender must send) unless the watch ends the request first. */
function fromSender<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

async function readFile(
  part: { file: NodeJS.ReadableStream & { truncated?: boolean }; filename: string; fieldname: string },
  rules: FileRules,
  tempDir: string,
  created: string[],
  reading: Reading,
): Promise<StoredFileInput> {
  const name = part.filename;
  if (hasInvisibleCharacters(name)) {
    part.file.resume();
    throw invisibleCharactersError(part.fieldname);
  }
  // File codes carry the file's name first (the applicant's own, for the message; never logged).
  if (fileNameProblem(name)) {
    part.file.resume();
    throw fileError(CODES.fileName, 'De bestandsnaam is niet toegestaan.', [name, String(MAX_NAME_LENGTH)]);
  }
  const ownCodes = checkRefusals(rules.check);
  if (!rules.accept.includes(fileExtension(name))) {
    part.file.resume();
    if (ownCodes.wrongExtension) throw fileError(ownCodes.wrongExtension, 'Dit bestandstype is niet toegestaan.', rules.accept);
    throw fileError(CODES.fileType, 'Dit bestandstype is niet toegestaan.', [name, ...rules.accept]);
  }
  // Each chunk is counted, hashed and written as it arrives, in an upload slot; the stream waits for
  // the write before giving the next chunk, which keeps the socket's backpressure: a chunk or two
  // per upload in memory. No slot is held while the server waits for the sender's next chunk.
  if (reading.watch.signal.aborted) throw reading.watch.signal.reason as Error;
  const temp = await ownDisk(() => createTempFile(tempDir));
  created.push(temp.path);
  const hash = createHash('sha256');
  let size = 0;
  let tooBig = false;
  try {
    await eachChunk(
      part.file,
      async (data) => {
        size += data.length;
        if (size > rules.maxFileSize) {
          tooBig = true;
          return false;
        }
        await work(reading, async () => {
          hash.update(data);
          await ownDisk(() => writeAll(temp.handle, data));
        });
        return true;
      },
      reading.watch.signal,
    );
  } finally {
    await temp.handle.close().catch(() => undefined);
  }
  if (tooBig || part.file.truncated) {
    part.file.resume();
    throw fileError(CODES.fileTooBig, 'Het bestand is te groot.', [name, `${Math.round(rules.maxFileSize / MB)} MB`]);
  }
  if (size === 0) throw fileError(CODES.emptyFile, 'Het bestand is leeg.', [name]);
  const verified = await work(reading, () => verifiedMimeType(name, temp.path, rules.accept));
  if (!verified.ok) {
    if (ownCodes.wrongContent) throw fileError(ownCodes.wrongContent, 'Het bestand kan niet worden verwerkt.');
    const detail =
      verified.reason === 'type'
        ? 'De inhoud van het bestand past niet bij de extensie.'
        : 'Het bestand is beschadigd, of er zit meer in dan het bestandstype toestaat.';
    throw fileError(CODES.fileType, detail, [name, ...rules.accept]);
  }
  const mimeType = verified.mimeType;
  return {
    fieldName: part.fieldname,
    fileName: name,
    mimeType,
    size,
    sha256: hash.digest('hex'),
    path: temp.path,
  };
}

/**
 * Reads every part of the request; only the shape's file fields may carry files, which are kept
 * under `tempDir` (see uploadTempDir). Nothing is left there when the request is refused.
 */
async function readMultipart(request: FastifyRequest, shape: MultipartShape, tempDir: string, reading: Reading): Promise<MultipartSubmission> {
  if (!request.isMultipart()) throw new ApiError(400, 'Het verzoek is geen multipart-formulier.', [{ code: CODES.malformed, extraInfo: [] }]);
  const fields: Record<string, string[]> = {};
  const files: StoredFileInput[] = [];
  const created: string[] = [];
  try {
    await readParts(request, shape, fields, files, tempDir, created, reading);
  } catch (error) {
    await removeTempFiles(created);
    if (reading.watch.signal.aborted) throw reading.watch.signal.reason as Error;
    // A broken multipart body (cut off, no boundary) is the sender's fault, not ours.
    if (error instanceof ApiError || (error as { statusCode?: number }).statusCode) throw error;
    throw new ApiError(400, 'Het verzoek is niet juist opgebouwd.', [{ code: CODES.malformed, extraInfo: [] }]);
  }
  return { fields, files };
}

/**
 * Reads an upload request (its chunks in the upload slots, the sender watched: bodyWatch.ts) and
 * hands it to `use`; the temporary files of its files are removed once `use` is done — stored,
 * refused or failed — before the answer leaves. A sender ended for stalling gets 408 and its
 * connection is closed after the answer (the rest of its body is not waited for).
 */
export async function withUploads<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  shape: MultipartShape,
  context: Pick<ServerContext, 'uploadSlots' | 'config'>,
  use: (submission: MultipartSubmission) => Promise<T>,
): Promise<T> {
  const watch = new BodyWatch(request.raw, context.config.uploadPace);
  let submission: MultipartSubmission;
  try {
    submission = await readMultipart(request, shape, uploadTempDir(context.config.dataDir), { slots: context.uploadSlots, watch });
  } catch (error) {
    if (watch.signal.aborted) reply.header('Connection', 'close');
    throw error;
  } finally {
    watch.stop();
  }
  try {
    return await use(submission);
  } finally {
    await discardUploads(submission.files);
  }
}

async function readParts(
  request: FastifyRequest,
  shape: MultipartShape,
  fields: Record<string, string[]>,
  files: StoredFileInput[],
  tempDir: string,
  created: string[],
  reading: Reading,
): Promise<void> {
  const rules = Object.values(shape.fileFields);
  const limits = {
    fileSize: Math.max(0, ...rules.map((rule) => rule.maxFileSize)),
    files: rules.reduce((total, rule) => total + rule.maxFiles, 0) + 1,
    fields: shape.maxFields,
    fieldSize: shape.maxFieldSize ?? 16 * 1024,
  };
  const parts = request.parts({ limits })[Symbol.asyncIterator]();
  for (;;) {
    const next = await fromSender(parts.next(), reading.watch.signal);
    if (next.done) break;
    const part = next.value;
    if (part.type === 'file') {
      const fieldRules = Object.hasOwn(shape.fileFields, part.fieldname) ? shape.fileFields[part.fieldname] : undefined;
      if (!fieldRules) {
        part.file.resume();
        throw new ApiError(400, 'Onbekend bestandsveld.', [{ code: CODES.unknownField, extraInfo: [part.fieldname] }]);
      }
      if (files.filter((file) => file.fieldName === part.fieldname).length >= fieldRules.maxFiles) {
        part.file.resume();
        throw fileError(CODES.tooManyFiles, 'Er zijn te veel bestanden meegestuurd.', [String(fieldRules.maxFiles)]);
      }
      files.push(await readFile(part, fieldRules, tempDir, created, reading));
    } else {
      const values = Object.hasOwn(fields, part.fieldname) ? fields[part.fieldname] : undefined;
      if (hasControlCharacters(part.fieldname)) throw controlCharactersError('');
      if (hasControlCharacters(String(part.value ?? ''))) throw controlCharactersError(part.fieldname);
      if (part.valueTruncated) throw new ApiError(400, 'Een veld is te lang.', [{ code: CODES.malformed, extraInfo: [part.fieldname] }]);
      if (values && !shape.repeatable.has(part.fieldname))
        throw new ApiError(400, 'Een veld is dubbel meegestuurd.', [{ code: CODES.malformed, extraInfo: [part.fieldname] }]);
      (fields[part.fieldname] = values ?? []).push(String(part.value ?? ''));
    }
  }
}
