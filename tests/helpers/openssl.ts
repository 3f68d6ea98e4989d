/**
 * Test helpers that make real keys and PKCS#10 requests with the `openssl` binary, so server tests
 * check against what applicants actually upload rather than against library-made fixtures.
 *
 * Everything is written to one temporary directory per test file (vitest isolates files, so this
 * module's state is per file). Keys are cached per curve/size: RSA 4096 key generation takes seconds.
 * Call {@link openSslWorkDir} in `beforeAll` (optionally warming keys with {@link rsaKeyPath}) and
 * {@link removeOpenSslWorkDir} in `afterAll`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Options for a generated CSR. */
export interface CsrOptions {
  /** Message digest for the signature, as given to `openssl req -<digest>`. Default `sha256`. Ignored for Ed25519. */
  digest?: string;
  /** Output encoding. Default `pem`. */
  format?: 'pem' | 'der';
  /** Subject common name. Default `test.example.nl`. */
  cn?: string;
  /** Subject organisation (O), omitted when undefined. */
  organization?: string;
  /** DNS names for a requested subjectAltName extension. */
  dnsNames?: string[];
  /** Extra `-sigopt` values, e.g. `['rsa_padding_mode:pss']`. */
  sigopts?: string[];
}

/** Minimal `openssl req` configuration, so the host's openssl.cnf cannot influence the output. */
const REQ_CONFIG = ['[req]', 'distinguished_name = dn', 'prompt = no', 'utf8 = yes', '[dn]', 'CN = placeholder', ''].join('\n');

let workDir: string | undefined;
let fileCounter = 0;
const keyCache = new Map<string, string>();

/** Runs openssl with arguments (never through a shell); throws with openssl's stderr on failure. */
export function openssl(args: string[]): Buffer {
  try {
    return execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`openssl ${args[0]} failed${stderr ? `: ${stderr}` : ''}`, { cause: error });
  }
}

/** True when an `openssl` binary is on the PATH. */
export function hasOpenSsl(): boolean {
  try {
    openssl(['version']);
    return true;
  } catch {
    return false;
  }
}

/** The temporary directory of this test file, created on first use. */
export function openSslWorkDir(): string {
  if (!workDir) {
    workDir = mkdtempSync(join(tmpdir(), 'uzi-openssl-'));
    writeFileSync(join(workDir, 'req.cnf'), REQ_CONFIG);
  }
  return workDir;
}

/** Deletes the temporary directory and forgets the cached keys. */
export function removeOpenSslWorkDir(): void {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = undefined;
  keyCache.clear();
}

function newFilePath(suffix: string): string {
  fileCounter += 1;
  return join(openSslWorkDir(), `file-${fileCounter}.${suffix}`);
}

function cachedKey(cacheKey: string, genpkeyArgs: string[]): string {
  const cached = keyCache.get(cacheKey);
  if (cached) return cached;
  const path = newFilePath('key.pem');
  openssl(['genpkey', '-quiet', ...genpkeyArgs, '-out', path]);
  keyCache.set(cacheKey, path);
  return path;
}

/** Path of a cached RSA private key (PEM) of `bits` bits. */
export function rsaKeyPath(bits: number): string {
  return cachedKey(`rsa-${bits}`, ['-algorithm', 'RSA', '-pkeyopt', `rsa_keygen_bits:${bits}`]);
}

/** Path of a cached EC private key (PEM) on `curve` (OpenSSL name, e.g. `P-256`, `P-384`). */
export function ecKeyPath(curve: string): string {
  return cachedKey(`ec-${curve}`, ['-algorithm', 'EC', '-pkeyopt', `ec_paramgen_curve:${curve}`]);
}

/** Path of a cached Ed25519 private key (PEM). */
export function ed25519KeyPath(): string {
  return cachedKey('ed25519', ['-algorithm', 'ED25519']);
}

/** Escapes a value for `openssl req -subj` (`/` and `\` are special there). */
function subjectValue(value: string): string {
  return value.replace(/[\\/]/g, (character) => `\\${character}`);
}

/** Makes a CSR for the private key at `keyPath`; returns the file's bytes (PEM text or DER). */
export function makeCsrForKey(keyPath: string, options: CsrOptions = {}, withDigest = true): Buffer {
  const { digest = 'sha256', format = 'pem', cn = 'test.example.nl', organization, dnsNames, sigopts = [] } = options;
  const out = newFilePath(format === 'der' ? 'der' : 'csr');
  const subject = `/CN=${subjectValue(cn)}${organization === undefined ? '' : `/O=${subjectValue(organization)}`}`;
  const args = ['req', '-new', '-config', join(openSslWorkDir(), 'req.cnf'), '-utf8', '-key', keyPath, '-subj', subject];
  if (withDigest) args.push(`-${digest}`);
  for (const sigopt of sigopts) args.push('-sigopt', sigopt);
  if (dnsNames && dnsNames.length > 0) {
    args.push('-addext', `subjectAltName=${dnsNames.map((name) => `DNS:${name}`).join(',')}`);
  }
  args.push('-outform', format === 'der' ? 'DER' : 'PEM', '-out', out);
  openssl(args);
  return readFileSync(out);
}

/** CSR for a (cached) RSA key of `bits` bits. */
export function makeRsaCsr(bits: number, options: CsrOptions = {}): Buffer {
  return makeCsrForKey(rsaKeyPath(bits), options);
}

/** CSR for a (cached) EC key on `curve` (default `P-256`; the digest defaults to sha256). */
export function makeEcCsr(curve = 'P-256', options: CsrOptions = {}): Buffer {
  return makeCsrForKey(ecKeyPath(curve), options);
}

/** CSR for a (cached) Ed25519 key; Ed25519 signs without a separate digest. */
export function makeEd25519Csr(options: Omit<CsrOptions, 'digest'> = {}): Buffer {
  return makeCsrForKey(ed25519KeyPath(), options, false);
}

/** DER bytes of the first PEM block in `pem`. */
export function pemToDer(pem: string | Uint8Array): Buffer {
  const text = typeof pem === 'string' ? pem : Buffer.from(pem).toString('latin1');
  const body = /-----BEGIN [^-]+-----([^-]*)-----END [^-]+-----/.exec(text)?.[1];
  if (body === undefined) throw new Error('no PEM block found');
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}

/** PEM text for `der` with `label` (default `CERTIFICATE REQUEST`), 64 characters a line, LF endings. */
export function derToPem(der: Uint8Array, label = 'CERTIFICATE REQUEST'): string {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
