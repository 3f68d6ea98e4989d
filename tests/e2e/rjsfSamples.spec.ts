/**
 * Forms written for rjsf, wrapped unchanged as one-step flows (tests/helpers/rjsfSamples.ts) and
 * published on a portal of their own, in Debian Chromium: each step renders with the form's sample
 * data in it (no error page, axe finds nothing), 'Volgende' accepts the data, the review shows every
 * value as the portal writes it, and the server stores what was sent and prints it. The server half,
 * with the same samples, is tests/server/rjsf-samples.test.ts.
 */
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { rjsfSamples, SAMPLE_DATA_KEY, sampleFlowId, type RjsfSample } from '../helpers/rjsfSamples';
import { ownPort, startOwnServer, type OwnServer } from './ownServer';
import { downloadFromButton, expect, expectAccessible, next, test, waitForSettled } from './support';

const port = ownPort(14);
let server: OwnServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startOwnServer(port, { FLOW_POLL_SECONDS: '1', REQUEST_RATE_LIMIT_MAX: '100000' });
  execFileSync(process.execPath, ['--import', 'tsx', 'tests/e2e/publishSamples.ts', server.dataDir], { stdio: 'inherit' });
});
test.afterAll(() => server.close());
test.use({ baseURL: `http://127.0.0.1:${port}` });

/** Puts the sample's data in the tab, as entered and not yet approved: the step opens with it. */
async function enterData(page: Page, sample: RjsfSample): Promise<void> {
  const key = `portal.flow.${sampleFlowId(sample)}.uzi`;
  const state = JSON.stringify({ hash: 'elders-ingevuld', model: {}, drafts: { [SAMPLE_DATA_KEY]: sample.formData } });
  await page.addInitScript(([name, value]) => sessionStorage.setItem(name, value), [key, state] as const);
}

/** Every row of the review: label and shown text (a list's values joined with ' | '). */
async function reviewRows(page: Page): Promise<[string, string][]> {
  await expect(page.locator('.renderer-review__row').first()).toBeVisible();
  return page.locator('.renderer-review__row').evaluateAll((elements) =>
    elements.map((row) => {
      const items = Array.from(row.querySelectorAll('dd li')).map((item) => (item.textContent ?? '').trim());
      const value = items.length > 0 ? items.join(' | ') : (row.querySelector('dd')?.textContent ?? '').trim();
      return [(row.querySelector('dt')?.textContent ?? '').trim(), value] as [string, string];
    }),
  );
}

for (const sample of rjsfSamples()) {
  test(`${sample.name}: renders with its sample data, is accepted, and reaches the review, the server and the printed form`, async ({ page }) => {
    const id = sampleFlowId(sample);
    await enterData(page, sample);
    // Published a moment ago: the portal serves it once its registry has looked (every second here).
    await expect.poll(async () => (await page.request.get(`/api/flows/${id}`)).status(), { timeout: 15_000 }).toBe(200);
    await page.goto(`/uzi/${id}`);
    await page.getByRole('button', { name: 'Voorbeeld starten' }).click();
    await expect(page).toHaveURL(new RegExp(`/uzi/${id}/stap1$`));
    await waitForSettled(page);
    await expect(page.getByText('Er is een probleem met deze pagina')).toHaveCount(0);
    await expectAccessible(page, `${sample.name} stap 1`);

    await next(page, 'stap2');
    const rows = await reviewRows(page);
    for (const [label, value] of Object.entries(sample.review)) expect(rows, `${label}: ${value}`).toContainEqual([label, value]);
    await expectAccessible(page, `${sample.name} overzicht`);

    await page.getByRole('button', { name: 'Versturen', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/uzi/${id}/bevestiging$`));
    const pdf = (await downloadFromButton(page, 'Download formulier')).replace(/\s+/g, ' ');
    for (const value of Object.values(sample.review)) for (const part of value.split(' | ')) expect(pdf, part).toContain(part);
  });
}
