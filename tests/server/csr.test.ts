/**
 * The server-side CSR check against requests made by the real openssl binary, in every shape the
 * portal has to accept or refuse.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCsr, csrPolicyFromEnv, defaultCsrPolicy, type CsrCheckResult, type CsrPolicy } from '../../src/server/csr/index.js';
import { derToPem, makeEcCsr, makeEd25519Csr, makeRsaCsr, openSslWorkDir, pemToDer, removeOpenSslWorkDir, rsaKeyPath } from '../helpers/openssl.js';

const CN = 'portaal-test.example.nl';

let rsa4096Pem: Buffer;
let rsa4096Der: Buffer;
let rsa2048Pem: Buffer;

beforeAll(() => {
  openSslWorkDir();
  rsaKeyPath(4096); // the slow one: generate once, up front
  rsa4096Pem = makeRsaCsr(4096, { cn: CN, organization: 'Test Zorg BV', dnsNames: [CN, 'www.example.nl'] });
  rsa4096Der = pemToDer(rsa4096Pem);
  rsa2048Pem = makeRsaCsr(2048, { cn: CN });
});

afterAll(() => {
  removeOpenSslWorkDir();
});

function check(bytes: Uint8Array | string, fileName = 'request.csr', policy?: CsrPolicy): Promise<CsrCheckResult> {
  return checkCsr({ fileName, bytes: typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes }, policy);
}

function expectFailure(result: CsrCheckResult, code: string, extraInfo: string[] = []): void {
  expect(result).toEqual({ ok: false, code, extraInfo });
}

/** Returns a copy of `der` with the first occurrence of `from` replaced by `to` (same length). */
function replaceBytes(der: Buffer, from: string, to: string): Buffer {
  const at = der.indexOf(from);
  expect(at).toBeGreaterThan(0);
  const copy = Buffer.from(der);
  copy.write(to, at, 'latin1');
  return copy;
}

describe('checkCsr accepts RSA 4096 / sha256WithRSAEncryption', () => {
  it('as PEM, and reports what it found', async () => {
    const result = await check(rsa4096Pem);
    expect(result).toEqual({
      ok: true,
      info: {
        subject: `CN=${CN}, O=Test Zorg BV`,
        commonName: CN,
        keyAlgorithm: 'rsaEncryption',
        keyBits: 4096,
        namedCurve: undefined,
        signatureAlgorithm: 'sha256WithRSAEncryption',
        dnsNames: [CN, 'www.example.nl'],
      },
    });
  });

  it('as DER (the same request)', async () => {
    const result = await check(rsa4096Der, 'request.csr');
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.info.keyBits).toBe(4096);
  });

  it('as a DER view at an offset inside a larger buffer holding another request', async () => {
    const backing = Buffer.concat([pemToDer(rsa2048Pem), rsa4096Der, Buffer.from('trailing')]);
    const view = new Uint8Array(backing.buffer, backing.byteOffset + pemToDer(rsa2048Pem).length, rsa4096Der.length);
    expect(await check(view)).toMatchObject({ ok: true, info: { keyBits: 4096 } });
  });

  it('as openssl DER output', async () => {
    const der = makeRsaCsr(4096, { format: 'der', cn: CN });
    expect(der[0]).toBe(0x30);
    expect((await check(der)).ok).toBe(true);
  });

  it('as PEM with CRLF line endings, surrounding whitespace and a byte-order mark', async () => {
    const crlf = rsa4096Pem.toString('latin1').replace(/\n/g, '\r\n');
    expect((await check(crlf)).ok).toBe(true);
    expect((await check(`\r\n  \t${crlf}\r\n\r\n  `)).ok).toBe(true);
    expect((await check(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), rsa4096Pem]))).ok).toBe(true);
  });

  it('with the legacy NEW CERTIFICATE REQUEST label', async () => {
    expect((await check(derToPem(rsa4096Der, 'NEW CERTIFICATE REQUEST'))).ok).toBe(true);
  });

  it('without a subjectAltName, reporting no DNS names', async () => {
    const result = await check(makeRsaCsr(4096, { cn: 'zonder-san.example.nl' }));
    expect(result).toMatchObject({ ok: true, info: { commonName: 'zonder-san.example.nl', dnsNames: [] } });
  });

  it('with an upper-case .CSR or a .txt file name', async () => {
    expect((await check(rsa4096Pem, 'REQUEST.CSR')).ok).toBe(true);
    expect((await check(rsa4096Pem, 'C:\\fakepath\\aanvraag.v2.txt')).ok).toBe(true);
  });
});

describe('checkCsr refuses the key length (UPKC10V-01)', () => {
  it('for RSA 2048', async () => {
    expectFailure(await check(rsa2048Pem), 'UPKC10V-01', ['4096']);
  });

  it('for RSA 3072 signed with sha256', async () => {
    expectFailure(await check(makeRsaCsr(3072)), 'UPKC10V-01', ['4096']);
  });
});

