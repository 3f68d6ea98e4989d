/**
 * Storage quotas over real HTTP: a client address that has used its byte budget is refused (429,
 * with Retry-After) on uploads and on 'Opslaan en later verder', and nothing of the refused request
 * is stored or left in the temporary folder; the portal's total budget refuses with 507; with less
 * free space in DATA_DIR than the reserve, both routes answer 507 before reading the body, and the
 * readiness check says why. The budgets are shared by processes through Redis (TEST_REDIS_URL).
 */
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetKeyOf } from '../../src/server/quota/addressKey';
import { createByteBudget } from '../../src/server/quota/byteBudget';
import { connectRedis } from '../../src/server/shared/redis';
import { DOCUMENT_FIELDS, expectError, multipartForm, pdfOfSize, startServer, type Session, type TestServer } from '../helpers/server';

const FLOW = 'aanleveren-documenten';
const UPLOAD = `/api/${FLOW}/upload`;
/** Just over half of the 1 MB budgets the tests set: the first request fits, the second does not. */
const PDF = pdfOfSize(600 * 1024);

function saveForm(server: TestServer): FormData {
  const header = {
    flowId: FLOW,
    scenario: 'uzi',
    hash: server.registry.get(FLOW)!.hash,
    path: `/uzi/${FLOW}/stap2`,
    answers: { model: {}, drafts: {}, wizard: { current: 'stap2' } },
    files: [{ id: 'f1', field: 'documenten.documenten' }],
  };
  const form = new FormData();
  form.append('gegevens', JSON.stringify(header));
  form.append('documenten.documenten', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'bewijs.pdf');
  return form;
}

const uploadForm = () => multipartForm(DOCUMENT_FIELDS, [{ name: 'bewijs.pdf', bytes: PDF, type: 'application/pdf' }]);

async function tempFiles(server: TestServer): Promise<string[]> {
  return readdir(join(server.config.dataDir, 'tmp')).catch(() => []);
}

async function savedCount(server: TestServer): Promise<number> {
  return (await server.storage.countSavedApplications(FLOW, new Date())).flow;
}

describe('byte budget per client address', () => {
  let server: TestServer;
  let session: Session;
  beforeAll(async () => {
    server = await startServer({ env: { QUOTA_UPLOAD_ADDRESS_MB: '1', QUOTA_SAVE_ADDRESS_MB: '1' } });
    session = await server.session(`/uzi/${FLOW}`);
  });
  afterAll(() => server?.close());

  it('refuses an upload past the budget and stores nothing of it', async () => {
    expect((await server.postMultipart(UPLOAD, uploadForm(), session)).status).toBe(200);
    const refused = await server.postMultipart(UPLOAD, uploadForm(), session);
    const body = await expectError(refused, 429);
    expect(body.errors[0].code).toBe('UQUOTA-01');
    expect(body.detail).toMatch(/^Er is vanaf uw adres in korte tijd te veel verstuurd om op te slaan\. Probeer het over \d+ uur opnieuw\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await server.storage.countSubmissions()).toBe(1);
    expect(await tempFiles(server)).toEqual([]);
  });

  it('refuses a save past its own budget and stores nothing of it', async () => {
    expect((await server.postMultipart('/api/opslaan', saveForm(server), session)).status).toBe(201);
    const refused = await server.postMultipart('/api/opslaan', saveForm(server), session);
    expect((await expectError(refused, 429)).errors[0].code).toBe('UQUOTA-01');
    expect(await savedCount(server)).toBe(1);
    expect(await tempFiles(server)).toEqual([]);
  });
});

describe('byte budget of the whole portal', () => {
  let server: TestServer;
  let session: Session;
  beforeAll(async () => {
    server = await startServer({ env: { QUOTA_UPLOAD_TOTAL_MB: '1', QUOTA_SAVE_TOTAL_MB: '1' } });
    session = await server.session(`/uzi/${FLOW}`);
  });
  afterAll(() => server?.close());

  it('refuses with 507 once all clients together used it, on both routes', async () => {
    expect((await server.postMultipart(UPLOAD, uploadForm(), session)).status).toBe(200);
    expect((await expectError(await server.postMultipart(UPLOAD, uploadForm(), session), 507)).errors[0].code).toBe('UQUOTA-01');
    expect((await server.postMultipart('/api/opslaan', saveForm(server), session)).status).toBe(201);
    expect((await expectError(await server.postMultipart('/api/opslaan', saveForm(server), session), 507)).errors[0].code).toBe('UQUOTA-01');
    expect(await server.storage.countSubmissions()).toBe(1);
    expect(await savedCount(server)).toBe(1);
  });
});

