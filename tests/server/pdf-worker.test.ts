/**
 * The printed documents are rendered off the event loop: a download through the API is rendered in
 * a worker thread of the PDF pool (src/server/pdf/pool.ts), the document is still right, the
 * receipt of a stored submission is cached (a second download is not rendered again, a posted model
 * never is cached), the cache keeps to its byte budget and lifetime, and PDF_WORKERS=0 renders on
 * the main thread as before.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyDerived } from '../../renderer/core/rules/derive';
import { withEnvironment } from '../../renderer/core/environment';
import type { FlowModel } from '../../renderer/core/types';
import { applicationPdfModel } from '../../src/server/confirmation/applicationPdf';
import { submissionPdfModel } from '../../src/server/confirmation/submissionPdf';
import { loadTranslations } from '../../src/server/i18n';
import type { PdfDocumentModel } from '../../src/server/pdf';
import { createPdfRenderer, pdfWorkerCount, type PdfRenderer } from '../../src/server/pdf/pool';
import type { Scenario } from '../../src/server/storage';
import { pdfInfo, pdfText } from '../helpers/poppler';
import { startServer, type Session, type TestServer } from '../helpers/server';

/** Every PDF renderer the apps of this file create, so the tests can read its figures. */
const renderers = vi.hoisted(() => [] as PdfRenderer[]);
vi.mock('../../src/server/pdf/pool', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/server/pdf/pool')>();
  return {
    ...actual,
    createPdfRenderer: (...args: Parameters<typeof actual.createPdfRenderer>) => {
      const renderer = actual.createPdfRenderer(...args);
      renderers.push(renderer);
      return renderer;
    },
  };
});

const DOC = 'aanleveren-documenten';
const SC = 'aanvraag-servercertificaat';

function fixture(flowId: string, name: string): FlowModel {
  return (JSON.parse(readFileSync(path.join(process.cwd(), 'tests/fixtures', flowId, name), 'utf8')) as { data: FlowModel }).data;
}

const squash = (text: string) => text.replace(/\s+/g, '');

/**
 * Paths of the values that a copy to a worker thread would refuse (functions, symbols) or change
 * (class instances lose their prototype, getters become values): only plain data may remain.
 */
function nonPlainData(value: unknown, at = 'model'): string[] {
  if (value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => nonPlainData(item, `${at}[${i}]`));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.entries(Object.getOwnPropertyDescriptors(value)).flatMap(([key, descriptor]) =>
      'value' in descriptor ? nonPlainData(descriptor.value, `${at}.${key}`) : [`${at}.${key} (getter)`],
    );
  }
  return [`${at} (${typeof value})`];
}

/** A started server, with PDF_WORKERS set to `workers` while it starts, and the PDF renderer its app created. */
async function serverWithRenderer(workers: string): Promise<{ server: TestServer; session: Session; pdf: PdfRenderer }> {
  vi.stubEnv('PDF_WORKERS', workers);
  try {
    const before = renderers.length;
    const server = await startServer();
    expect(renderers.length).toBe(before + 1);
    return { server, session: await server.session(), pdf: renderers[before] };
  } finally {
    vi.unstubAllEnvs();
  }
}

async function download(server: TestServer, session: Session, flowId: string, body: unknown): Promise<Buffer> {
  const url = server.registry.get(flowId)!.content.documents.nl.confirmation.download!.url;
  const response = await server.postJson(url, body, session);
  if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await response.arrayBuffer());
}

async function stored(server: TestServer, flowId: string, model: FlowModel, scenario: Scenario): Promise<string> {
  const saved = await server.storage.saveSubmission({ flowId, flowHash: server.registry.get(flowId)!.hash, scenario, data: model, files: [] });
  return saved.kenmerk;
}

