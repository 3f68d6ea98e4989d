/**
 * 'Opslaan en later verder' over real HTTP: the answers and files are stored sealed (the stored
 * bytes hold neither the answers nor the files), taken back once with the code, refused clearly
 * when the link is unknown, used, expired or blocked after wrong codes; with SMTP_URL the link is
 * mailed to a real SMTP server (smtp-server) without the code. On SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unpackSaved, type SavedHeader } from '../../src/shared/savedApplication';
import { createSaving } from '../../src/server/saving';
import { expectError, minimalPdf, startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';
import { storageEngines } from '../helpers/storageBackends';

const FLOW = 'aanleveren-documenten';
const SECRET_NAME = 'Zorggroep Verborgen';
const PDF = minimalPdf('Geheim document');

function saveForm(server: TestServer, overrides: Record<string, unknown> = {}, email?: string): FormData {
  const hash = server.registry.get(FLOW)!.hash;
  const header = {
    flowId: FLOW,
    scenario: 'uzi',
    hash,
    path: `/uzi/${FLOW}/stap2`,
    answers: {
      model: { gegevens: { abonneeNaam: SECRET_NAME } },
      drafts: { documenten: { documenten: [{ id: 'f1', name: 'bewijs.pdf', size: PDF.length }] } },
      wizard: { current: 'stap2' },
    },
    files: [{ id: 'f1', field: 'documenten.documenten' }],
    ...overrides,
  };
  const form = new FormData();
  form.append('gegevens', JSON.stringify(header));
  if (email) form.append('email', email);
  form.append('documenten.documenten', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'bewijs.pdf');
  return form;
}

interface Saved {
  code: string;
  path: string;
  link: string;
  expiresAt: string;
  mailed: boolean;
}

function idOf(saved: Saved): string {
  return saved.path.split('/').pop()!;
}

function defineSaving(label: string, databaseUrl: () => string | undefined): void {
  describe(`opslaan en later verder (${label})`, () => {
    let server: TestServer;
    let session: Session;

    beforeAll(async () => {
      server = await startServer({ databaseUrl: databaseUrl() });
      session = await server.session(`/uzi/${FLOW}`);
    });
    afterAll(() => server?.close());

    it('stores answers and files sealed, and gives them back once with the code', async () => {
      const response = await server.postMultipart('/api/opslaan', saveForm(server), session);
      expect(response.status).toBe(201);
      const saved = (await response.json()) as Saved;
      expect(saved.code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
      expect(saved.path).toMatch(/^\/verder\/[A-Za-z0-9_-]{22}$/);
      expect(saved.mailed).toBe(false);
      const days = (new Date(saved.expiresAt).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);

      const stored = await server.storage.findSavedApplication(idOf(saved));
      expect(stored!.chunkCount).toBe(1);
      const bytes = Buffer.concat([stored!.sealed!, (await server.storage.readSavedApplicationChunk(idOf(saved), 0))!.content]);
      expect(bytes.includes(Buffer.from(SECRET_NAME))).toBe(false);
      expect(bytes.includes(Buffer.from('Geheim document'))).toBe(false);
      expect(bytes.includes(Buffer.from('bewijs.pdf'))).toBe(false);

      const resumed = await server.postJson('/api/hervatten', { id: idOf(saved), code: saved.code.toLowerCase().replace('-', ' ') }, session);
      expect(resumed.status).toBe(200);
      const packed = await resumed.blob();
      const { header, files } = await unpackSaved(packed);
      // An answer cut short is never taken for a whole one.
      await expect(unpackSaved(packed.slice(0, packed.size - 1))).rejects.toThrow('saved application file out of range');
      expect(header.path).toBe(`/uzi/${FLOW}/stap2`);
      expect(header.answers.model).toEqual({ gegevens: { abonneeNaam: SECRET_NAME } });
      expect(header.files).toEqual([{ id: 'f1', name: 'bewijs.pdf', type: 'application/pdf', size: PDF.length }]);
      expect(Buffer.from(await files[0].arrayBuffer()).equals(PDF)).toBe(true);
      // Sent and gone: nothing of it is left in the database.
      expect(await server.storage.readSavedApplicationChunk(idOf(saved), 0)).toBeUndefined();

      const again = await server.postJson('/api/hervatten', { id: idOf(saved), code: saved.code }, session);
      expect((await expectError(again, 410)).errors[0].code).toBe('USAVE-03');
      expect((await server.storage.findSavedApplication(idOf(saved)))!.sealed).toBeUndefined();
    });

    it('counts wrong codes and blocks the link after five', async () => {
      const saved = (await (await server.postMultipart('/api/opslaan', saveForm(server), session)).json()) as Saved;
      for (let left = 4; left >= 1; left -= 1) {
        const wrong = await server.postJson('/api/hervatten', { id: idOf(saved), code: 'AAAAA-AAAAA' }, session);
        const body = await expectError(wrong, 400);
        expect(body.errors[0]).toEqual({ code: 'USAVE-04', extraInfo: [String(left)] });
      }
      const blocked = await server.postJson('/api/hervatten', { id: idOf(saved), code: 'AAAAA-AAAAA' }, session);
      expect((await expectError(blocked, 410)).errors[0].code).toBe('USAVE-05');
      // Its content is gone at once, not only what opens it.
      expect(await server.storage.readSavedApplicationChunk(idOf(saved), 0)).toBeUndefined();
      const right = await server.postJson('/api/hervatten', { id: idOf(saved), code: saved.code }, session);
      expect((await expectError(right, 410)).errors[0].code).toBe('USAVE-05');
    });

    it('answers an unknown link with its own code', async () => {
      const unknown = await server.postJson('/api/hervatten', { id: 'A'.repeat(22), code: 'AAAAA-AAAAA' }, session);
      expect((await expectError(unknown, 404)).errors[0].code).toBe('USAVE-01');
    });

    it('refuses a request that does not fit the flow and stores nothing', async () => {
      const cases: FormData[] = [
        saveForm(server, { flowId: 'bestaat-niet' }),
        saveForm(server, { path: '//evil.example/x' }),
        saveForm(server, { files: [] }),
        saveForm(server, { files: [{ id: 'f1', field: 'gegevens.abonneeNaam' }] }),
        saveForm(server, { answers: 'tekst' }),
      ];
      for (const form of cases) {
        const body = await expectError(await server.postMultipart('/api/opslaan', form, session), 400);
        expect(body.errors[0].code).toBe('UREQ-01');
      }
      const withoutToken = await server.postMultipart('/api/opslaan', saveForm(server));
      expect((await expectError(withoutToken, 403)).errors[0].code).toBe('UCSRF-01');
    });
  });
}

defineSaving('SQLite', () => undefined);
if (testDatabaseUrl()) defineSaving('PostgreSQL', testDatabaseUrl);

/** A saved application's header with one file of `bytes`, and that file on disk (as an upload leaves it). */
async function applicationWithFile(dir: string, bytes: Uint8Array): Promise<{ header: SavedHeader; files: { path: string; size: number }[] }> {
  const file = join(dir, `upload-${randomBytes(4).toString('hex')}`);
  await writeFile(file, bytes);
  const header: SavedHeader = {
    flowId: FLOW,
    scenario: 'uzi',
    hash: 'a'.repeat(64),
    path: `/uzi/${FLOW}/stap2`,
    answers: { model: {}, drafts: {} },
    files: [{ id: 'f1', name: 'bewijs.pdf', type: 'application/pdf', size: bytes.byteLength }],
  };
  return { header, files: [{ path: file, size: bytes.byteLength }] };
}

