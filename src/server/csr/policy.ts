/**
 * The configurable acceptance rules for uploaded CSRs. The register publishes "RSA 4096 with
 * sha256WithRSAEncryption"; the lists stay configurable because they are shown to the applicant
 * (they travel to the browser as `extraInfo`) and may change without a code change.
 */

/** Acceptance rules applied by {@link checkCsr}. */
export interface CsrPolicy {
  /** Allowed RSA modulus lengths in bits. Default `[4096]`. */
  allowedKeyBits: number[];
  /** Allowed signature algorithms by OpenSSL name (case-insensitive) or dotted OID. Default `['sha256WithRSAEncryption']`. */
  allowedSignatureAlgorithms: string[];
  /** Allowed file-name extensions without the dot (compared case-insensitively). Default `['csr', 'txt']`. */
  allowedExtensions: string[];
  /** Inputs larger than this many bytes are refused before parsing. Default 64 KiB (real CSRs are < 4 KB). */
  maxParseBytes: number;
  /** Whether the domain name entered must be the request's CN or one of its SAN DNS names ('cn-or-san', default) or is not compared ('off'). */
  domainMatch: 'cn-or-san' | 'off';
}

/** The register's published policy. Frozen: derive a new object to change it. */
export const defaultCsrPolicy: CsrPolicy = Object.freeze({
  allowedKeyBits: Object.freeze([4096]) as number[],
  allowedSignatureAlgorithms: Object.freeze(['sha256WithRSAEncryption']) as string[],
  allowedExtensions: Object.freeze(['csr', 'txt']) as string[],
  maxParseBytes: 64 * 1024,
  domainMatch: 'cn-or-san',
});

/** Splits a comma-separated setting; undefined when unset or blank so the caller can fall back. */
function listSetting(env: NodeJS.ProcessEnv, name: string): string[] | undefined {
  const items = (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.length > 0 ? items : undefined;
}

function positiveInteger(name: string, text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
    throw new Error(`${name}: "${text}" is not a positive integer`);
  }
  return Number(text);
}

function domainMatchOf(value: string | undefined): CsrPolicy['domainMatch'] {
  const text = value?.trim();
  if (!text) return defaultCsrPolicy.domainMatch;
  if (text === 'cn-or-san' || text === 'off') return text;
  throw new Error(`CSR_DOMAIN_MATCH: "${text}" is not 'cn-or-san' or 'off'`);
}

/**
 * Builds a policy from the environment. Reads `CSR_ALLOWED_KEY_BITS`,
 * `CSR_ALLOWED_SIGNATURE_ALGORITHMS`, `CSR_ALLOWED_EXTENSIONS` (comma separated) and
 * `CSR_MAX_PARSE_BYTES`; a variable that is unset or blank falls back to {@link defaultCsrPolicy}.
 *
 * @throws Error naming the variable when a value is present but malformed (e.g. `CSR_ALLOWED_KEY_BITS=4k`),
 *   so a typo in the deployment fails at start-up instead of silently loosening or tightening the rules.
 */
export function csrPolicyFromEnv(env: NodeJS.ProcessEnv): CsrPolicy {
  const keyBits = listSetting(env, 'CSR_ALLOWED_KEY_BITS');
  const signatureAlgorithms = listSetting(env, 'CSR_ALLOWED_SIGNATURE_ALGORITHMS');
  const extensions = listSetting(env, 'CSR_ALLOWED_EXTENSIONS');
  const maxParseBytes = env.CSR_MAX_PARSE_BYTES?.trim();
  return {
    allowedKeyBits: keyBits ? keyBits.map((bits) => positiveInteger('CSR_ALLOWED_KEY_BITS', bits)) : [...defaultCsrPolicy.allowedKeyBits],
    allowedSignatureAlgorithms: signatureAlgorithms ?? [...defaultCsrPolicy.allowedSignatureAlgorithms],
    allowedExtensions: extensions ? extensions.map((extension) => extension.replace(/^\./, '').toLowerCase()) : [...defaultCsrPolicy.allowedExtensions],
    maxParseBytes: maxParseBytes ? positiveInteger('CSR_MAX_PARSE_BYTES', maxParseBytes) : defaultCsrPolicy.maxParseBytes,
    domainMatch: domainMatchOf(env.CSR_DOMAIN_MATCH),
  };
}
