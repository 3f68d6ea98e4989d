/**
 * Sending files on a slow line: no time limit on the transfer, progress per file and in total with
 * the upload item states, and a cancel that stores nothing and keeps everything for a new attempt.
 * The line is slowed in Chromium itself (DevTools network conditions), so the request really takes
 * that long. More than a minute of the transfer passes on the browser's clock (Playwright's
 * `page.clock`): every timer of the page fires as it would in that minute, without the wait; the
 * server's limits on a request's length are tested in tests/server/api-edge.test.ts.
 */
import type { CDPSession, Page } from '@playwright/test';
import { minimalPdf } from '../helpers/minimalPdf';
import { expect, expectAccessible, test, toDocumentsStep2 } from './support';

const MB = 1024 * 1024;

/** A valid PDF of `size` bytes: a one-page PDF padded with a comment after its header (the server checks the whole structure). */
function pdfOf(size: number): Buffer {
  return minimalPdf('Testdocument', Math.max(0, size - minimalPdf().length));
}

async function toReview(page: Page, files: { name: string; size: number }[]): Promise<void> {
  await toDocumentsStep2(page, { subscriber: 'Zorggroep Traag', contact: 'Jan Janssen', email: 'jan@example.nl' });
  await page.getByLabel('Waar hebben de documenten betrekking op?').selectOption({ label: 'UZI-zorgverlenerpas' });
  await page.getByRole('radio', { name: 'Wijziging' }).check();
  await page.getByLabel('Soort wijziging').fill('Nieuw adres');
  await page.locator('#documenten_documenten').setInputFiles(files.map((file) => ({ name: file.name, mimeType: 'application/pdf', buffer: pdfOf(file.size) })));
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page).toHaveURL(/stap3$/);
}

/** Limits the page's upstream to `bytesPerSecond` (downstream and latency left as they are). */
async function slowUpstream(page: Page, bytesPerSecond: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return cdp;
}

test.describe('Bestanden versturen', () => {
  test('an upload that takes longer than a minute arrives, with progress per file and in total', async ({ page }) => {
    // The browser's clock runs as the real one until the test moves it on.
    await page.clock.install();
    await toReview(page, [
      { name: 'eerste.pdf', size: MB },
      { name: 'tweede.pdf', size: MB },
    ]);
    // 2 MB at 100 kB/s: about 20 seconds on the wire.
    const cdp = await slowUpstream(page, 100 * 1024);
    const pageNow = () => page.evaluate(() => Date.now());
    const started = await pageNow();
    await page.getByRole('button', { name: 'Documenten versturen' }).click();

    const panel = page.getByRole('region', { name: 'Bestanden versturen' });
    await expect(panel).toBeVisible();
    const first = panel.getByRole('listitem').filter({ hasText: 'eerste.pdf' });
    const second = panel.getByRole('listitem').filter({ hasText: 'tweede.pdf' });
    await expect(first).toContainText('Bezig met versturen');
    await expect(second).toContainText('Wacht op versturen');
    await expect(panel.getByRole('progressbar', { name: 'Totaal verstuurd' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Versturen annuleren' })).toBeVisible();
    await expectAccessible(page, 'bestanden worden verstuurd');

    // More than a minute passes on the page's clock while the first file is on the wire: no timer of
    // the page ends the transfer.
    await page.clock.runFor(61_000);
    // The first file completes, the second takes over; the total keeps counting.
    await expect(first).toContainText('Verstuurd', { timeout: 30_000 });
    await expect(second).toContainText('Bezig met versturen');
    const total = Number(await panel.getByRole('progressbar', { name: 'Totaal verstuurd' }).getAttribute('value'));
    expect(total).toBeGreaterThanOrEqual(45);

    await expect(page).toHaveURL(/bevestiging$/, { timeout: 60_000 });
    expect((await pageNow()) - started).toBeGreaterThan(60_000);
    await expect(page.getByText(/onder kenmerk/).first()).toBeVisible();
    await cdp.detach();
  });

  test('cancelling stores nothing, says so, and the same files can be sent again', async ({ page }) => {
    test.setTimeout(120_000);
    await toReview(page, [{ name: 'groot.pdf', size: 3 * MB }]);
    const cdp = await slowUpstream(page, 100 * 1024);
    await page.getByRole('button', { name: 'Documenten versturen' }).click();
    const panel = page.getByRole('region', { name: 'Bestanden versturen' });
    const item = panel.getByRole('listitem').filter({ hasText: 'groot.pdf' });
    await expect(item).toContainText('Bezig met versturen');
    await panel.getByRole('button', { name: 'Versturen annuleren' }).click();

    await expect(item).toContainText('Geannuleerd');
    await expect(page.getByRole('status').filter({ hasText: 'U heeft het versturen geannuleerd.' })).toContainText('Er is niets opgeslagen');
    await expect(panel.getByRole('button', { name: 'Versturen annuleren' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Documenten versturen' })).toBeFocused();
    await expect(page).toHaveURL(/stap3$/);
    await expectAccessible(page, 'versturen geannuleerd');

    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByRole('button', { name: 'Documenten versturen' }).click();
    await expect(page).toHaveURL(/bevestiging$/);
    await expect(page.getByText(/onder kenmerk/).first()).toBeVisible();
    await cdp.detach();
  });

  test('a connection lost while sending says what happened and keeps everything', async ({ page }) => {
    await toReview(page, [{ name: 'bijlage.pdf', size: 200 * 1024 }]);
    await page.route('**/api/aanleveren-documenten/upload', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Documenten versturen' }).click();
    await expect(page.getByRole('alert')).toContainText('De verbinding is tijdens het versturen verbroken.');
    await expect(page.getByRole('region', { name: 'Bestanden versturen' }).getByRole('listitem')).toContainText('Niet verstuurd');
    await expectAccessible(page, 'verbinding verbroken');
    await page.unroute('**/api/aanleveren-documenten/upload');
    await page.getByRole('button', { name: 'Documenten versturen' }).click();
    await expect(page).toHaveURL(/bevestiging$/);
  });
});
