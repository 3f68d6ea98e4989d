// Client-side checks for chosen files, kept pure (no React, no storage) so every rule and every
// message can be tested on its own. The widget translates the returned message keys.
import type { Lang, TextParams } from '../../renderer/core/i18n';
import {
  contentFits,
  fileExtension,
  fileNameProblem,
  FORBIDDEN_NAME_CHARACTERS,
  listExtensions,
  MAX_NAME_LENGTH,
  normaliseAccept,
  SIGNATURE_BYTES,
  sniffMime,
  type FileLimits,
} from '../../renderer/core/files';
import { formatFileSize } from './formatFileSize';

export { fileExtension, listExtensions, normaliseAccept, MAX_NAME_LENGTH, FORBIDDEN_NAME_CHARACTERS, type FileLimits };
export type { FileRef } from '../../renderer/core/files';

/** What validateFiles needs to know of a file (a browser File fits). */
export interface FileCandidate {
  name: string;
  size: number;
}

/** A message for the user: translation key and its parameters. */
export interface FileProblem {
  key: string;
  params: TextParams;
}

/** Result of validateFiles: the files to add, and why others were not added. */
export interface FileValidation<F extends FileCandidate> {
  accepted: F[];
  problems: FileProblem[];
}

function problemFor(file: FileCandidate, rules: FileLimits, lang: Lang): FileProblem | undefined {
  const filename = file.name;
  const nameProblem = fileNameProblem(file.name);
  if (nameProblem === 'length') return { key: 'widget.file.error.nameTooLong', params: { filename, maxLength: MAX_NAME_LENGTH } };
  if (nameProblem === 'characters') {
    return { key: 'widget.file.error.nameCharacters', params: { filename, characters: FORBIDDEN_NAME_CHARACTERS.join(' ') } };
  }
  const accept = normaliseAccept(rules.accept);
  if (accept.length > 0 && !accept.includes(fileExtension(file.name))) {
    return { key: 'widget.file.error.type', params: { filename, allowedTypes: listExtensions(accept, lang) } };
  }
  if (file.size === 0) return { key: 'widget.file.error.empty', params: { filename } };
  if (rules.maxFileSize !== undefined && file.size > rules.maxFileSize) {
    return { key: 'widget.file.error.tooBig', params: { filename, maxSize: formatFileSize(rules.maxFileSize, lang) } };
  }
  return undefined;
}

/** The bytes of a (small) blob; FileReader where a blob cannot answer them itself. */
function readHead(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * The content check of one file by its first bytes (doc 2 §5 'wrong mime type'): undefined when
 * the content is one of the accepted types (whichever accepted extension the name carries), else
 * the message. The server checks the whole file the same way.
 */
export async function contentProblem(file: Blob & { name: string }, accept: readonly string[], lang: Lang): Promise<FileProblem | undefined> {
  const allowed = normaliseAccept(accept);
  if (allowed.length === 0) return undefined;
  const head = await readHead(file.slice(0, SIGNATURE_BYTES));
  if (contentFits(fileExtension(file.name), sniffMime(head), allowed)) return undefined;
  return { key: 'widget.file.error.mime', params: { filename: file.name, allowedTypes: listExtensions(allowed, lang) } };
}

const sameFile = (a: FileCandidate, b: FileCandidate) => a.name === b.name && a.size === b.size;

/**
 * Checks newly chosen files against the rules and the files already there. Every file that
 * breaks a rule gets one message. With `multiple`, a file with the same name and size as one
 * already there is skipped, and when the rest would exceed `maxFiles` nothing is added. Without
 * `multiple` only the last acceptable file is kept (it replaces the existing one).
 */
export function validateFiles<F extends FileCandidate>(
  incoming: readonly F[],
  existing: readonly FileCandidate[],
  rules: FileLimits,
  lang: Lang = 'nl',
): FileValidation<F> {
  const problems: FileProblem[] = [];
  const accepted: F[] = [];
  for (const file of incoming) {
    const problem = problemFor(file, rules, lang);
    if (problem) {
      problems.push(problem);
    } else if (rules.multiple && [...existing, ...accepted].some((other) => sameFile(other, file))) {
      problems.push({ key: 'widget.file.error.duplicate', params: { filename: file.name } });
    } else {
      accepted.push(file);
    }
  }
  if (!rules.multiple) return { accepted: accepted.slice(-1), problems };
  const { maxFiles } = rules;
  if (maxFiles !== undefined && existing.length + accepted.length > maxFiles) {
    problems.push({ key: 'widget.file.error.tooMany', params: { maxFiles, allowedFiles: Math.max(0, maxFiles - existing.length) } });
    return { accepted: [], problems };
  }
  return { accepted, problems };
}
