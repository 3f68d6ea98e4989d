/**
 * The PKCS#10 delivery over real HTTP with requests made by the real openssl binary: an RSA 4096
 * request is stored and answered with a kenmerk, every refused request answers the error body with
 * the CSR check's code and stores nothing, and the confirmation PDF names the domain and kenmerk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowDocument } from '../../renderer/core/types';
import { fieldMessage, scenarioTitle, servedFlow } from '../helpers/flowTexts';
import { derToPem, makeEcCsr, makeRsaCsr, openSslWorkDir, pemToDer, removeOpenSslWorkDir, rsaKeyPath } from '../helpers/openssl';
import { pdfText } from '../helpers/poppler';
import { expectError, KENMERK_FORMAT, multipartForm, startServer, type FilePart, type Session, type TestServer } from '../helpers/server';

const FLOW_ID = 'aanleveren-pkcs-10-bestand';
const UPLOAD = '/api/aanleveren-pkcs-10-bestand/upload';
const BEVESTIGING = '/api/aanleveren-pkcs-10-bestand/bevestiging';
const FILE_FIELD = 'bestand';
const DOMAIN = 'www.zorginstelling.nl';

const VALID_FIELDS: Record<string, string> = { abonneeNummer: '12345', fullDomainname: DOMAIN, scenario: '2' };

let server: TestServer;
let session: Session;
let flow: FlowDocument;
let rsa4096Pem: Buffer;
let rsa4096Der: Buffer;

beforeAll(async () => {
  openSslWorkDir();
  rsaKeyPath(4096); // the slow one: once for the whole file (the helper caches the key)
  rsa4096Pem = makeRsaCsr(4096, { cn: DOMAIN, organization: 'Zorginstelling Test BV' });
  rsa4096Der = pemToDer(rsa4096Pem);
  server = await startServer();
  session = await server.session('/zovar/aanleveren-pkcs-10-bestand');
  flow = await servedFlow(server, FLOW_ID);
});

afterAll(async () => {
  await server?.close();
  removeOpenSslWorkDir();
});

function form(fields: Record<string, string | undefined>, files: FilePart[]): FormData {
  return multipartForm({ ...VALID_FIELDS, ...fields }, files, FILE_FIELD);
}

async function upload(fields: Record<string, string | undefined>, files: FilePart[]): Promise<Response> {
  return server.postMultipart(UPLOAD, form(fields, files), session);
}

/** Uploads and expects 200 with a kenmerk; returns the kenmerk. */
async function accepted(fields: Record<string, string | undefined>, files: FilePart[]): Promise<string> {
  const before = await server.storage.countSubmissions();
  const response = await upload(fields, files);
  expect(response.status).toBe(200);
  const { kenmerk } = (await response.json()) as { kenmerk: string };
  expect(kenmerk).toMatch(KENMERK_FORMAT);
  expect(await server.storage.countSubmissions()).toBe(before + 1);
  return kenmerk;
}

/** Uploads and expects 400 with the error body and nothing stored; returns the error items. */
async function refused(fields: Record<string, string | undefined>, files: FilePart[]) {
  const before = await server.storage.countSubmissions();
  const body = await expectError(await upload(fields, files), 400);
  expect(body.errors.length).toBeGreaterThan(0);
  expect(await server.storage.countSubmissions()).toBe(before);
  return body.errors;
}

