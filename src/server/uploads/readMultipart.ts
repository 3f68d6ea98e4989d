/**
 * Reads a multipart submission: text fields and the files of the flow's file fields, with each
 * field's limits enforced while streaming. A file over the size limit, a file too many or a lying
 * extension stops the request with the error body; nothing of it is kept.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FileRules } from '../../../renderer/core/types';
import { ApiError, CODES } from '../errors';
import type { StoredFileInput } from '../storage';
import { fileExtension, fileNameProblem, MAX_NAME_LENGTH } from '../../../renderer/core/files';
import { verifiedMimeType } from './fileType';
import { checkRefusals } from './fileChecks';

export interface MultipartSubmission {
  /** Text fields by name; a field may come more than once only when `repeatable` says so. */
  fields: Record<string, string[]>;
  /** Files in the order they came, each with the name of its field. */
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

async function readFile(
  part: { file: NodeJS.ReadableStream & { truncated?: boolean }; filename: string; fieldname: string },
  rules: FileRules,
): Promise<StoredFileInput> {
  const name = part.filename;
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
  // Chunks are kept as they arrive and joined once; the number of uploads read at the same time is
  // bounded by the caller, which keeps memory flat under many large uploads.
  const chunks: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  for await (const chunk of part.file) {
    const data = chunk as Buffer;
    size += data.length;
    if (size > rules.maxFileSize) {
      tooBig = true;
      break;
    }
    chunks.push(data);
  }
  if (tooBig || part.file.truncated) {
    chunks.length = 0;
    part.file.resume();
    throw fileError(CODES.fileTooBig, 'Het bestand is te groot.', [name, `${Math.round(rules.maxFileSize / MB)} MB`]);
  }
  if (size === 0) throw fileError(CODES.emptyFile, 'Het bestand is leeg.', [name]);
  const bytes = Buffer.concat(chunks, size);
  chunks.length = 0;
  const mimeType = await verifiedMimeType(name, bytes, rules.accept);
  if (!mimeType) {
    if (ownCodes.wrongContent) throw fileError(ownCodes.wrongContent, 'Het bestand kan niet worden verwerkt.');
    throw fileError(CODES.fileType, 'De inhoud van het bestand past niet bij de extensie.', [name, ...rules.accept]);
  }
  return {
    fieldName: part.fieldname,
    fileName: name,
    mimeType,
    size,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes,
  };
}

/** Reads every part of the request; only the shape's file fields may carry files. */
export async function readMultipart(request: FastifyRequest, shape: MultipartShape): Promise<MultipartSubmission> {
  if (!request.isMultipart()) throw new ApiError(400, 'Het verzoek is geen multipart-formulier.', [{ code: CODES.malformed, extraInfo: [] }]);
  const fields: Record<string, string[]> = {};
  const files: StoredFileInput[] = [];
  try {
    await readParts(request, shape, fields, files);
  } catch (error) {
    // A broken multipart body (cut off, no boundary) is the sender's fault, not ours.
    if (error instanceof ApiError || (error as { statusCode?: number }).statusCode) throw error;
    throw new ApiError(400, 'Het verzoek is niet juist opgebouwd.', [{ code: CODES.malformed, extraInfo: [] }]);
  }
  return { fields, files };
}

async function readParts(request: FastifyRequest, shape: MultipartShape, fields: Record<string, string[]>, files: StoredFileInput[]): Promise<void> {
  const rules = Object.values(shape.fileFields);
  const limits = {
    fileSize: Math.max(0, ...rules.map((rule) => rule.maxFileSize)),
    files: rules.reduce((total, rule) => total + rule.maxFiles, 0) + 1,
    fields: shape.maxFields,
    fieldSize: shape.maxFieldSize ?? 16 * 1024,
  };
  for await (const part of request.parts({ limits })) {
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
      files.push(await readFile(part, fieldRules));
    } else {
      const values = Object.hasOwn(fields, part.fieldname) ? fields[part.fieldname] : undefined;
      if (part.valueTruncated) throw new ApiError(400, 'Een veld is te lang.', [{ code: CODES.malformed, extraInfo: [part.fieldname] }]);
      if (values && !shape.repeatable.has(part.fieldname)) throw new ApiError(400, 'Een veld is dubbel meegestuurd.', [{ code: CODES.malformed, extraInfo: [part.fieldname] }]);
      (fields[part.fieldname] = values ?? []).push(String(part.value ?? ''));
    }
  }
}