describe('checkCsr refuses the algorithm (UPKC10V-02)', () => {
  const allowed = ['sha256WithRSAEncryption'];

  it('for an EC P-256 key', async () => {
    expectFailure(await check(makeEcCsr('P-256')), 'UPKC10V-02', allowed);
  });

  it('for an EC P-384 key signed with sha384', async () => {
    expectFailure(await check(makeEcCsr('P-384', { digest: 'sha384' })), 'UPKC10V-02', allowed);
  });

  it('for an Ed25519 key', async () => {
    expectFailure(await check(makeEd25519Csr()), 'UPKC10V-02', allowed);
  });

  it('for RSA 4096 signed with sha1 or sha512', async () => {
    expectFailure(await check(makeRsaCsr(4096, { digest: 'sha1' })), 'UPKC10V-02', allowed);
    expectFailure(await check(makeRsaCsr(4096, { digest: 'sha512' })), 'UPKC10V-02', allowed);
  });

  it('for RSA 4096 signed with RSASSA-PSS', async () => {
    const pss = makeRsaCsr(4096, { sigopts: ['rsa_padding_mode:pss'] });
    expectFailure(await check(pss), 'UPKC10V-02', allowed);
  });

  it('before the key length when both are wrong (RSA 2048 with sha1)', async () => {
    expectFailure(await check(makeRsaCsr(2048, { digest: 'sha1' })), 'UPKC10V-02', allowed);
  });
});

describe('checkCsr refuses unreadable or damaged input (UPKC10V-03)', () => {
  it('when the subject was changed after signing', async () => {
    const tampered = replaceBytes(rsa4096Der, 'Test Zorg BV', 'Test Zorg BW');
    expectFailure(await check(derToPem(tampered)), 'UPKC10V-03');
    expectFailure(await check(tampered), 'UPKC10V-03');
  });

  it('when the signature itself was changed', async () => {
    const tampered = Buffer.from(rsa4096Der);
    tampered[tampered.length - 1] ^= 0x01;
    expectFailure(await check(tampered), 'UPKC10V-03');
  });

  it('for junk text, empty input and whitespace', async () => {
    expectFailure(await check('dit is geen certificaataanvraag\n'), 'UPKC10V-03');
    expectFailure(await check(new Uint8Array(0)), 'UPKC10V-03');
    expectFailure(await check('  \r\n\t '), 'UPKC10V-03');
  });

  it('for 200 KB of "A" without parsing it', async () => {
    expectFailure(await check('A'.repeat(200 * 1024), 'x.csr'), 'UPKC10V-03');
  });

  it('for a valid request larger than maxParseBytes (size is checked before parsing)', async () => {
    const policy = { ...defaultCsrPolicy, maxParseBytes: rsa4096Pem.length - 1 };
    expectFailure(await check(rsa4096Pem, 'request.csr', policy), 'UPKC10V-03');
  });

  it('for a certificate or a private key in PEM', async () => {
    expectFailure(await check(derToPem(rsa4096Der, 'CERTIFICATE')), 'UPKC10V-03');
    expectFailure(await check(derToPem(rsa4096Der, 'PRIVATE KEY')), 'UPKC10V-03');
  });

  it('for PEM with text around it, two blocks, or mismatched labels', async () => {
    const pem = rsa4096Pem.toString('latin1');
    expectFailure(await check(`Certificate Request:\n${pem}`), 'UPKC10V-03');
    expectFailure(await check(pem + pem), 'UPKC10V-03');
    expectFailure(await check(pem.replace('-----END CERTIFICATE REQUEST-----', '-----END NEW CERTIFICATE REQUEST-----')), 'UPKC10V-03');
  });

  it('for a PEM body that is not base64, or bare base64 / hex', async () => {
    const pem = rsa4096Pem.toString('latin1');
    expectFailure(await check(pem.replace(/\n([A-Za-z0-9+/]{10})/, '\n$1*')), 'UPKC10V-03');
    expectFailure(await check(rsa4096Der.toString('base64')), 'UPKC10V-03');
    expectFailure(await check(rsa4096Der.toString('hex')), 'UPKC10V-03');
  });

  it('for DER with trailing data or truncated anywhere, without throwing', async () => {
    expectFailure(await check(Buffer.concat([rsa4096Der, Buffer.from([0])])), 'UPKC10V-03');
    for (let length = 1; length < rsa4096Der.length; length += 37) {
      expectFailure(await check(rsa4096Der.subarray(0, length)), 'UPKC10V-03');
    }
  });

  it('for bytes of a well-formed but different DER structure', async () => {
    expectFailure(await check(Buffer.from([0x30, 0x03, 0x02, 0x01, 0x05])), 'UPKC10V-03');
  });
});

