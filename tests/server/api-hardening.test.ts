/** Edge cases of the upload and confirmation calls: number notation, too many parts, file limits, names, kenmerk case. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, minimalPdf, multipartForm, pdfOfSize, startServer, type Session, type TestServer } from '../helpers/server';

let server: TestServer;
let session: Session;
const valid = { abonneeNaam: 'Zorggroep', naamContactpersoon: 'Jan Jansen', emailAdresContactpersoon: 'jan@example.nl', aanvraag: '1', aanvraagType: '1' };
const pdf = [{ name: 'brief.pdf', type: 'application/pdf', bytes: minimalPdf('Brief') }];

beforeAll(async () => {
  server = await startServer();
  session = await server.session();
});
afterAll(() => server.close());

describe('upload hardening', () => {
  it('accepts only plain decimal numbers for numeric fields', async () => {
    for (const notation of ['0x1', '1e0', ' 1']) {
      const response = await server.postMultipart('/api/aanleveren-documenten/upload', multipartForm({ ...valid, aanvraag: notation }, pdf), session);
      const body = await expectError(response, 400);
      expect(body.errors[0].code).toBe('UVAL-01');
      expect(body.errors[0].extraInfo[0]).toBe('documenten.aanvraag');
    }
    expect(await server.storage.countSubmissions()).toBe(0);
  });

  it('answers too many form parts as a malformed request, not as a file that is too big', async () => {
    const fields = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`veld${i}`, 'x']));
    const response = await server.postMultipart('/api/aanleveren-documenten/upload', multipartForm(fields, pdf), session);
    const body = await expectError(response, 400);
    expect(body.errors[0].code).toBe('UREQ-01');
  });

  it('keeps the file limit of a multipart upload: a file over it is UFILE-01, not a body that is too large', async () => {
    const big = [{ name: 'groot.pdf', type: 'application/pdf', bytes: pdfOfSize(10 * 1024 * 1024 + 1) }];
    const body = await expectError(await server.postMultipart('/api/aanleveren-documenten/upload', multipartForm(valid, big), session), 400);
    expect(body.errors[0].code).toBe('UFILE-01');
    expect(await server.storage.countSubmissions()).toBe(0);
  });

  it('refuses a file name that shows differently from what it is (right-to-left override), and stores nothing', async () => {
    const evil = [{ name: 'evil\u202Eexe.pdf', type: 'application/pdf', bytes: minimalPdf('Brief') }];
    const body = await expectError(await server.postMultipart('/api/aanleveren-documenten/upload', multipartForm(valid, evil), session), 400);
    expect(body.errors[0].code).toBe('UVAL-05');
    // The name is not echoed back.
    expect(JSON.stringify(body)).not.toContain('evil');
    expect(await server.storage.countSubmissions()).toBe(0);
  });

  it('finds the confirmation for a kenmerk typed in lower case', async () => {
    const upload = await server.postMultipart('/api/aanleveren-documenten/upload', multipartForm(valid, pdf), session);
    expect(upload.status).toBe(200);
    const { kenmerk } = (await upload.json()) as { kenmerk: string };
    const response = await server.postJson('/api/aanleveren-documenten/bevestiging', { kenmerk: kenmerk.toLowerCase() }, session);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
  });
});
