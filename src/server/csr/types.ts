/**
 * Result types of the CSR check. They live apart from the checker so that route handlers and the
 * browser-facing error mapping can import them without pulling in the X.509 library.
 */

/**
 * Error codes of the PKCS#10 check, as published by the UZI register:
 * - `UPKC10V-01`: the RSA key length is not allowed (extraInfo: the allowed lengths).
 * - `UPKC10V-02`: the key or signature algorithm is not allowed (extraInfo: the allowed signature algorithms).
 * - `UPKC10V-03`: the file is not a readable, correctly self-signed PKCS#10 request (extraInfo: empty).
 * - `UPKC10V-04`: the file-name extension is not allowed (extraInfo: the allowed extensions).
 */
export type CsrErrorCode = 'UPKC10V-01' | 'UPKC10V-02' | 'UPKC10V-03' | 'UPKC10V-04' | 'UPKC10V-05';

/** What the portal learns from an accepted CSR. */
export interface CsrInfo {
  /** Subject distinguished name, e.g. `CN=www.example.nl, O=Example BV`. */
  subject: string;
  /** First common name (CN) of the subject, if any. */
  commonName?: string;
  /** OpenSSL-style key algorithm name, e.g. `rsaEncryption`, `id-ecPublicKey`, `ED25519`; the dotted OID when unknown. */
  keyAlgorithm: string;
  /** RSA modulus length in bits; undefined for non-RSA keys. */
  keyBits?: number;
  /** OpenSSL-style curve name of an EC key, e.g. `prime256v1`. */
  namedCurve?: string;
  /** OpenSSL-style signature algorithm name, e.g. `sha256WithRSAEncryption`; the dotted OID when unknown. */
  signatureAlgorithm: string;
  /** DNS names from the requested subjectAltName extension (empty when absent or unreadable). */
  dnsNames: string[];
}

/** Outcome of {@link checkCsr}: every failure is a value, never an exception. */
export type CsrCheckResult = { ok: true; info: CsrInfo } | { ok: false; code: CsrErrorCode; extraInfo: string[] };