describe('PDF pool (worker threads)', () => {
  let server: TestServer;
  let session: Session;
  let pdf: PdfRenderer;
  beforeAll(async () => {
    ({ server, session, pdf } = await serverWithRenderer(''));
  });
  afterAll(() => server?.close());

  it('is sized to the machine: all cores but one, at least one; PDF_WORKERS overrides it', () => {
    expect(pdf.workers).toBe(pdfWorkerCount({}));
    expect(pdfWorkerCount({})).toBeGreaterThanOrEqual(1);
    expect(pdfWorkerCount({ PDF_WORKERS: '3' })).toBe(3);
    expect(pdfWorkerCount({ PDF_WORKERS: '0' })).toBe(0);
    expect(() => pdfWorkerCount({ PDF_WORKERS: 'twee' })).toThrow(/PDF_WORKERS/);
    expect(() => pdfWorkerCount({ PDF_WORKERS: '-1' })).toThrow(/PDF_WORKERS/);
  });

  it('renders a receipt downloaded through the API in a worker thread, with the right text', async () => {
    const model = fixture(DOC, '01-geldig-volledig.json');
    const kenmerk = await stored(server, DOC, model, 'uzi');
    const before = pdf.stats();
    const receipt = await download(server, session, DOC, { kenmerk });
    const after = pdf.stats();
    expect(after.workerRenders).toBe(before.workerRenders + 1);
    expect(after.mainThreadRenders).toBe(0);
    expect(after.threadIds.length).toBeGreaterThan(0);
    expect(after.threadIds).not.toContain(threadId);

    const text = squash(pdfText(receipt));
    expect(text).toContain(squash('Bevestiging van aanlevering'));
    expect(text).toContain(kenmerk);
    expect(text).toContain(squash('Zorggroep De Linde B.V.'));
    expect(text).toContain(squash('aanvraagformulier.pdf'));
    expect(pdfInfo(receipt).Tagged).toBe('yes');
  });

  it('answers a second download of the same receipt from the cache', async () => {
    const kenmerk = await stored(server, DOC, fixture(DOC, '02-geldig-zonder-abonneenummer-zes-bestanden.json'), 'uzi');
    const first = await download(server, session, DOC, { kenmerk });
    const afterFirst = pdf.stats();
    const second = await download(server, session, DOC, { kenmerk });
    const afterSecond = pdf.stats();
    expect(afterSecond.workerRenders).toBe(afterFirst.workerRenders);
    expect(afterSecond.cache.hits).toBe(afterFirst.cache.hits + 1);
    expect(second.equals(first)).toBe(true);
    // Another kenmerk, or another language, is a document of its own.
    const other = await stored(server, DOC, fixture(DOC, '02-geldig-zonder-abonneenummer-zes-bestanden.json'), 'uzi');
    expect(squash(pdfText(await download(server, session, DOC, { kenmerk: other })))).toContain(other);
    const url = server.registry.get(DOC)!.content.documents.nl.confirmation.download!.url;
    const english = await server.postJson(`${url}?lang=en`, { kenmerk }, session);
    expect(english.status).toBe(200);
    expect(pdfText(Buffer.from(await english.arrayBuffer()))).toContain('Confirmation of submission');
    expect(pdf.stats().workerRenders).toBe(afterSecond.workerRenders + 2);
  });

  it('caches the application form of a stored submission too, by kenmerk', async () => {
    const kenmerk = await stored(server, SC, fixture(SC, '01-geldig-abonnee-pasuitgifteorganisatie.json'), 'zovar');
    const first = await download(server, session, SC, { kenmerk });
    const renders = pdf.stats().workerRenders;
    const second = await download(server, session, SC, { kenmerk });
    expect(pdf.stats().workerRenders).toBe(renders);
    expect(second.equals(first)).toBe(true);
    expect(squash(pdfText(first))).toContain(kenmerk);
  });

  it('never caches a form built from a posted model', async () => {
    const model = fixture('abonneeregistratie-zorgverlener', '02-geldig-artikel2-krm-mondhygienist-postadres-en-gemachtigde.json');
    const before = pdf.stats();
    await download(server, session, 'abonneeregistratie-zorgverlener', model);
    await download(server, session, 'abonneeregistratie-zorgverlener', model);
    const after = pdf.stats();
    expect(after.workerRenders).toBe(before.workerRenders + 2);
    expect(after.cache.entries).toBe(before.cache.entries);
  });

  it('builds document models that survive the copy to a worker thread (plain data only)', () => {
    const t = loadTranslations().nl;
    const cases: { flow: string; fixture: string; scenario: Scenario }[] = [
      { flow: DOC, fixture: '02-geldig-zonder-abonneenummer-zes-bestanden.json', scenario: 'uzi' },
      { flow: 'aanleveren-pkcs-10-bestand', fixture: '01-geldig.json', scenario: 'zovar' },
      { flow: SC, fixture: '01-geldig-abonnee-pasuitgifteorganisatie.json', scenario: 'zovar' },
      { flow: 'aanvraag-zorgverlenerpas', fixture: '02-geldig-artikel34-kp-geen-abonnee-gemachtigde-buitenlands-adres.json', scenario: 'uzi' },
      { flow: 'abonneeregistratie-zorginstelling', fixture: '02-geldig-type8-postadres-en-gemachtigde.json', scenario: 'uzi' },
      { flow: 'abonneeregistratie-zorgverlener', fixture: '02-geldig-artikel2-krm-mondhygienist-postadres-en-gemachtigde.json', scenario: 'uzi' },
    ];
    for (const { flow: flowId, fixture: name, scenario } of cases) {
      const version = server.registry.get(flowId)!;
      const flow = version.content.documents.nl;
      const lists = version.content.lists.nl;
      const data = fixture(flowId, name);
      let model: PdfDocumentModel;
      if (flow.confirmation.download!.document === 'application') {
        const env = withEnvironment(flow, applyDerived(flow, data), lists);
        model = applicationPdfModel({ flow, env, scenario, t, lang: 'nl', kenmerk: 'ABCD-EFGH-JKLM-NPQR', validators: version.runtime.validators });
      } else {
        const record = { id: 'x', kenmerk: 'ABCD-EFGH-JKLM-NPQR', flowId, scenario, data, createdAt: new Date(), files: [] };
        model = submissionPdfModel(flow, record, t, 'nl', lists, new Date(), version.runtime.validators);
      }
      expect(nonPlainData(model), flowId).toEqual([]);
      expect(structuredClone(model), flowId).toEqual(model);
    }
  });
});

