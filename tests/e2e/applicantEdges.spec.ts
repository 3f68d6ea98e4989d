/**
 * The applicant's rough edges, in Chromium: messages and their summary stay on screen across a
 * language switch; a copied tab keeps its own files; a send whose answer was lost is sent again
 * after a reload under the same Idempotency-Key; 'Annuleren' is confirmed on the page the flow
 * starts again on and announced after its title; every confirmation page names the kenmerk; a
 * cancelled upload reads as a cancellation.
 */
import type { APIRequestContext, CDPSession, Page } from '@playwright/test';
import type { FlowDocument } from '../../renderer/core/types';
import { storageKey } from '../../renderer/browser/flowStorage';
import { minimalPdf } from '../helpers/minimalPdf';
import { expect, expectAccessible, fieldError, test, toDocumentsStep2 } from './support';
import { flowRoutes, storedState, wizardOn, type FlowResponse } from './sweepPlan';

const DOCUMENTS = '/uzi/aanleveren-documenten';
const UPLOAD = '**/api/aanleveren-documenten/upload';
const KENMERK = /[0-9A-Z]{4}(?:-[0-9A-Z]{4}){3}/;

/** The documents flow filled up to its second step, with one chosen file. */
async function fillUntilDocuments(page: Page, size = 0): Promise<void> {
  await toDocumentsStep2(page, { subscriber: 'Zorggroep Rand', contact: 'Noor de Wit', email: 'noor@example.nl' });
  await page.getByLabel('Waar hebben de documenten betrekking op?').selectOption({ label: 'UZI-zorgverlenerpas' });
  await page.getByRole('radio', { name: 'Wijziging' }).check();
  await page.getByLabel('Soort wijziging').fill('Nieuw adres');
  await page.locator('#documenten_documenten').setInputFiles([{ name: 'verklaring.pdf', mimeType: 'application/pdf', buffer: minimalPdf('Verklaring', size) }]);
  await expect(page.getByRole('listitem').filter({ hasText: 'verklaring.pdf' })).toBeVisible();
  // What is typed is kept in the tab a moment later; a copy of the tab starts from what is kept.
  await expect.poll(() => page.evaluate(() => Object.values(sessionStorage).some((value) => value.includes('verklaring.pdf')))).toBe(true);
}

/** Opens the review of a flow with a complete application from its fixtures, as the wizard keeps it in the tab. */
async function openReview(page: Page, request: APIRequestContext, flowId: string): Promise<FlowDocument> {
  const response = await request.get(`/api/flows/${flowId}`, { params: { lang: 'nl' } });
  expect(response.ok()).toBe(true);
  const { flow, hash } = (await response.json()) as FlowResponse;
  const route = flowRoutes(flow).routes.find((candidate) => candidate.fixtures.length > 0)!;
  const scenario = flow.scenarios[0];
  const script = await page.addInitScript(({ key, value }) => sessionStorage.setItem(key, value), {
    key: storageKey({ flowId: flow.id, scenario, variant: route.variant }),
    value: storedState(hash, route.fixtures[0].model, wizardOn(flow, flow.review.id, [])),
  });
  await page.goto(`/${scenario}/${flow.id}${route.variant ? `/${route.variant}` : ''}/${flow.review.id}`);
  await script.dispose();
  await expect(page.getByRole('button', { name: flow.review.submitLabel, exact: true })).toBeVisible();
  return flow;
}

/** The kenmerk a confirmation page shows. */
async function shownKenmerk(page: Page): Promise<string> {
  const line = page.getByText(/onder kenmerk/).first();
  await expect(line).toContainText(KENMERK);
  return (await line.textContent())!.match(KENMERK)![0];
}