async function drain(content: AsyncIterable<Uint8Array>): Promise<number> {
  let size = 0;
  for await (const chunk of content) size += chunk.byteLength;
  return size;
}

describe('expiry', () => {
  for (const engine of storageEngines()) {
    it(`says an expired link expired and drops its content (${engine.label})`, async () => {
      const backend = await engine.create();
      const storage = await backend.open();
      const dir = await mkdtemp(join(tmpdir(), 'uzi-saving-'));
      const chunksOf = async (id: string) => (await backend.execute((p) => `select seq from saved_chunks where saved_id = ${p(1)}`, [id])).length;
      try {
        let now = new Date('2026-01-01T10:00:00Z');
        const saving = createSaving({ config: { days: 30, maxAttempts: 5, publicUrl: 'https://portaal.example' }, secret: 'geheim', storage, now: () => now });
        const first = await applicationWithFile(dir, new Uint8Array([1, 2, 3]));
        const saved = await saving.save(first.header, first.files);
        expect(saved.link).toBe(`https://portaal.example/verder/${saved.id}`);
        now = new Date('2026-01-31T09:59:00Z');
        const resumed = await saving.resume(saved.id, saved.code);
        expect(await drain(resumed.content)).toBe(resumed.size);

        const next = await applicationWithFile(dir, new Uint8Array([4, 5, 6]));
        const second = await saving.save(next.header, next.files);
        expect(await chunksOf(second.id)).toBe(1);
        now = new Date('2026-03-05T10:00:00Z');
        await expect(saving.resume(second.id, second.code)).rejects.toMatchObject({ status: 410, errors: [{ code: 'USAVE-02' }] });
        await saving.purge();
        expect((await storage.findSavedApplication(second.id))?.sealed).toBeUndefined();
        expect(await chunksOf(second.id)).toBe(0);
        // A month after expiry the row itself is forgotten.
        await saving.purge(new Date('2026-05-01T10:00:00Z'));
        expect(await storage.findSavedApplication(second.id)).toBeUndefined();
      } finally {
        await storage.close();
        await backend.dispose();
        await rm(dir, { recursive: true, force: true });
      }
    });

    it(`removes the chunks a stopped send left behind (${engine.label})`, async () => {
      const backend = await engine.create();
      const storage = await backend.open();
      const dir = await mkdtemp(join(tmpdir(), 'uzi-saving-'));
      const chunksOf = async (id: string) => (await backend.execute((p) => `select seq from saved_chunks where saved_id = ${p(1)}`, [id])).length;
      try {
        const saving = createSaving({ config: { days: 30, maxAttempts: 5, publicUrl: 'https://portaal.example' }, secret: 'geheim', storage });
        const application = await applicationWithFile(dir, new Uint8Array(600 * 1024).fill(7));
        const saved = await saving.save(application.header, application.files);
        expect(await chunksOf(saved.id)).toBe(3);
        // Taken back, but never sent (the process stopped): the row says 'used', the chunks are still there.
        await saving.resume(saved.id, saved.code);
        expect((await storage.findSavedApplication(saved.id))?.usedAt).toBeDefined();
        expect(await chunksOf(saved.id)).toBe(3);
        // A send may still be reading them within the hour; after it they go.
        await saving.purge(new Date(Date.now() + 30 * 60_000));
        expect(await chunksOf(saved.id)).toBe(3);
        await saving.purge(new Date(Date.now() + 2 * 60 * 60_000));
        expect(await chunksOf(saved.id)).toBe(0);
      } finally {
        await storage.close();
        await backend.dispose();
        await rm(dir, { recursive: true, force: true });
      }
    });
  }
});

