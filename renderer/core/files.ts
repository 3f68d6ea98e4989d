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
  /** A field of the same step the content check compares the file with (for 'csr': the domain name). */
  checkField?: string;
}

/** The limits as the upload widget gets them through its options (each may be absent). */
export type FileLimits = Partial<Pick<FileRules, 'accept' | 'maxFileSize' | 'maxFiles'>> & { multiple?: boolean };

/** Longest file name accepted, in characters (code points). */
export const MAX_NAME_LENGTH = 255;
/** Characters not accepted in a file name, as shown to the applicant. */
export const FORBIDDEN_NAME_CHARACTERS = ['"', '*', ':', '<', '>', '?', '/', '\\', '|'] as const;
/** The same characters, and control characters, which no one types but a crafted request can send. */
// eslint-disable-next-line no-control-regex -- control characters are what a file name may not hold
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

/** The content types a file may have under each extension (checked by its first bytes). */
export const MIME_BY_EXTENSION: Readonly<Record<string, readonly string[]>> = {
  pdf: ['application/pdf'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  tif: ['image/tiff'],
  tiff: ['image/tiff'],
};

/** Extensions of text files (a certificate request in PEM, plain text): their content must not be a known binary type. */
export const TEXT_EXTENSIONS: ReadonlySet<string> = new Set(['csr', 'txt']);

/** Bytes the browser reads to know a file's type. */
export const SIGNATURE_BYTES = 16;

const SIGNATURES: { mime: string; bytes: (number | undefined)[] }[] = [
  { mime: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46] },
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { mime: 'image/tiff', bytes: [0x49, 0x49, 0x2a, 0x00] },
  { mime: 'image/tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  // Common types a picker can offer by mistake: known, and never allowed.
  { mime: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { mime: 'application/x-msdownload', bytes: [0x4d, 0x5a] },
  { mime: 'application/x-executable', bytes: [0x7f, 0x45, 0x4c, 0x46] },
];

/** The type of a file from its first bytes, when it is one the portal knows; undefined for anything else (text). */
export function sniffMime(head: Uint8Array): string | undefined {
  return SIGNATURES.find((signature) => signature.bytes.every((byte, index) => byte === undefined || head[index] === byte))?.mime;
}

/**
 * Whether content of type `detected` (undefined: no known binary type) may be added under a name
 * with `extension` to a field that accepts `accept`: a text extension needs text; otherwise the
 * content must be one of the accepted types, whichever accepted extension the name carries (a PNG
 * saved as .jpg is fine where PNG is allowed).
 */
export function contentFits(extension: string, detected: string | undefined, accept: readonly string[]): boolean {
  if (TEXT_EXTENSIONS.has(extension)) return detected === undefined;
  if (!detected) return false;
  return normaliseAccept(accept).some((allowed) => MIME_BY_EXTENSION[allowed]?.includes(detected));
}

/** 'PDF en JPG' / 'PDF and JPG'. */
export function listExtensions(accept: readonly string[], lang: 'nl' | 'en'): string {
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(normaliseAccept(accept).map((ext) => ext.toUpperCase()));
}