describe('free space in DATA_DIR below the reserve', () => {
  let server: TestServer;
  let session: Session;
  beforeAll(async () => {
    // A reserve far above any real disk's free space.
    server = await startServer({ env: { DISK_RESERVE_MB: String(1024 ** 4) } });
    session = await server.session(`/uzi/${FLOW}`);
  });
  afterAll(() => server?.close());

  it('refuses uploads and saves with 507 and stores nothing', async () => {
    for (const [path, form] of [
      [UPLOAD, uploadForm()],
      ['/api/opslaan', saveForm(server)],
    ] as const) {
      const refused = await server.postMultipart(path, form, session);
      const body = await expectError(refused, 507);
      expect(body.type).toBe('urn:uzi-portaal:fout:onvoldoende-opslagruimte');
      expect(body.errors[0].code).toBe('UQUOTA-02');
      expect(body.detail).toBe('Het portaal kan uw gegevens nu niet opslaan, omdat de opslagruimte bijna vol is. Probeer het later opnieuw.');
      expect(refused.headers.get('retry-after')).not.toBeNull();
    }
    expect(await server.storage.countSubmissions()).toBe(0);
    expect(await savedCount(server)).toBe(0);
    expect(await tempFiles(server)).toEqual([]);
  });

  it('makes the readiness check say so', async () => {
    const ready = await server.fetch('/api/health/ready');
    const body = await expectError(ready, 503);
    expect(body.errors[0].code).toBe('UQUOTA-02');
    expect(body.detail).toMatch(/te weinig vrije schijfruimte/);
    // Still alive: a full disk is not a reason to restart the process.
    expect((await server.fetch('/api/health/live')).status).toBe(200);
  });
});

const redisUrl = process.env.TEST_REDIS_URL?.trim();
describe.skipIf(!redisUrl)('byte budgets shared through Redis', () => {
  it('counts what one process took against the budget of another', async () => {
    const keyPrefix = `uzi-quota-test-${randomUUID()}:`;
    const silent = { warn: () => undefined, info: () => undefined } as unknown as Parameters<typeof connectRedis>[1];
    const [first, second] = await Promise.all([connectRedis({ url: redisUrl!, keyPrefix }, silent), connectRedis({ url: redisUrl!, keyPrefix }, silent)]);
    try {
      const settings = { windowMs: 60_000, limits: { upload: { perAddressBytes: 1000, totalBytes: 1500 }, save: { perAddressBytes: 1000, totalBytes: 1500 } } };
      const one = createByteBudget(settings, first);
      const other = createByteBudget(settings, second);
      expect(await one.charge('upload', '192.0.2.1', 600)).toEqual({ ok: true });
      expect(await other.charge('upload', '192.0.2.1', 600)).toEqual({ ok: false, over: 'address', retryAfterMs: expect.any(Number) });
      // A refused charge adds nothing: another address still fits the total.
      expect(await other.charge('upload', '192.0.2.2', 600)).toEqual({ ok: true });
      expect(await one.charge('upload', '192.0.2.3', 600)).toEqual({ ok: false, over: 'total', retryAfterMs: expect.any(Number) });
      // Saves have budgets of their own.
      expect(await one.charge('save', '192.0.2.1', 600)).toEqual({ ok: true });
    } finally {
      const cleaner = new Redis(redisUrl!);
      const keys = await cleaner.keys(`${keyPrefix}*`);
      if (keys.length > 0) await cleaner.del(...keys);
      await cleaner.quit();
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('the client a budget belongs to', () => {
  it('is an IPv4 address, or the /64 network of an IPv6 address', () => {
    expect(budgetKeyOf('192.0.2.7')).toBe('192.0.2.7');
    expect(budgetKeyOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(budgetKeyOf('2001:db8:0:12::1')).toBe('2001:db8:0:12::/64');
    expect(budgetKeyOf('2001:0db8:0000:0012:ffff:eeee:dddd:cccc')).toBe('2001:db8:0:12::/64');
    expect(budgetKeyOf('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(budgetKeyOf('::1')).toBe('0:0:0:0::/64');
  });
});
