/**
 * Flow definitions as published versions, over real HTTP on a copy of the release's definitions:
 * a broken file is refused alone (the other flows and its last good version stay served, and the
 * log says why), a field added to an upload flow is sent and stored, a submission records the
 * version it was checked against and its receipt is rebuilt from that version, and an applicant
 * who started on a version finishes on it while it may still be used.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPipeline } from '../../src/server/flows/pipeline/compileFlow';
import { publishCompiled } from '../../src/server/flows/publish';
import { seedFromFiles } from '../../src/server/flows/seed';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { createStorage } from '../../src/server/storage';
import { copyFlowRoot, type FlowRoot } from '../helpers/flowRoot';
import { pdfText } from '../helpers/poppler';
import { expectError, minimalPdf, startServer, type TestServer } from '../helpers/server';

const FLOW_IDS = [
  'aanleveren-documenten',
  'aanleveren-pkcs-10-bestand',
  'aanvraag-servercertificaat',
  'aanvraag-zorgverlenerpas',
  'abonneeregistratie-zorginstelling',
  'abonneeregistratie-zorgverlener',
];
const DOCUMENTS = 'aanleveren-documenten';

const opened: Array<{ close(): Promise<void> } | FlowRoot> = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await ('dispose' in item ? item.dispose() : item.close());
});

function definitions(): FlowRoot {
  const root = copyFlowRoot();
  opened.push(root);
  return root;
}

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'uzi-versions-data-'));
  opened.push({ close: async () => rmSync(dir, { recursive: true, force: true }) });
  return dir;
}

async function serve(root: FlowRoot, data: string, env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startServer({ env: { APP_ROOT: root.root, DATA_DIR: data, FLOW_POLL_SECONDS: '0', ...env } });
  opened.push(server);
  return server;
}

async function flowOf(
  server: TestServer,
  id: string,
  query = '',
): Promise<{ hash: string; version: number; flow: { steps: { id: string; title: string }[] }; validators: Record<string, string> }> {
  const response = await server.fetch(`/api/flows/${id}${query}`);
  expect(response.status, `${id}${query}`).toBe(200);
  return response.json();
}

/** Compiles a flow file of `root` and publishes it on the server's database, as `flows:publish` does. */
async function publish(server: TestServer, root: FlowRoot, id: string): Promise<string> {
  const result = createPipeline(loadPipelineSources(root.root))(flowInputs(root.root).find((input) => input.expectedId === id)!);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  await publishCompiled(server.storage, result.flow, { origin: 'publicatie', author: 'test' });
  await server.registry.refresh();
  return result.flow.hash;
}

/** Text without white space: a label may wrap in the printed table. */
const squash = (text: string) => text.replace(/\s+/g, '');

/** The text of a receipt download, without white space. */
async function receiptText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return squash(pdfText(Buffer.from(await response.arrayBuffer())));
}

const DELIVERY = {
  abonneeNaam: 'Zorggroep Zuid',
  naamContactpersoon: 'Jan Jansen',
  emailAdresContactpersoon: 'jan@example.nl',
  aanvraag: '1',
  aanvraagType: '1',
};

function deliveryForm(fields: Record<string, string> = DELIVERY): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('documenten', new Blob([new Uint8Array(minimalPdf('Brief'))], { type: 'application/pdf' }), 'brief.pdf');
  return form;
}