describe('PDF_WORKERS=0', () => {
  let server: TestServer;
  let session: Session;
  let pdf: PdfRenderer;
  beforeAll(async () => {
    ({ server, session, pdf } = await serverWithRenderer('0'));
  });
  afterAll(() => server?.close());

  it('renders on the main thread, with the same document and the same cache', async () => {
    expect(pdf.workers).toBe(0);
    const kenmerk = await stored(server, DOC, fixture(DOC, '01-geldig-volledig.json'), 'uzi');
    const receipt = await download(server, session, DOC, { kenmerk });
    const again = await download(server, session, DOC, { kenmerk });
    const stats = pdf.stats();
    expect(stats).toMatchObject({ workerRenders: 0, mainThreadRenders: 1, threadIds: [threadId] });
    expect(stats.cache.hits).toBe(1);
    expect(again.equals(receipt)).toBe(true);
    const text = squash(pdfText(receipt));
    expect(text).toContain(kenmerk);
    expect(text).toContain(squash('Zorggroep De Linde B.V.'));
  });
});

describe('PDF cache', () => {
  const doc = (title: string): PdfDocumentModel => ({
    lang: 'nl',
    registerName: 'UZI-register',
    title,
    meta: [],
    blocks: [{ kind: 'paragraph', text: title }],
  });

  it('drops an entry after its lifetime, whether or not it was used', async () => {
    let now = 1_000_000;
    const renderer = createPdfRenderer({ workers: 0, cache: { ttlMs: 600_000 }, clock: () => now });
    try {
      let builds = 0;
      const build = () => (builds++, doc('Levensduur'));
      await renderer.cached('a', build);
      now += 599_999;
      await renderer.cached('a', build);
      expect(builds).toBe(1);
      now += 1;
      expect(renderer.stats().cache.entries).toBe(1);
      await renderer.cached('b', () => doc('Ander'));
      // 'a' expired: gone from memory when the cache is next used, and rendered again when asked.
      expect(renderer.stats().cache.entries).toBe(1);
      await renderer.cached('a', build);
      expect(builds).toBe(2);
    } finally {
      await renderer.close();
    }
  });

  it('keeps to its byte budget by dropping the oldest entries', async () => {
    const probe = createPdfRenderer({ workers: 0 });
    const size = (await probe.render(doc('Document 1'))).length;
    await probe.close();
    const renderer = createPdfRenderer({ workers: 0, cache: { maxBytes: Math.floor(size * 2.5) } });
    try {
      for (const n of [1, 2, 3]) await renderer.cached(`k${n}`, () => doc(`Document ${n}`));
      const { cache, mainThreadRenders } = renderer.stats();
      expect(mainThreadRenders).toBe(3);
      expect(cache.entries).toBe(2);
      expect(cache.bytes).toBeLessThanOrEqual(Math.floor(size * 2.5));
      // k1 went first; k3 is still there.
      await renderer.cached('k3', () => doc('Document 3'));
      expect(renderer.stats().mainThreadRenders).toBe(3);
      await renderer.cached('k1', () => doc('Document 1'));
      expect(renderer.stats().mainThreadRenders).toBe(4);
    } finally {
      await renderer.close();
    }
  });

  it('renders a document once when it is asked for twice at the same time', async () => {
    const renderer = createPdfRenderer({ workers: 0 });
    try {
      const [a, b] = await Promise.all([renderer.cached('same', () => doc('Tegelijk')), renderer.cached('same', () => doc('Tegelijk'))]);
      expect(a.equals(b)).toBe(true);
      expect(renderer.stats().mainThreadRenders).toBe(1);
    } finally {
      await renderer.close();
    }
  });

  it('empties the cache when closed', async () => {
    const renderer = createPdfRenderer({ workers: 0 });
    await renderer.cached('weg', () => doc('Weg'));
    expect(renderer.stats().cache.entries).toBe(1);
    await renderer.close();
    expect(renderer.stats().cache).toMatchObject({ entries: 0, bytes: 0 });
  });
});
