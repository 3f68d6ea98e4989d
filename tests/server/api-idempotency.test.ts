/**
 * Idempotent submits over real HTTP: an upload, a final submit and feedback sent again with the same
 * Idempotency-Key get the first answer (same kenmerk or id, same status) and are stored once; the
 * same key while the first is still being sent gets 409 (UREQ-09), with another request 422; a
 * refused attempt gives its key up; a key of the wrong form is refused; without a key nothing
 * changes. SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FlowModel } from '../../renderer/core/types';
import { startedUpload, uploadTempFiles } from '../helpers/startedUpload';
import { DOCUMENT_FIELDS, expectError, minimalPdf, multipartForm, startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';

const UPLOAD = '/api/aanleveren-documenten/upload';
const FIELDS = DOCUMENT_FIELDS;
const PAS = 'aanvraag-zorgverlenerpas';
const MODEL = (
  JSON.parse(readFileSync(`tests/fixtures/${PAS}/02-geldig-artikel34-kp-geen-abonnee-gemachtigde-buitenlands-adres.json`, 'utf8')) as { data: FlowModel }
).data;
const OPINION = {
  device: {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/125.0',
    os: 'x',
    browser: 'x',
    device: 'x',
    os_version: '1',
    browser_version: '1',
    deviceType: 'desktop',
    orientation: 'landscape',
  },
  url: '/uzi/aanleveren-documenten/stap2',
  rating: 5,
  comment: 'Prima.',
};

function documentsForm(text = 'Brief'): FormData {
  return multipartForm(FIELDS, [{ name: 'brief.pdf', bytes: minimalPdf(text), type: 'application/pdf' }]);
}

function defineSuite(label: string, databaseUrl: string | undefined): void {
  describe(`Idempotency-Key (${label})`, () => {
    let server: TestServer;
    let session: Session;
    let submitUrl: string;

    beforeAll(async () => {
      server = await startServer({ databaseUrl, env: { USEROPINION_RATE_LIMIT_MAX: '100' } });
      session = await server.session('/uzi/aanleveren-documenten');
      const flow = server.registry.get(PAS)!.content.documents.nl;
      submitUrl = 'url' in flow.submit ? flow.submit.url : '';
    });
    afterAll(() => server?.close());

    it('answers a retried upload with the same kenmerk and stores it once', async () => {
      const key = randomUUID();
      const before = await server.storage.countSubmissions();
      const first = await server.postMultipart(UPLOAD, documentsForm(), session, { 'idempotency-key': key });
      expect(first.status).toBe(200);
      const { kenmerk } = (await first.json()) as { kenmerk: string };
      const retry = await server.postMultipart(UPLOAD, documentsForm(), session, { 'idempotency-key': key });
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await retry.json()).toEqual({ kenmerk });
      expect(await server.storage.countSubmissions()).toBe(before + 1);
      // The same key with another file is another request.
      const other = await server.postMultipart(UPLOAD, documentsForm('Ander document'), session, { 'idempotency-key': key });
      const body = await expectError(other, 422);
      expect(body.errors).toEqual([{ code: 'UREQ-09', extraInfo: ['Idempotency-Key'] }]);
      expect(await server.storage.countSubmissions()).toBe(before + 1);
    });

    it('answers 409 while the first upload under the key is still being sent, then its answer', async () => {
      const key = randomUUID();
      const before = await server.storage.countSubmissions();
      const first = startedUpload(server, session, UPLOAD, key);
      // The first holds the key once its file is being received (the key is claimed before that).
      await vi.waitFor(() => expect(uploadTempFiles(server)).toHaveLength(1), { timeout: 10_000, interval: 20 });
      const conflict = await server.postMultipart(UPLOAD, documentsForm('Onderweg'), session, { 'idempotency-key': key });
      const body = await expectError(conflict, 409);
      expect(body.errors).toEqual([{ code: 'UREQ-09', extraInfo: ['Idempotency-Key'] }]);
      const answered = await first.finish();
      expect(answered.status).toBe(200);
      const { kenmerk } = answered.body as { kenmerk: string };
      const retry = await server.postMultipart(UPLOAD, documentsForm('Onderweg'), session, { 'idempotency-key': key });
      expect(await retry.json()).toEqual({ kenmerk });
      expect(await server.storage.countSubmissions()).toBe(before + 1);
    });

    it('gives the key of a refused upload up: its corrected retry is stored', async () => {
      const key = randomUUID();
      const refused = await server.postMultipart(
        UPLOAD,
        multipartForm(FIELDS, [{ name: 'brief.pdf', bytes: Buffer.concat([minimalPdf(), Buffer.from('<html></html>')]) }]),
        session,
        { 'idempotency-key': key },
      );
      await expectError(refused, 400);
      const corrected = await server.postMultipart(UPLOAD, documentsForm(), session, { 'idempotency-key': key });
      expect(corrected.status).toBe(200);
    });

    it('answers a retried final submit with the same kenmerk and stores it once', async () => {
      const key = randomUUID();
      const before = await server.storage.countSubmissions();
      const first = await server.postJson(`${submitUrl}?scenario=uzi`, MODEL, session, { 'idempotency-key': key });
      expect(first.status).toBe(200);
      const { kenmerk } = (await first.json()) as { kenmerk: string };
      const retry = await server.postJson(`${submitUrl}?scenario=uzi`, MODEL, session, { 'idempotency-key': key });
      expect(retry.status).toBe(200);
      expect(await retry.json()).toEqual({ kenmerk });
      await expectError(await server.postJson(`${submitUrl}?scenario=zovar`, MODEL, session, { 'idempotency-key': key }), 422);
      expect(await server.storage.countSubmissions()).toBe(before + 1);
    });

    it('stores feedback once under a key, and twice without one', async () => {
      const key = randomUUID();
      const before = (await server.storage.listUserOpinions(1000)).length;
      const first = await server.postJson('/api/useropinion', OPINION, session, { 'idempotency-key': key });
      expect(first.status).toBe(201);
      const { id } = (await first.json()) as { id: string };
      const retry = await server.postJson('/api/useropinion', OPINION, session, { 'idempotency-key': key });
      expect(retry.status).toBe(201);
      expect(await retry.json()).toEqual({ id });
      await expectError(await server.postJson('/api/useropinion', { ...OPINION, rating: 1 }, session, { 'idempotency-key': key }), 422);
      expect((await server.storage.listUserOpinions(1000)).length).toBe(before + 1);
      for (let time = 0; time < 2; time++) expect((await server.postJson('/api/useropinion', OPINION, session)).status).toBe(201);
      expect((await server.storage.listUserOpinions(1000)).length).toBe(before + 3);
    });

    it('refuses a key of the wrong form', async () => {
      for (const key of ['kort', 'x'.repeat(65), 'met spaties en meer tekens', 'abc/def+ghi=jklmnopq']) {
        const body = await expectError(await server.postJson('/api/useropinion', OPINION, session, { 'idempotency-key': key }), 400);
        expect(body.errors).toEqual([{ code: 'UREQ-01', extraInfo: ['Idempotency-Key'] }]);
      }
    });
  });
}

defineSuite('SQLite', undefined);
const databaseUrl = testDatabaseUrl();
if (databaseUrl) defineSuite('PostgreSQL', databaseUrl);