describe('accepted requests', () => {
  it('stores an RSA 4096 PEM request (.csr) under scenario 2 as zovar', async () => {
    const kenmerk = await accepted({}, [{ name: 'www.zorginstelling.nl.csr', bytes: rsa4096Pem, type: 'application/pkcs10' }]);
    const record = await server.storage.getSubmission(kenmerk);
    expect(record).toMatchObject({ flowId: 'aanleveren-pkcs-10-bestand', scenario: 'zovar' });
    expect(record!.data).toMatchObject({ pkcs10: { abonneeNummer: '12345', fullDomainname: DOMAIN } });
    expect(record!.files).toEqual([
      expect.objectContaining({ fieldName: FILE_FIELD, fileName: 'www.zorginstelling.nl.csr', mimeType: 'application/pkcs10', size: rsa4096Pem.length }),
    ]);
    const chunks: Uint8Array[] = [];
    for await (const chunk of (await server.storage.getFileContent(record!.files[0].id))!) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(rsa4096Pem)).toBe(true);
  });

  it('stores scenario 1 as uzi', async () => {
    const kenmerk = await accepted({ scenario: '1' }, [{ name: 'request.csr', bytes: rsa4096Pem }]);
    expect((await server.storage.getSubmission(kenmerk))!.scenario).toBe('uzi');
  });

  it('accepts a DER request named .csr', async () => {
    const kenmerk = await accepted({}, [{ name: 'request.csr', bytes: rsa4096Der }]);
    expect((await server.storage.getSubmission(kenmerk))!.files[0]).toMatchObject({ size: rsa4096Der.length, mimeType: 'application/pkcs10' });
  });

  it('accepts a PEM request named .txt', async () => {
    const kenmerk = await accepted({}, [{ name: 'request.txt', bytes: rsa4096Pem, type: 'text/plain' }]);
    expect((await server.storage.getSubmission(kenmerk))!.files[0].mimeType).toBe('text/plain');
  });
});

describe('refused by the CSR check', () => {
  it('RSA 2048 -> UPKC10V-01 with the allowed length', async () => {
    const errors = await refused({}, [{ name: 'request.csr', bytes: makeRsaCsr(2048, { cn: DOMAIN }) }]);
    expect(errors).toEqual([{ code: 'UPKC10V-01', extraInfo: ['4096'] }]);
  });

  it('EC P-256 -> UPKC10V-02 with the allowed signature algorithm', async () => {
    const errors = await refused({}, [{ name: 'request.csr', bytes: makeEcCsr('P-256', { cn: DOMAIN }) }]);
    expect(errors).toEqual([{ code: 'UPKC10V-02', extraInfo: ['sha256WithRSAEncryption'] }]);
  });

  it('a tampered request (subject changed after signing) -> UPKC10V-03', async () => {
    const der = Buffer.from(rsa4096Der);
    const at = der.indexOf('zorginstelling');
    expect(at).toBeGreaterThan(0);
    der.write('zorgInstelling', at, 'latin1');
    const errors = await refused({}, [{ name: 'request.csr', bytes: derToPem(der) }]);
    expect(errors).toEqual([{ code: 'UPKC10V-03', extraInfo: [] }]);
  });

  it('junk text named .txt -> UPKC10V-03', async () => {
    const errors = await refused({}, [{ name: 'request.txt', bytes: 'Dit is geen certificaataanvraag.\n' }]);
    expect(errors).toEqual([{ code: 'UPKC10V-03', extraInfo: [] }]);
  });

  it('200 KB of text named .csr -> UPKC10V-03', async () => {
    const big = `${rsa4096Pem.toString('latin1')}${'#'.repeat(200 * 1024)}\n`;
    const errors = await refused({}, [{ name: 'request.csr', bytes: big }]);
    expect(errors).toEqual([{ code: 'UPKC10V-03', extraInfo: [] }]);
  });
});

describe('refused by the upload rules, in the words of the CSR check', () => {
  it('a .pem name -> UPKC10V-04 with the allowed extensions', async () => {
    const errors = await refused({}, [{ name: 'request.pem', bytes: rsa4096Pem }]);
    expect(errors).toEqual([{ code: 'UPKC10V-04', extraInfo: ['csr', 'txt'] }]);
  });

  it('a binary file (PNG bytes) named .csr -> UPKC10V-03', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108020000009077', 'hex');
    const errors = await refused({}, [{ name: 'request.csr', bytes: png }]);
    expect(errors).toEqual([{ code: 'UPKC10V-03', extraInfo: [] }]);
  });

  it('two files -> UFILE-03', async () => {
    const errors = await refused({}, [
      { name: 'request.csr', bytes: rsa4096Pem },
      { name: 'request-2.csr', bytes: rsa4096Pem },
    ]);
    expect(errors).toEqual([{ code: 'UFILE-03', extraInfo: ['1'] }]);
  });

  it('an empty file -> UFILE-04', async () => {
    const errors = await refused({}, [{ name: 'request.csr', bytes: new Uint8Array(0) }]);
    expect(errors[0].code).toBe('UFILE-04');
  });

  it('no file -> UVAL-01 on the file field', async () => {
    const errors = await refused({}, []);
    expect(errors).toEqual([{ code: 'UVAL-01', extraInfo: ['pkcs10.bestanden', expect.any(String)] }]);
  });
});