describe('a refused flow file', () => {
  it('is refused alone: the other flows are served, and it keeps its last good version', async () => {
    const root = definitions();
    const data = dataDir();
    const first = await serve(root, data);
    const good = await flowOf(first, DOCUMENTS);
    await first.close();

    root.writeFlowText(DOCUMENTS, root.readFlow(DOCUMENTS) && `${JSON.stringify(root.readFlow(DOCUMENTS), null, 2)},`);
    root.editFlow('aanleveren-pkcs-10-bestand', (flow) => (flow.steps[0].uiSchema = { ...flow.steps[0].uiSchema, fullDomainname: { 'ui:widget': 'Selectt' } }));
    const second = await serve(root, data);
    for (const id of FLOW_IDS) await flowOf(second, id);
    expect((await flowOf(second, DOCUMENTS)).hash).toBe(good.hash);
    const index = (await (await second.fetch('/api/flows')).json()) as { id: string }[];
    expect(
      index
        .map((entry) => entry.id)
        .filter((id) => !id.startsWith('voorbeeld-'))
        .sort(),
    ).toEqual(FLOW_IDS);
  });

  it('without an earlier version, leaves only that flow out', async () => {
    const root = definitions();
    root.writeFlowText(DOCUMENTS, '{ "id": "aanleveren-documenten", }');
    const server = await serve(root, dataDir());
    await expectError(await server.fetch(`/api/flows/${DOCUMENTS}`), 404);
    for (const id of FLOW_IDS.filter((id) => id !== DOCUMENTS)) await flowOf(server, id);
  });

  it('is logged with the file, every problem with its line, and that the last good version stays', async () => {
    const root = definitions();
    root.editFlow(DOCUMENTS, (flow) => {
      flow.steps[0].titel = 'Uw gegevens';
      flow.steps[1].uiSchema.aanvraag['ui:widget'] = 'Selectt';
    });
    const storage = await createStorage({ dataDir: dataDir() });
    opened.push(storage);
    const lines: { level: string; details: Record<string, unknown>; message: string }[] = [];
    const log = {
      info: (details: object, message: string) => lines.push({ level: 'info', details: details as Record<string, unknown>, message }),
      warn: (details: object, message: string) => lines.push({ level: 'warn', details: details as Record<string, unknown>, message }),
      error: (details: object, message: string) => lines.push({ level: 'error', details: details as Record<string, unknown>, message }),
    };
    const compiled = await seedFromFiles(storage, flowInputs(root.root), createPipeline(loadPipelineSources(root.root)), log);
    expect(compiled.map((version) => version.flowId).sort()).toEqual(FLOW_IDS.filter((id) => id !== DOCUMENTS));
    const refused = lines.filter((line) => line.level === 'error');
    expect(refused).toHaveLength(1);
    expect(refused[0].message).toBe('flowbestand geweigerd; de laatste goedgekeurde versie van deze flow blijft in gebruik');
    expect(refused[0].details.file).toBe('flows/aanleveren-documenten.flow.json');
    expect(refused[0].details.problems).toEqual([
      expect.stringMatching(/^flows\/aanleveren-documenten\.flow\.json:\d+:\d+ \/steps\/0\/titel: De instelling ‘titel’ bestaat niet in stap ‘Uw gegevens’\.$/),
    ]);
  });
});

describe('an upload flow with a field added by an administrator', () => {
  it('sends, checks and stores the new field, and prints it on the receipt — no second list to keep', async () => {
    const root = definitions();
    root.editFlow(DOCUMENTS, (flow) => {
      flow.steps[0].schema.properties.referentie = { type: 'string', title: 'Uw referentie', maxLength: 20 };
    });
    root.addEnglish(DOCUMENTS, { 'steps.stap1.schema.properties.referentie.title': { nl: 'Uw referentie', en: 'Your reference' } });
    const server = await serve(root, dataDir());
    const session = await server.session();
    const tooLong = await server.postMultipart(`/api/${DOCUMENTS}/upload`, deliveryForm({ ...DELIVERY, referentie: 'X'.repeat(21) }), session);
    expect((await expectError(tooLong, 400)).errors[0].extraInfo[0]).toBe('gegevens.referentie');
    const response = await server.postMultipart(`/api/${DOCUMENTS}/upload`, deliveryForm({ ...DELIVERY, referentie: 'REF-2026-117' }), session);
    expect(response.status).toBe(200);
    const { kenmerk } = (await response.json()) as { kenmerk: string };
    const stored = await server.storage.getSubmission(kenmerk);
    expect((stored?.data as { gegevens: Record<string, unknown> }).gegevens.referentie).toBe('REF-2026-117');
    const receipt = await server.postJson(`/api/${DOCUMENTS}/bevestiging`, { kenmerk }, session);
    const text = pdfText(Buffer.from(await receipt.arrayBuffer()));
    expect(text).toContain('Uw referentie');
    expect(text).toContain('REF-2026-117');
  });
});

