/**
 * OID-to-name tables. The portal reports algorithms by their OpenSSL names because that is what
 * applicants see in `openssl req -text` and what the register's instructions use.
 */

/** Signature algorithm OIDs by OpenSSL name. */
const SIGNATURE_ALGORITHM_NAMES: Readonly<Record<string, string>> = {
  '1.2.840.113549.1.1.4': 'md5WithRSAEncryption',
  '1.2.840.113549.1.1.5': 'sha1WithRSAEncryption',
  '1.2.840.113549.1.1.10': 'rsassaPss',
  '1.2.840.113549.1.1.11': 'sha256WithRSAEncryption',
  '1.2.840.113549.1.1.12': 'sha384WithRSAEncryption',
  '1.2.840.113549.1.1.13': 'sha512WithRSAEncryption',
  '1.2.840.113549.1.1.14': 'sha224WithRSAEncryption',
  '1.2.840.10045.4.1': 'ecdsa-with-SHA1',
  '1.2.840.10045.4.3.1': 'ecdsa-with-SHA224',
  '1.2.840.10045.4.3.2': 'ecdsa-with-SHA256',
  '1.2.840.10045.4.3.3': 'ecdsa-with-SHA384',
  '1.2.840.10045.4.3.4': 'ecdsa-with-SHA512',
  '1.2.840.10040.4.3': 'dsaWithSHA1',
  '2.16.840.1.101.3.4.3.2': 'dsa_with_SHA256',
  '1.3.101.112': 'ED25519',
  '1.3.101.113': 'ED448',
};

/** Subject public key algorithm OIDs by OpenSSL name. */
const KEY_ALGORITHM_NAMES: Readonly<Record<string, string>> = {
  '1.2.840.113549.1.1.1': 'rsaEncryption',
  '1.2.840.113549.1.1.10': 'rsassaPss',
  '1.2.840.10045.2.1': 'id-ecPublicKey',
  '1.2.840.10040.4.1': 'dsaEncryption',
  '1.3.101.112': 'ED25519',
  '1.3.101.113': 'ED448',
};

/** Key algorithm OIDs that carry an RSA modulus (plain RSA and PSS-restricted RSA). */
const RSA_KEY_OIDS: ReadonlySet<string> = new Set(['1.2.840.113549.1.1.1', '1.2.840.113549.1.1.10']);

/** OpenSSL name of a signature algorithm OID; the OID itself when unknown. */
export function signatureAlgorithmName(oid: string): string {
  return Object.hasOwn(SIGNATURE_ALGORITHM_NAMES, oid) ? SIGNATURE_ALGORITHM_NAMES[oid] : oid;
}

/** OpenSSL name of a public key algorithm OID; the OID itself when unknown. */
export function keyAlgorithmName(oid: string): string {
  return Object.hasOwn(KEY_ALGORITHM_NAMES, oid) ? KEY_ALGORITHM_NAMES[oid] : oid;
}

/** True when the key algorithm OID denotes an RSA key. */
export function isRsaKeyOid(oid: string): boolean {
  return RSA_KEY_OIDS.has(oid);
}