describe('refused fields', () => {
  const file = (): FilePart[] => [{ name: 'request.csr', bytes: rsa4096Pem }];

  it("an invalid domain 'zorg.nl' -> UVAL-01", async () => {
    const errors = await refused({ fullDomainname: 'zorg.nl' }, file());
    expect(errors).toEqual([
      { code: 'UVAL-01', extraInfo: ['pkcs10.fullDomainname', fieldMessage(flow, 'pkcs10.fullDomainname', 'validation.format.domeinnaam')] },
    ]);
  });

  it('a missing abonneeNummer -> UVAL-01', async () => {
    const errors = await refused({ abonneeNummer: undefined }, file());
    expect(errors).toEqual([{ code: 'UVAL-01', extraInfo: ['pkcs10.abonneeNummer', fieldMessage(flow, 'pkcs10.abonneeNummer', 'validation.required')] }]);
  });

  it("scenario '3' -> 400", async () => {
    const errors = await refused({ scenario: '3' }, file());
    expect(errors).toEqual([{ code: 'UVAL-01', extraInfo: ['scenario'] }]);
  });

  it('a missing scenario -> 400', async () => {
    const errors = await refused({ scenario: undefined }, file());
    expect(errors).toEqual([{ code: 'UVAL-01', extraInfo: ['scenario'] }]);
  });

  it('an unknown field -> UVAL-03', async () => {
    const errors = await refused({ abonneeNaam: 'Zorginstelling' }, file());
    expect(errors).toEqual([{ code: 'UVAL-03', extraInfo: ['abonneeNaam'] }]);
  });

  it('checks the fields before the file content', async () => {
    const errors = await refused({ fullDomainname: 'zorg.nl' }, [{ name: 'request.txt', bytes: 'geen csr' }]);
    expect(errors.map((error) => error.code)).toEqual(['UVAL-01']);
  });
});

describe('confirmation download', () => {
  it('names the domain and the kenmerk', async () => {
    const kenmerk = await accepted({}, [{ name: 'www.zorginstelling.nl.csr', bytes: rsa4096Pem }]);
    const response = await server.postJson(BEVESTIGING, { kenmerk }, session);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="bevestiging-aanleveren-pkcs-10-bestand-${kenmerk}.pdf"`);
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain(kenmerk);
    expect(text).toContain(DOMAIN);
    expect(text).toContain('12345');
    expect(text).toContain('ZOVAR');
    // Scenario 2: the flow's own title for ZOVAR.
    expect(text).toContain(scenarioTitle(flow, 'zovar'));
  });

  it('answers an unknown kenmerk with a 404 error body', async () => {
    const body = await expectError(await server.postJson(BEVESTIGING, { kenmerk: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' }, session), 404);
    expect(body.errors).toEqual([{ code: 'UREQ-02', extraInfo: [] }]);
  });
});

describe('the domain name entered must be in the request (CN or SAN)', () => {
  it('refuses a request for another name with UPKC10V-05 naming the domain', async () => {
    const errors = await refused({}, [{ name: 'request.csr', bytes: makeRsaCsr(4096, { cn: 'portaal.andere-zorg.nl' }) }]);
    expect(errors).toEqual([{ code: 'UPKC10V-05', extraInfo: [DOMAIN] }]);
  });

  it('accepts the domain as a SAN DNS name, and a wildcard CN that covers it', async () => {
    await accepted({}, [{ name: 'san.csr', bytes: makeRsaCsr(4096, { cn: 'Zorginstelling Test', dnsNames: ['zorginstelling.nl', DOMAIN] }) }]);
    await accepted({}, [{ name: 'wildcard.csr', bytes: makeRsaCsr(4096, { cn: '*.zorginstelling.nl' }) }]);
  });
});
