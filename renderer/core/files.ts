/**
 * The one declaration of what a file is in a flow and which files a flow accepts: the browser's
 * upload widget, the upload request and the server's multipart reader all use these, so a name the
 * widget accepts is one the server accepts too.
 */

/** A file as it travels in the model: the bytes stay in the browser's file store or the request. */
export interface FileRef {
  id: string;
  name: string;
  size: number;
  type: string;
}

/** Limits of a file field (`x-files`), used by the upload widget and enforced again by the server. */
export interface FileRules {
  /** Allowed extensions without dot, e.g. ['pdf', 'jpg']. */
  accept: string[];
  /** Bytes. */
  maxFileSize: number;
  maxFiles: number;
  /** Name of a server-side content check (e.g. 'csr'). */
  check?: string;
}

/** The limits as the upload widget gets them through its options (each may be absent). */
export type FileLimits = Partial<Pick<FileRules, 'accept' | 'maxFileSize' | 'maxFiles'>> & { multiple?: boolean };

/** Longest file name accepted, in characters (code points). */
export const MAX_NAME_LENGTH = 255;
/** Characters not accepted in a file name, as shown to the applicant. */
export const FORBIDDEN_NAME_CHARACTERS = ['"', '*', ':', '<', '>', '?', '/', '\\', '|'] as const;
/** The same characters, and control characters, which no one types but a crafted request can send. */
const FORBIDDEN = /["*:<>?/\\|\u0000-\u001f\u007f]/u;

/** Why a file name is refused, or undefined when it may be used. */
export function fileNameProblem(name: string): 'length' | 'characters' | 'empty' | undefined {
  if (name.trim() === '') return 'empty';
  if (Array.from(name).length > MAX_NAME_LENGTH) return 'length';
  if (FORBIDDEN.test(name)) return 'characters';
  return undefined;
}

/** Lower-case extension without dot of the name's last part; '' when it has none ('.bashrc', 'naam.'). */
export function fileExtension(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Normalises an accept list: lower case, no leading dot, no empties. */
export function normaliseAccept(accept: readonly string[] | undefined): string[] {
  return (accept ?? []).map((ext) => ext.trim().replace(/^\./, '').toLowerCase()).filter(Boolean);
}