describe('resume link by e-mail', () => {
  let smtp: TestSmtp;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://portaal.example', MAIL_FROM: 'UZI-register <noreply@example.test>' } });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('mails the link, never the code, and says so', async () => {
    const config = (await (await server.fetch('/api/instellingen')).json()) as { saving: { mail: boolean; days: number } };
    expect(config.saving).toEqual({ mail: true, days: 30 });
    const session = await server.session(`/uzi/${FLOW}`);
    const response = await server.postMultipart('/api/opslaan', saveForm(server, {}, 'aanvrager@example.nl'), session);
    const saved = (await response.json()) as Saved;
    expect(saved.mailed).toBe(true);
    expect(saved.link).toBe(`https://portaal.example${saved.path}`);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].to).toEqual(['aanvrager@example.nl']);
    const { text } = smtp.mails[0];
    expect(text).toContain(saved.link);
    expect(text).not.toContain(saved.code);
    expect(text).not.toContain(saved.code.replace('-', ''));
  });

  it('refuses an address that is not one', async () => {
    const session = await server.session(`/uzi/${FLOW}`);
    const response = await server.postMultipart('/api/opslaan', saveForm(server, {}, 'geen-adres'), session);
    expect((await expectError(response, 400)).errors[0].code).toBe('UVAL-01');
  });
});