test('messages and the error summary stay on screen across a language switch, in the new language', async ({ page }) => {
  await page.goto(`${DOCUMENTS}/stap1`);
  await page.getByRole('button', { name: 'Volgende' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Er is iets niet goed ingevuld' });
  await expect(summary).toBeVisible();
  await expect(fieldError(page, "Het veld 'Naam abonnee' is niet ingevuld.")).toBeVisible();

  await page.getByRole('button', { name: /EN/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel('Subscriber name')).toBeVisible();
  // Shown without another blur or Next: the same messages, now in English.
  await expect(page.getByRole('heading', { name: 'Something has not been filled in correctly' })).toBeVisible();
  await expect(fieldError(page, "The field 'Subscriber name' has not been filled in.")).toBeVisible();
  await expect(page.getByRole('link', { name: "The field 'Subscriber name' has not been filled in." })).toBeVisible();
  await expect(fieldError(page, 'Het veld')).toHaveCount(0);
  await expectAccessible(page, 'messages after switching to English');

  // The summary's links still lead to their field, by keyboard.
  await page.getByRole('link', { name: "The field 'Subscriber name' has not been filled in." }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Subscriber name')).toBeFocused();

  await page.getByRole('button', { name: /NL/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { name: 'Er is iets niet goed ingevuld' })).toBeVisible();
  await expect(fieldError(page, "Het veld 'Naam abonnee' is niet ingevuld.")).toBeVisible();
});

test("'Annuleren' in a copy of the tab removes the copy's files only; the original still sends its own", async ({ page }) => {
  await fillUntilDocuments(page);
  // A window opened from the page starts with a copy of its sessionStorage, as a duplicated tab does.
  const [copy] = await Promise.all([page.waitForEvent('popup'), page.evaluate(() => void window.open(window.location.href))]);
  await expect(copy).toHaveURL(/stap2$/);
  await expect(copy.getByRole('listitem').filter({ hasText: 'verklaring.pdf' })).toBeVisible();
  await copy.getByRole('button', { name: 'Annuleren' }).click();
  await copy.getByRole('button', { name: 'Ja, annuleren' }).click();
  await expect(copy).toHaveURL(/stap1$/);
  await expect(copy.getByLabel('Naam abonnee')).toHaveValue('');
  await copy.close();

  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page).toHaveURL(/stap3$/);
  await page.getByRole('button', { name: 'Documenten versturen' }).click();
  await expect(page).toHaveURL(/bevestiging$/);
  await shownKenmerk(page);
});

test('a send whose answer was lost is sent again after a reload under the same key and answered with the stored kenmerk', async ({ page }) => {
  await fillUntilDocuments(page);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page).toHaveURL(/stap3$/);

  // The server stores the application; its answer never reaches the browser.
  const keys: string[] = [];
  let stored: string | undefined;
  await page.route(UPLOAD, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    const response = await route.fetch();
    stored = ((await response.json()) as { kenmerk?: string }).kenmerk;
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Documenten versturen' }).click();
  await expect(page.getByRole('alert')).toContainText('De verbinding is tijdens het versturen verbroken.');
  await page.unroute(UPLOAD);
  expect(stored).toMatch(KENMERK);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Documenten versturen' })).toBeVisible();
  const retry = page.waitForRequest((request) => request.url().endsWith('/api/aanleveren-documenten/upload'));
  await page.getByRole('button', { name: 'Documenten versturen' }).click();
  keys.push((await retry).headers()['idempotency-key'] ?? '');
  await expect(page).toHaveURL(/bevestiging$/);

  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  // The server answered the application it had stored: no second one under another kenmerk.
  expect(await shownKenmerk(page)).toBe(stored);
});

test("'Annuleren' is confirmed on the page the flow starts again on, and announced after its title", async ({ page }) => {
  await fillUntilDocuments(page);
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await page.getByRole('button', { name: 'Ja, annuleren' }).click();
  await expect(page).toHaveURL(/stap1$/);

  const notice = 'Uw aanvraag is geannuleerd. De ingevulde gegevens zijn verwijderd.';
  await expect(page.locator('main').getByText(notice)).toBeVisible();
  await expect(page).toHaveTitle(/^Stap 1: /);
  const title = await page.title();
  // One announcement: the new page's title, then the confirmation (the title does not replace it).
  await expect(page.getByTestId('announcer').locator('p')).toHaveText([title, notice]);
  await expectAccessible(page, 'annuleren bevestigd');

  // Moving on, the notice goes.
  await page.getByLabel('Naam abonnee').fill('Zorggroep Opnieuw');
  await page.getByLabel('Naam contactpersoon').fill('Noor de Wit');
  await page.getByLabel('E-mailadres contactpersoon').fill('noor@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page).toHaveURL(/stap2$/);
  await expect(page.getByText(notice)).toHaveCount(0);
});

test("'Annuleren' in a flow with an introduction is confirmed on that page, after its title", async ({ page, request }) => {
  const flow = await openReview(page, request, 'aanvraag-zorgverlenerpas');
  expect(flow.intro).toBeDefined();
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await page.getByRole('button', { name: 'Ja, annuleren' }).click();
  await expect(page).toHaveURL(/\/uzi\/aanvraag-zorgverlenerpas\/artikel\d+$/);
  const notice = 'Uw aanvraag is geannuleerd. De ingevulde gegevens zijn verwijderd.';
  await expect(page.locator('main').getByText(notice)).toBeVisible();
  await expect(page).not.toHaveTitle(/Controleren/);
  const title = await page.title();
  await expect(page.getByTestId('announcer').locator('p')).toHaveText([title, notice]);
  await expectAccessible(page, 'annuleren bevestigd op de introductie');
});

for (const flowId of ['aanvraag-zorgverlenerpas', 'abonneeregistratie-zorginstelling', 'abonneeregistratie-zorgverlener']) {
  test(`the confirmation page of ${flowId} names the kenmerk the application was stored under`, async ({ page, request }) => {
    const flow = await openReview(page, request, flowId);
    const answer = page.waitForResponse((candidate) => candidate.url().includes(`/indienen`) && candidate.request().method() === 'POST');
    await page.getByRole('button', { name: flow.review.submitLabel, exact: true }).click();
    const { kenmerk } = (await (await answer).json()) as { kenmerk: string };
    await expect(page).toHaveURL(/\/bevestiging$/);
    expect(await shownKenmerk(page)).toBe(kenmerk);
    await expectAccessible(page, `bevestiging ${flowId}`);
  });
}

/** Limits the page's upstream to `bytesPerSecond`. */
async function slowUpstream(page: Page, bytesPerSecond: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return cdp;
}

test('a cancelled upload reads as a cancellation, and a file whose bytes had gone out is not shown as sent', async ({ page }) => {
  test.setTimeout(120_000);
  await toDocumentsStep2(page, { subscriber: 'Zorggroep Rand', contact: 'Noor de Wit', email: 'noor@example.nl' });
  await page.getByLabel('Waar hebben de documenten betrekking op?').selectOption({ label: 'UZI-zorgverlenerpas' });
  await page.getByRole('radio', { name: 'Wijziging' }).check();
  await page.getByLabel('Soort wijziging').fill('Nieuw adres');
  const kB = 1024;
  await page.locator('#documenten_documenten').setInputFiles([
    { name: 'klein.pdf', mimeType: 'application/pdf', buffer: minimalPdf('Klein', 4 * kB) },
    { name: 'groot.pdf', mimeType: 'application/pdf', buffer: minimalPdf('Groot', 2048 * kB) },
  ]);
  await expect(page.getByRole('listitem').filter({ hasText: 'groot.pdf' })).toBeVisible();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page).toHaveURL(/stap3$/);

  const cdp = await slowUpstream(page, 64 * kB);
  await page.getByRole('button', { name: 'Documenten versturen' }).click();
  const panel = page.getByRole('region', { name: 'Bestanden versturen' });
  const small = panel.getByRole('listitem').filter({ hasText: 'klein.pdf' });
  const large = panel.getByRole('listitem').filter({ hasText: 'groot.pdf' });
  // The small file has gone out completely while the large one is on its way.
  await expect(small).toContainText('Verstuurd');
  await expect(large).toContainText('Bezig met versturen');
  await panel.getByRole('button', { name: 'Versturen annuleren' }).click();

  await expect(large).toContainText('Geannuleerd');
  await expect(small).toContainText('Geannuleerd');
  await expect(small).not.toContainText('100%');
  await expect(small.getByRole('progressbar')).toHaveAttribute('value', '0');
  const message = page.locator('.renderer-wizard').getByRole('status').filter({ hasText: 'U heeft het versturen geannuleerd.' });
  await expect(message).toBeVisible();
  await expect(message).not.toContainText('Fout');
  await expect(page.getByText('Fout:')).toHaveCount(0);
  await expectAccessible(page, 'versturen geannuleerd');

  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.getByRole('button', { name: 'Documenten versturen' }).click();
  await expect(page).toHaveURL(/bevestiging$/);
  await cdp.detach();
});
