/**
 * The 'aanleveren documenten' upload over real HTTP: a valid delivery is stored with its files and
 * answered with a kenmerk; every refused request answers the error body and stores nothing; the
 * confirmation PDF is built from what was stored. The round trip runs on SQLite always and on
 * PostgreSQL as well when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowDocument } from '../../renderer/core/types';
import { fieldMessage, referenceLabel, servedFlow } from '../helpers/flowTexts';
import { pdfInfo, pdfText } from '../helpers/poppler';
import {
  errorBodyOf,
  expectError,
  KENMERK_FORMAT,
  minimalPdf,
  minimalPng,
  multipartForm,
  pdfOfSize,
  startServer,
  testDatabaseUrl,
  type FilePart,
  type Session,
  type TestServer,
} from '../helpers/server';

const FLOW_ID = 'aanleveren-documenten';
const UPLOAD = '/api/aanleveren-documenten/upload';
const BEVESTIGING = '/api/aanleveren-documenten/bevestiging';

const ABONNEE_NAAM = 'Zorggroep De Linde B.V.';
const VALID_FIELDS: Record<string, string> = {
  abonneeNaam: ABONNEE_NAAM,
  abonneeNummer: '12345678',
  naamContactpersoon: 'De Vries-Jansen',
  emailAdresContactpersoon: 'j.devries@zorggroep-delinde.nl',
  aanvraag: '1',
  aanvraagType: '1',
};
const PDF = minimalPdf('Aanvraagformulier');
const PNG = minimalPng();
const VALID_FILES: FilePart[] = [
  { name: 'aanvraagformulier.pdf', bytes: PDF, type: 'application/pdf' },
  { name: 'uittreksel-kvk.png', bytes: PNG, type: 'image/png' },
];

function fields(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { ...VALID_FIELDS, ...overrides };
}

/** The whole round trip, per storage engine. */
function defineRoundTrip(label: string, databaseUrl: () => string | undefined): void {
  describe(`valid delivery and confirmation (${label})`, () => {
    let server: TestServer;
    let session: Session;
    let kenmerk: string;
    let flow: FlowDocument;

    beforeAll(async () => {
      server = await startServer({ databaseUrl: databaseUrl() });
      session = await server.session('/uzi/aanleveren-documenten');
      flow = await servedFlow(server, FLOW_ID);
    });

    afterAll(async () => {
      await server?.close();
    });

    it('stores all fields and both files and answers the kenmerk', async () => {
      expect(server.storage.engine).toBe(label);
      const before = await server.storage.countSubmissions();
      const response = await server.postMultipart(UPLOAD, multipartForm(fields(), VALID_FILES), session);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { kenmerk: string };
      expect(Object.keys(body)).toEqual(['kenmerk']);
      expect(body.kenmerk).toMatch(KENMERK_FORMAT);
      kenmerk = body.kenmerk;
      expect(await server.storage.countSubmissions()).toBe(before + 1);

      const record = await server.storage.getSubmission(kenmerk);
      expect(record).toBeDefined();
      expect(record!.flowId).toBe('aanleveren-documenten');
      expect(record!.scenario).toBe('uzi');
      expect(record!.files).toHaveLength(2);
      expect(record!.files.map((file) => [file.fieldName, file.fileName, file.mimeType, file.size])).toEqual([
        ['documenten', 'aanvraagformulier.pdf', 'application/pdf', PDF.length],
        ['documenten', 'uittreksel-kvk.png', 'image/png', PNG.length],
      ]);
      expect(record!.data).toEqual({
        gegevens: {
          abonneeNaam: ABONNEE_NAAM,
          abonneeNummer: '12345678',
          naamContactpersoon: 'De Vries-Jansen',
          emailAdresContactpersoon: 'j.devries@zorggroep-delinde.nl',
        },
        documenten: {
          aanvraag: 1,
          aanvraagType: 1,
          documenten: [
            { id: 'documenten-1', name: 'aanvraagformulier.pdf', size: PDF.length, type: 'application/pdf' },
            { id: 'documenten-2', name: 'uittreksel-kvk.png', size: PNG.length, type: 'image/png' },
          ],
        },
      });
      const chunks: Uint8Array[] = [];
      for await (const chunk of (await server.storage.getFileContent(record!.files[0].id))!) chunks.push(chunk);
      expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
    });

    it('answers the confirmation PDF for the kenmerk', async () => {
      expect(kenmerk).toMatch(KENMERK_FORMAT);
      const response = await server.postJson(BEVESTIGING, { kenmerk }, session);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.pdf"$/);
      expect(response.headers.get('content-disposition')).toContain(kenmerk);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const pdf = Buffer.from(await response.arrayBuffer());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(Number(pdfInfo(pdf).Pages)).toBeGreaterThanOrEqual(1);
      const text = pdfText(pdf);
      expect(text).toContain(kenmerk);
      expect(text).toContain(ABONNEE_NAAM);
      expect(text).toContain('Bevestiging van aanlevering');
      expect(text).toContain(flow.title);
      expect(text).toContain('aanvraagformulier.pdf');
      expect(text).toContain('uittreksel-kvk.png');
      // aanvraagType 1, printed as its text in the reference list.
      expect(text).toContain(referenceLabel('aanleveren-documenten', 'TypeAanvraagOptions', 1));
    });
  });
}

