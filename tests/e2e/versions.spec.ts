/**
 * Flow versions in Chromium, against a server of its own on a copy of the release's definitions:
 * an administrator publishes a new version with `flows:publish` while applicants are busy — the one
 * who started finishes on the version she started on, a new applicant gets the new version and the
 * field it adds is stored; a definition forced past the checks with a widget this build lacks shows
 * the portal's error page for that flow, not a blank page, and the other flows keep working.
 */
import type { Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { copyFlowRoot, type FlowRoot } from '../helpers/flowRoot';
import { ownPort, startOwnServer, type OwnServer } from './ownServer';
import { expect, expectAccessible, next, sendDocumentsStep, test } from './support';

const port = ownPort(3);
const FLOW = 'aanleveren-documenten';
const START = `/uzi/${FLOW}`;
let server: OwnServer;
let definitions: FlowRoot;

test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  definitions = copyFlowRoot();
  server = await startOwnServer(port, { APP_ROOT: definitions.root, CLIENT_DIR: path.resolve('dist/client'), FLOW_POLL_SECONDS: '1' });
});

test.afterAll(async () => {
  await server?.close();
  definitions?.dispose();
});

/** The flow's version hash as the server serves it now. */
async function servedHash(): Promise<string> {
  return ((await (await fetch(`${server.baseURL}/api/flows/${FLOW}`)).json()) as { hash: string }).hash;
}

async function fillStepOne(page: Page): Promise<void> {
  await page.getByLabel('Naam abonnee').fill('Zorggroep West');
  await page.getByLabel('Naam contactpersoon').fill('Anouk de Vries');
  await page.getByLabel('E-mailadres contactpersoon').fill('anouk@example.nl');
}

test('a version published while applicants are busy: each finishes on the version they started on', async ({ page, browser }) => {
  const first = await servedHash();
  await page.goto(START);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 1: Uw gegevens');
  await fillStepOne(page);
  await next(page, 'stap2');

  // The administrator adds a field and renames the step, and publishes.
  definitions.editFlow(FLOW, (flow) => {
    flow.steps[0].title = 'Gegevens van de abonnee';
    flow.steps[0].schema.properties.referentie = { type: 'string', title: 'Uw referentie', maxLength: 20 };
  });
  const published = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/flows-publish.ts', definitions.flowFile(FLOW), '--note', 'Referentie erbij'], {
    env: { PATH: process.env.PATH ?? '', APP_ROOT: definitions.root, DATA_DIR: server.dataDir, DATABASE_URL: '', FLOWS_AUTHOR: 'beheerder' },
    encoding: 'utf8',
  });
  expect(published.stdout).toContain('Gepubliceerd: aanleveren-documenten versie 2');
  await expect.poll(servedHash, { timeout: 5000 }).not.toBe(first);

  // The applicant who started reloads and goes on: still her version, and it is accepted.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 2: Documenten');
  await page.getByRole('link', { name: /Uw gegevens/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 1: Uw gegevens');
  await expect(page.getByLabel('Naam abonnee')).toHaveValue('Zorggroep West');
  await expect(page.getByLabel('Uw referentie')).toHaveCount(0);
  await next(page, 'stap2');
  const started = await sendDocumentsStep(page);
  const storage = await server.storage();
  expect((await storage.getSubmission(started))?.flowHash).toBe(first);

  // A new applicant gets the new version, and the field it adds is sent and stored.
  const other = await (await browser.newContext({ baseURL: `http://127.0.0.1:${port}` })).newPage();
  await other.goto(START);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Stap 1: Gegevens van de abonnee');
  await expectAccessible(other, 'stap 1 van de nieuwe versie');
  await fillStepOne(other);
  await other.getByLabel('Uw referentie').fill('REF-2026-77');
  await next(other, 'stap2');
  const later = await sendDocumentsStep(other);
  const record = await storage.getSubmission(later);
  expect(record?.flowHash).toBe(await servedHash());
  expect((record?.data as { gegevens: Record<string, unknown> }).gegevens.referentie).toBe('REF-2026-77');
  await other.context().close();
});

test('a definition with a widget this build lacks, forced past the checks, shows the error page for that flow only', async ({ page }) => {
  const storage = await server.storage();
  const current = (await storage.publishedFlowVersions()).find((version) => version.flowId === FLOW)!;
  const content = structuredClone(current.content) as { documents: Record<'nl' | 'en', { steps: { uiSchema: Record<string, Record<string, unknown>> }[] }> };
  for (const document of Object.values(content.documents)) document.steps[0].uiSchema.abonneeNaam['ui:widget'] = 'Selectt';
  await storage.publishFlowVersion({ flowId: FLOW, hash: 'f'.repeat(64), origin: 'beheer', author: 'proef', source: current.source, content });
  await expect.poll(servedHash, { timeout: 5000 }).toBe('f'.repeat(64));

  await page.goto(`${START}/stap1`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Er is een probleem met deze pagina');
  await expect(page.getByText('Foutcode: 500')).toBeVisible();
  await expectAccessible(page, 'foutpagina van de flow');

  await page.goto('/uzi/aanleveren-pkcs-10-bestand');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stap 1');
});