describe('versions and submissions', () => {
  it('records the version a submission was checked against, and rebuilds its receipt from that version', async () => {
    const root = definitions();
    const server = await serve(root, dataDir());
    const session = await server.session();
    const before = await flowOf(server, DOCUMENTS);
    const response = await server.postMultipart(`/api/${DOCUMENTS}/upload`, deliveryForm(), session);
    const { kenmerk } = (await response.json()) as { kenmerk: string };
    expect((await server.storage.getSubmission(kenmerk))?.flowHash).toBe(before.hash);

    // An administrator corrects a label; the receipt of the earlier submission keeps the label it was sent under.
    const label = root.readFlow(DOCUMENTS).steps[0].schema.properties.abonneeNaam.title as string;
    const corrected = `${label} (gecorrigeerd)`;
    root.editFlow(DOCUMENTS, (flow) => (flow.steps[0].schema.properties.abonneeNaam.title = corrected));
    const newer = await publish(server, root, DOCUMENTS);
    expect((await flowOf(server, DOCUMENTS)).hash).toBe(newer);

    const receipt = await receiptText(await server.postJson(`/api/${DOCUMENTS}/bevestiging`, { kenmerk }, session));
    expect(receipt).toContain(squash(label));
    expect(receipt).not.toContain(squash(corrected));
    const later = await server.postMultipart(`/api/${DOCUMENTS}/upload`, deliveryForm(), session);
    const laterKenmerk = ((await later.json()) as { kenmerk: string }).kenmerk;
    expect((await server.storage.getSubmission(laterKenmerk))?.flowHash).toBe(newer);
    const laterReceipt = await receiptText(await server.postJson(`/api/${DOCUMENTS}/bevestiging`, { kenmerk: laterKenmerk }, session));
    expect(laterReceipt).toContain(squash(corrected));
  });

  it('lets an applicant finish on the version they started on; the published one applies to everyone else', async () => {
    const root = definitions();
    const server = await serve(root, dataDir());
    const session = await server.session();
    const started = await flowOf(server, DOCUMENTS);
    root.editFlow(DOCUMENTS, (flow) => flow.steps[0].schema.required.push('abonneeNummer'));
    const newer = await publish(server, root, DOCUMENTS);

    // The browser asks for the version its stored data names, and sends that version along.
    expect((await flowOf(server, DOCUMENTS, `?v=${started.hash}`)).hash).toBe(started.hash);
    // The validator modules of both versions are served, each under its own version.
    const current = await flowOf(server, DOCUMENTS);
    expect(current.hash).toBe(newer);
    const step = started.flow.steps[0].id;
    expect(current.validators[step]).not.toBe(started.validators[step]);
    for (const url of [started.validators[step], current.validators[step]]) {
      const module = await server.fetch(url);
      expect(module.status, url).toBe(200);
      expect(await module.text(), url).toMatch(/export ?\{ ?\w+ as default ?\}|export default function/);
    }
    const onStarted = await server.postMultipart(`/api/${DOCUMENTS}/upload`, deliveryForm(), session, { 'X-Flow-Version': started.hash });
    expect(onStarted.status).toBe(200);
    const { kenmerk } = (await onStarted.json()) as { kenmerk: string };
    expect((await server.storage.getSubmission(kenmerk))?.flowHash).toBe(started.hash);

    const onCurrent = await server.postMultipart(`/api/${DOCUMENTS}/upload`, deliveryForm(), session, { 'X-Flow-Version': newer });
    expect((await expectError(onCurrent, 400)).errors[0].extraInfo[0]).toBe('gegevens.abonneeNummer');
    expect((await server.postMultipart(`/api/${DOCUMENTS}/upload`, deliveryForm(), session)).status).toBe(400);
  });

  it('no longer accepts a replaced version once its grace period is over, and says so', async () => {
    const root = definitions();
    const server = await serve(root, dataDir(), { FLOW_VERSION_GRACE_HOURS: '0' });
    const session = await server.session();
    const started = await flowOf(server, DOCUMENTS);
    root.editFlow(DOCUMENTS, (flow) => (flow.steps[0].title = `${flow.steps[0].title} (gecorrigeerd)`));
    await publish(server, root, DOCUMENTS);
    await expectError(await server.fetch(`/api/flows/${DOCUMENTS}?v=${started.hash}`), 404);
    const body = await expectError(await server.postMultipart(`/api/${DOCUMENTS}/upload`, deliveryForm(), session, { 'X-Flow-Version': started.hash }), 409);
    expect(body.errors).toEqual([{ code: 'UVER-01', extraInfo: [] }]);
    expect(await server.storage.countSubmissions()).toBe(0);
    await expectError(await server.fetch(`/api/flows/${DOCUMENTS}?v=${'0'.repeat(64)}`), 404);
  });
});

afterAll(() => undefined);