describe('checkCsr refuses the file name (UPKC10V-04)', () => {
  it('for a valid request named request.pem', async () => {
    expectFailure(await check(rsa4096Pem, 'request.pem'), 'UPKC10V-04', ['csr', 'txt']);
  });

  it('for names without an extension', async () => {
    expectFailure(await check(rsa4096Pem, 'csr'), 'UPKC10V-04', ['csr', 'txt']);
    expectFailure(await check(rsa4096Pem, 'map.csr/aanvraag'), 'UPKC10V-04', ['csr', 'txt']);
  });

  it('before looking at the content', async () => {
    expectFailure(await check(new Uint8Array(0), 'leeg.exe'), 'UPKC10V-04', ['csr', 'txt']);
  });
});

describe('CSR policy', () => {
  it('a custom policy accepts RSA 2048 and reports its own lists', async () => {
    const policy: CsrPolicy = { ...defaultCsrPolicy, allowedKeyBits: [2048, 4096] };
    const result = await check(rsa2048Pem, 'request.csr', policy);
    expect(result).toMatchObject({ ok: true, info: { keyBits: 2048, commonName: CN } });
    expectFailure(await check(makeRsaCsr(3072), 'request.csr', policy), 'UPKC10V-01', ['2048', '4096']);
  });

  it('a custom policy may allow sha512WithRSAEncryption (names compared case-insensitively)', async () => {
    const policy: CsrPolicy = {
      ...defaultCsrPolicy,
      allowedSignatureAlgorithms: ['sha256WithRSAEncryption', 'SHA512withRSAEncryption'],
    };
    const result = await check(makeRsaCsr(4096, { digest: 'sha512' }), 'request.csr', policy);
    expect(result).toMatchObject({ ok: true, info: { signatureAlgorithm: 'sha512WithRSAEncryption' } });
  });

  it('even a policy that lists an EC signature algorithm refuses non-RSA keys', async () => {
    const policy: CsrPolicy = { ...defaultCsrPolicy, allowedSignatureAlgorithms: ['ecdsa-with-SHA256'] };
    expectFailure(await check(makeEcCsr('P-256'), 'request.csr', policy), 'UPKC10V-02', ['ecdsa-with-SHA256']);
  });

  it('the default policy is the published one and cannot be changed in place', () => {
    expect(defaultCsrPolicy).toEqual({
      allowedKeyBits: [4096],
      allowedSignatureAlgorithms: ['sha256WithRSAEncryption'],
      allowedExtensions: ['csr', 'txt'],
      maxParseBytes: 64 * 1024,
      domainMatch: 'cn-or-san',
    });
    expect(Object.isFrozen(defaultCsrPolicy)).toBe(true);
    expect(Object.isFrozen(defaultCsrPolicy.allowedKeyBits)).toBe(true);
  });

  it('csrPolicyFromEnv parses the environment', () => {
    expect(
      csrPolicyFromEnv({
        CSR_ALLOWED_KEY_BITS: '2048, 4096',
        CSR_ALLOWED_SIGNATURE_ALGORITHMS: 'sha256WithRSAEncryption,sha512WithRSAEncryption',
        CSR_ALLOWED_EXTENSIONS: ' .CSR , txt,req ',
        CSR_MAX_PARSE_BYTES: '8192',
        CSR_DOMAIN_MATCH: 'off',
      }),
    ).toEqual({
      allowedKeyBits: [2048, 4096],
      allowedSignatureAlgorithms: ['sha256WithRSAEncryption', 'sha512WithRSAEncryption'],
      allowedExtensions: ['csr', 'txt', 'req'],
      maxParseBytes: 8192,
      domainMatch: 'off',
    });
    expect(() => csrPolicyFromEnv({ CSR_DOMAIN_MATCH: 'cn' })).toThrow(/CSR_DOMAIN_MATCH/);
  });

  it('csrPolicyFromEnv falls back to the defaults for unset or blank values', () => {
    expect(csrPolicyFromEnv({})).toEqual(defaultCsrPolicy);
    expect(csrPolicyFromEnv({ CSR_ALLOWED_KEY_BITS: ' , ', CSR_MAX_PARSE_BYTES: '' })).toEqual(defaultCsrPolicy);
    expect(Object.isFrozen(csrPolicyFromEnv({}).allowedKeyBits)).toBe(false);
  });

  it('csrPolicyFromEnv refuses malformed numbers instead of guessing', () => {
    expect(() => csrPolicyFromEnv({ CSR_ALLOWED_KEY_BITS: '4096,4k' })).toThrow(/CSR_ALLOWED_KEY_BITS/);
    expect(() => csrPolicyFromEnv({ CSR_MAX_PARSE_BYTES: '-1' })).toThrow(/CSR_MAX_PARSE_BYTES/);
    expect(() => csrPolicyFromEnv({ CSR_MAX_PARSE_BYTES: '0' })).toThrow(/CSR_MAX_PARSE_BYTES/);
  });
});
