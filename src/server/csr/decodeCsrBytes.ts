/**
 * Turns an uploaded file into the DER bytes of exactly one certification request. Kept strict and
 * separate from the X.509 library so that arbitrary uploads never reach the ASN.1 parser in a form
 * it might interpret loosely (hex, bare base64, several PEM blocks, trailing garbage).
 */

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const DER_SEQUENCE_TAG = 0x30;
const HYPHEN = 0x2d;

/** One PEM block labelled `CERTIFICATE REQUEST` or `NEW CERTIFICATE REQUEST`, with matching END line. */
const PEM_BLOCK = /^-----BEGIN ((?:NEW )?CERTIFICATE REQUEST)-----([^-]*)-----END \1-----$/;
const BASE64_BODY = /^[A-Za-z0-9+/]+={0,2}$/;

function startsWithBom(bytes: Uint8Array): boolean {
  return UTF8_BOM.every((byte, index) => bytes[index] === byte);
}

function isAsciiWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/** PEM text to DER, or undefined when it is not exactly one well-formed CSR block. */
function decodePem(text: string): Uint8Array | undefined {
  const match = PEM_BLOCK.exec(text.trim());
  if (!match) return undefined;
  const body = match[2].replace(/[ \t\r\n]/g, '');
  if (!BASE64_BODY.test(body) || body.length % 4 !== 0) return undefined;
  return new Uint8Array(Buffer.from(body, 'base64'));
}

/**
 * True when `der` is a single definite-length DER SEQUENCE that spans all bytes: no trailing data,
 * no indefinite length (BER only), no truncation.
 */
function isSingleDerSequence(der: Uint8Array): boolean {
  if (der.length < 2 || der[0] !== DER_SEQUENCE_TAG) return false;
  const first = der[1];
  if (first < 0x80) return der.length === 2 + first;
  const lengthOctets = first & 0x7f;
  if (lengthOctets === 0 || lengthOctets > 4 || der.length < 2 + lengthOctets) return false;
  let length = 0;
  for (let index = 0; index < lengthOctets; index++) length = length * 256 + der[2 + index];
  return der.length === 2 + lengthOctets + length;
}

/**
 * Returns the DER encoding of the single CSR in `bytes` (PEM or DER), or undefined when the input
 * is neither. PEM may use LF or CRLF, carry surrounding whitespace and a UTF-8 byte-order mark.
 */
export function decodeCsrBytes(bytes: Uint8Array): Uint8Array | undefined {
  if (bytes[0] === DER_SEQUENCE_TAG) return isSingleDerSequence(bytes) ? bytes : undefined;
  let start = startsWithBom(bytes) ? UTF8_BOM.length : 0;
  while (start < bytes.length && isAsciiWhitespace(bytes[start])) start++;
  if (bytes[start] !== HYPHEN) return undefined;
  // latin1 maps every byte to one character, so non-ASCII bytes simply fail the PEM pattern.
  const der = decodePem(Buffer.from(bytes.buffer, bytes.byteOffset + start, bytes.length - start).toString('latin1'));
  return der && isSingleDerSequence(der) ? der : undefined;
}