defineRoundTrip('sqlite', () => undefined);
const postgresUrl = testDatabaseUrl();
if (postgresUrl) defineRoundTrip('postgres', () => postgresUrl);

describe('refused deliveries', () => {
  let server: TestServer;
  let session: Session;
  let flow: FlowDocument;
  let englishFlow: FlowDocument;

  beforeAll(async () => {
    server = await startServer();
    session = await server.session();
    flow = await servedFlow(server, FLOW_ID);
    englishFlow = await servedFlow(server, FLOW_ID, 'en');
  });

  afterAll(async () => {
    await server?.close();
  });

  /** Posts the form and checks: 400, the error body, nothing stored. Returns the error items. */
  async function refused(form: FormData) {
    const before = await server.storage.countSubmissions();
    const response = await server.postMultipart(UPLOAD, form, session);
    const body = await expectError(response, 400);
    expect(body.errors.length).toBeGreaterThan(0);
    expect(await server.storage.countSubmissions()).toBe(before);
    return body.errors;
  }

  describe('files', () => {
    it('accepts a PNG saved as .pdf (PNG is allowed too) and stores it as a PNG', async () => {
      const response = await server.postMultipart(UPLOAD, multipartForm(fields(), [{ name: 'scan.pdf', bytes: PNG, type: 'application/pdf' }]), session);
      expect(response.status).toBe(200);
      const { kenmerk } = (await response.json()) as { kenmerk: string };
      expect((await server.storage.getSubmission(kenmerk))!.files[0].mimeType).toBe('image/png');
    });

    it('refuses a program named .pdf with UFILE-02, naming the file', async () => {
      const errors = await refused(
        multipartForm(fields(), [{ name: 'scan.pdf', bytes: Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), type: 'application/pdf' }]),
      );
      expect(errors).toEqual([{ code: 'UFILE-02', extraInfo: ['scan.pdf', 'pdf', 'jpg', 'jpeg', 'png', 'gif', 'tif', 'tiff'] }]);
    });

    it('refuses a valid file next to a lying one, storing neither', async () => {
      const errors = await refused(multipartForm(fields(), [VALID_FILES[0], { name: 'scan.pdf', bytes: Buffer.from('PK\u0003\u0004rest', 'latin1') }]));
      expect(errors[0].code).toBe('UFILE-02');
    });

    it('refuses a text file named .jpg', async () => {
      const errors = await refused(multipartForm(fields(), [{ name: 'foto.jpg', bytes: 'Dit is gewoon tekst.\n', type: 'image/jpeg' }]));
      expect(errors[0].code).toBe('UFILE-02');
    });

    it('refuses an extension outside the allow-list', async () => {
      const errors = await refused(multipartForm(fields(), [{ name: 'document.docx', bytes: PDF }]));
      expect(errors[0].code).toBe('UFILE-02');
    });

    it('refuses an 11 MB PDF with UFILE-01', async () => {
      const big = pdfOfSize(11 * 1024 * 1024);
      const errors = await refused(multipartForm(fields(), [{ name: 'groot.pdf', bytes: big, type: 'application/pdf' }]));
      expect(errors).toEqual([{ code: 'UFILE-01', extraInfo: ['groot.pdf', '10 MB'] }]);
    });

    it('accepts a PDF of exactly 10 MB', async () => {
      const before = await server.storage.countSubmissions();
      const exact = pdfOfSize(10 * 1024 * 1024);
      const response = await server.postMultipart(UPLOAD, multipartForm(fields(), [{ name: 'precies.pdf', bytes: exact }]), session);
      expect(response.status).toBe(200);
      const { kenmerk } = (await response.json()) as { kenmerk: string };
      expect((await server.storage.getSubmission(kenmerk))!.files[0].size).toBe(10 * 1024 * 1024);
      expect(await server.storage.countSubmissions()).toBe(before + 1);
    });

    it('refuses 7 files with UFILE-03', async () => {
      const seven = Array.from({ length: 7 }, (_, index) => ({ name: `document-${index + 1}.pdf`, bytes: PDF }));
      const errors = await refused(multipartForm(fields(), seven));
      expect(errors).toEqual([{ code: 'UFILE-03', extraInfo: ['6'] }]);
    });

    it('accepts 6 files', async () => {
      const six = Array.from({ length: 6 }, (_, index) => ({ name: `document-${index + 1}.pdf`, bytes: PDF }));
      const response = await server.postMultipart(UPLOAD, multipartForm(fields(), six), session);
      expect(response.status).toBe(200);
      const { kenmerk } = (await response.json()) as { kenmerk: string };
      expect((await server.storage.getSubmission(kenmerk))!.files).toHaveLength(6);
    });

    it('refuses an empty file with UFILE-04', async () => {
      const errors = await refused(multipartForm(fields(), [{ name: 'leeg.pdf', bytes: new Uint8Array(0) }]));
      expect(errors[0].code).toBe('UFILE-04');
    });

    it.each(['scan<1>.pdf', 'scan|1.pdf'])('refuses the file name %s with UFILE-05', async (name) => {
      const errors = await refused(multipartForm(fields(), [{ name, bytes: PDF }]));
      expect(errors[0].code).toBe('UFILE-05');
    });

    it('refuses a delivery without files with UVAL-01 on documenten', async () => {
      const errors = await refused(multipartForm(fields()));
      expect(errors).toEqual([{ code: 'UVAL-01', extraInfo: ['documenten.documenten', expect.any(String)] }]);
    });

    it('refuses files under another field name with UVAL-03', async () => {
      const errors = await refused(multipartForm(fields(), [{ name: 'scan.pdf', bytes: PDF }], 'bijlage'));
      expect(errors).toEqual([{ code: 'UVAL-03', extraInfo: ['bijlage'] }]);
    });
  });

  describe('fields', () => {
    it('refuses a missing abonneeNaam with UVAL-01 and the spec message', async () => {
      const errors = await refused(multipartForm(fields({ abonneeNaam: undefined }), VALID_FILES));
      expect(errors).toEqual([{ code: 'UVAL-01', extraInfo: ['gegevens.abonneeNaam', fieldMessage(flow, 'gegevens.abonneeNaam', 'validation.required')] }]);
    });

    it('treats an empty abonneeNaam as missing', async () => {
      const errors = await refused(multipartForm(fields({ abonneeNaam: '' }), VALID_FILES));
      expect(errors).toEqual([{ code: 'UVAL-01', extraInfo: ['gegevens.abonneeNaam', fieldMessage(flow, 'gegevens.abonneeNaam', 'validation.required')] }]);
    });

    it('answers the messages in English with ?lang=en', async () => {
      const before = await server.storage.countSubmissions();
      const response = await server.postMultipart(`${UPLOAD}?lang=en`, multipartForm(fields({ abonneeNaam: undefined }), VALID_FILES), session);
      const body = await expectError(response, 400);
      expect(body.errors).toEqual([
        { code: 'UVAL-01', extraInfo: ['gegevens.abonneeNaam', fieldMessage(englishFlow, 'gegevens.abonneeNaam', 'validation.required', {}, 'en')] },
      ]);
      expect(await server.storage.countSubmissions()).toBe(before);
    });

    it('refuses aanvraagType 1 with aanvraagTypeAnders filled (hidden field carries data) with UVAL-02', async () => {
      const errors = await refused(multipartForm(fields({ aanvraagType: '1', aanvraagTypeAnders: 'Iets anders' }), VALID_FILES));
      expect(errors).toEqual([{ code: 'UVAL-02', extraInfo: ['documenten.aanvraagTypeAnders'] }]);
    });

    it('refuses aanvraagType 5 without aanvraagTypeAnders with UVAL-01', async () => {
      const errors = await refused(multipartForm(fields({ aanvraagType: '5' }), VALID_FILES));
      expect(errors).toEqual([
        { code: 'UVAL-01', extraInfo: ['documenten.aanvraagTypeAnders', fieldMessage(flow, 'documenten.aanvraagTypeAnders', 'validation.required')] },
      ]);
    });

    it('accepts aanvraagType 5 with aanvraagTypeAnders', async () => {
      const response = await server.postMultipart(
        UPLOAD,
        multipartForm(fields({ aanvraagType: '5', aanvraagTypeAnders: 'Herregistratie' }), VALID_FILES),
        session,
      );
      expect(response.status).toBe(200);
      const { kenmerk } = (await response.json()) as { kenmerk: string };
      const record = await server.storage.getSubmission(kenmerk);
      expect((record!.data as { documenten: Record<string, unknown> }).documenten.aanvraagTypeAnders).toBe('Herregistratie');
    });

    it('refuses an unknown multipart field with UVAL-03', async () => {
      const errors = await refused(multipartForm(fields({ isAdmin: 'true' }), VALID_FILES));
      expect(errors).toEqual([{ code: 'UVAL-03', extraInfo: ['isAdmin'] }]);
    });

    it("refuses abonneeNummer '123' with UVAL-01 and the spec message", async () => {
      const errors = await refused(multipartForm(fields({ abonneeNummer: '123' }), VALID_FILES));
      expect(errors).toEqual([
        { code: 'UVAL-01', extraInfo: ['gegevens.abonneeNummer', fieldMessage(flow, 'gegevens.abonneeNummer', 'validation.format.abonneenummer')] },
      ]);
    });

    it('refuses an aanvraag outside the reference list', async () => {
      const errors = await refused(multipartForm(fields({ aanvraag: '7' }), VALID_FILES));
      expect(errors[0]).toEqual({ code: 'UVAL-01', extraInfo: ['documenten.aanvraag', expect.any(String)] });
    });

    it('refuses a field sent twice', async () => {
      const form = multipartForm(fields(), VALID_FILES);
      form.append('abonneeNaam', 'Tweede naam');
      await refused(form);
    });

    it('answers a truncated multipart body with the error body and stores nothing', async () => {
      const before = await server.storage.countSubmissions();
      const response = await server.fetch(UPLOAD, {
        method: 'POST',
        headers: { cookie: session.cookie, 'x-xsrf-token': session.token, 'content-type': 'multipart/form-data; boundary=XYZ' },
        body: '--XYZ\r\nContent-Disposition: form-data; name="abonneeNaam"\r\n\r\nZorggroep\r\n--XY',
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      await errorBodyOf(response);
      expect(await server.storage.countSubmissions()).toBe(before);
    });

    it('refuses a request that is not multipart', async () => {
      const before = await server.storage.countSubmissions();
      const body = await expectError(await server.postJson(UPLOAD, VALID_FIELDS, session), 400);
      expect(body.errors[0].code).toBe('UREQ-01');
      expect(await server.storage.countSubmissions()).toBe(before);
    });
  });
});

describe('confirmation download errors', () => {
  let server: TestServer;
  let session: Session;

  beforeAll(async () => {
    server = await startServer();
    session = await server.session();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers an unknown kenmerk with a 404 error body', async () => {
    const body = await expectError(await server.postJson(BEVESTIGING, { kenmerk: 'AAAA-BBBB-CCCC-DDDD' }, session), 404);
    expect(body.errors).toEqual([{ code: 'UREQ-02', extraInfo: [] }]);
  });

  it('answers a kenmerk of the other flow with a 404 error body', async () => {
    const upload = await server.postMultipart(UPLOAD, multipartForm(fields(), VALID_FILES), session);
    expect(upload.status).toBe(200);
    const { kenmerk } = (await upload.json()) as { kenmerk: string };
    // The documents delivery exists, but not for the PKCS#10 flow's download.
    await expectError(await server.postJson('/api/aanleveren-pkcs-10-bestand/bevestiging', { kenmerk }, session), 404);
  });

  it.each([
    ['a kenmerk in the wrong format', { kenmerk: 'niet-een-kenmerk' }],
    ['no kenmerk', {}],
    ['a kenmerk of the wrong type', { kenmerk: 42 }],
    ['invalid JSON', '{"kenmerk": '],
  ])('answers %s with a 400 error body', async (_label, body) => {
    const error = await expectError(await server.postJson(BEVESTIGING, body, session), 400);
    expect(error.errors).toEqual([{ code: 'UREQ-01', extraInfo: [] }]);
    // Not fastify's default shape.
    expect(error).not.toHaveProperty('statusCode');
    expect(error).not.toHaveProperty('message');
  });
});
