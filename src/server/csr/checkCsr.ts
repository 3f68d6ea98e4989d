/**
 * The server-side PKCS#10 check for uploaded certificate signing requests: file name, size,
 * encoding, self-signature, key and signature algorithm, key length. It reports every failure as a
 * result code for the browser and never logs or echoes the request itself.
 */
import { createPublicKey } from 'node:crypto';
import { fileExtension } from '../../../renderer/core/files';
import { isRsaKeyOid, keyAlgorithmName, signatureAlgorithmName } from './algorithmNames.js';
import { decodeCsrBytes } from './decodeCsrBytes.js';
import { defaultCsrPolicy, type CsrPolicy } from './policy.js';
import type { CsrCheckResult, CsrErrorCode, CsrInfo } from './types.js';
import { InspectableCsr, webCrypto, x509 } from './x509.js';

const SUBJECT_ALT_NAME_OID = '2.5.29.17';
/** Far deeper than any real CSR; keeps hostile nesting from exhausting the parser. */
const PARSE_OPTIONS = { berOptions: { maxDepth: 32 } };

function fail(code: CsrErrorCode, extraInfo: readonly (string | number)[] = []): CsrCheckResult {
  return { ok: false, code, extraInfo: extraInfo.map(String) };
}

function hasAllowedExtension(fileName: string, policy: CsrPolicy): boolean {
  const extension = fileExtension(fileName);
  return extension !== '' && policy.allowedExtensions.some((allowed) => allowed.replace(/^\./, '').toLowerCase() === extension);
}

function isAllowedSignatureAlgorithm(name: string, oid: string, policy: CsrPolicy): boolean {
  return policy.allowedSignatureAlgorithms.some((allowed) => {
    const wanted = allowed.trim().toLowerCase();
    return wanted === name.toLowerCase() || wanted === oid;
  });
}

interface KeyDetails {
  bits?: number;
  namedCurve?: string;
}

/** Key size and curve as Node's crypto reads them; empty when Node cannot read the key. */
function keyDetails(csr: InspectableCsr): KeyDetails {
  try {
    const key = createPublicKey({ key: Buffer.from(csr.publicKey.rawData), format: 'der', type: 'spki' });
    const details = key.asymmetricKeyDetails ?? {};
    return { bits: details.modulusLength, namedCurve: details.namedCurve };
  } catch {
    return {};
  }
}

/**
 * DNS names of the requested subjectAltName. Best effort: the library refuses some legal but exotic
 * name forms (x400Address, ediPartyName); such a request is not rejected, it just yields no names.
 */
function requestedDnsNames(csr: InspectableCsr): string[] {
  try {
    const extension = csr.getExtension(SUBJECT_ALT_NAME_OID);
    if (!(extension instanceof x509.SubjectAlternativeNameExtension)) return [];
    return extension.names.items.filter((name) => name.type === 'dns').map((name) => name.value);
  } catch {
    return [];
  }
}

/** Outcome of the self-signature check; 'unverifiable' when the library cannot handle the algorithm. */
async function verifySignature(csr: InspectableCsr): Promise<'valid' | 'invalid' | 'unverifiable'> {
  try {
    return (await csr.verify(webCrypto)) ? 'valid' : 'invalid';
  } catch {
    return 'unverifiable';
  }
}

async function checkDecodedCsr(der: Uint8Array, policy: CsrPolicy): Promise<CsrCheckResult> {
  let csr: InspectableCsr;
  try {
    // Copy into an ArrayBuffer of its own: `der` may be a view (e.g. a pooled Buffer) into a larger one.
    csr = new InspectableCsr(new Uint8Array(der).buffer, PARSE_OPTIONS);
  } catch {
    return fail('UPKC10V-03');
  }

  // A signature that verifiably fails means a damaged or tampered file, whatever its algorithms.
  // One the library cannot verify at all gets the more helpful algorithm verdict first (below).
  const signature = await verifySignature(csr);
  if (signature === 'invalid') return fail('UPKC10V-03');

  const keyOid = csr.keyAlgorithmOid;
  const signatureOid = csr.signatureAlgorithmOid;
  const signatureAlgorithm = signatureAlgorithmName(signatureOid);
  if (!isRsaKeyOid(keyOid) || !isAllowedSignatureAlgorithm(signatureAlgorithm, signatureOid, policy)) {
    return fail('UPKC10V-02', policy.allowedSignatureAlgorithms);
  }

  const { bits, namedCurve } = keyDetails(csr);
  if (bits === undefined) return fail('UPKC10V-03');
  if (!policy.allowedKeyBits.includes(bits)) return fail('UPKC10V-01', policy.allowedKeyBits);

  if (signature !== 'valid') return fail('UPKC10V-03');

  const info: CsrInfo = {
    subject: csr.subject,
    commonName: csr.subjectName.getField('CN')[0],
    keyAlgorithm: keyAlgorithmName(keyOid),
    keyBits: bits,
    namedCurve,
    signatureAlgorithm,
    dnsNames: requestedDnsNames(csr),
  };
  return { ok: true, info };
}

/**
 * Checks an uploaded PKCS#10 certificate signing request against `policy`, in this order:
 * 1. file-name extension not allowed: `UPKC10V-04` (extraInfo: allowed extensions);
 * 2. empty or larger than `maxParseBytes`: `UPKC10V-03`, refused without parsing;
 * 3. not exactly one PEM (`CERTIFICATE REQUEST` / `NEW CERTIFICATE REQUEST`) or DER request: `UPKC10V-03`;
 * 4. self-signature does not verify: `UPKC10V-03`;
 * 5. key not RSA, or signature algorithm not allowed: `UPKC10V-02` (extraInfo: allowed signature algorithms);
 * 6. RSA modulus length not allowed: `UPKC10V-01` (extraInfo: allowed lengths as strings).
 *
 * A signature the library cannot verify at all (an algorithm it does not implement) is reported as
 * `UPKC10V-02` when the algorithms are not allowed, otherwise as `UPKC10V-03`.
 *
 * Never throws and never logs the input.
 */
export async function checkCsr(input: { fileName: string; bytes: Uint8Array }, policy: CsrPolicy = defaultCsrPolicy): Promise<CsrCheckResult> {
  try {
    if (typeof input.fileName !== 'string' || !hasAllowedExtension(input.fileName, policy)) {
      return fail('UPKC10V-04', policy.allowedExtensions);
    }
    const { bytes } = input;
    if (!(bytes instanceof Uint8Array) || bytes.length === 0 || bytes.length > policy.maxParseBytes) {
      return fail('UPKC10V-03');
    }
    const der = decodeCsrBytes(bytes);
    if (!der) return fail('UPKC10V-03');
    return await checkDecodedCsr(der, policy);
  } catch {
    // Defensive: a library defect on hostile input must still end as "unreadable", not a 500.
    return fail('UPKC10V-03');
  }
}
