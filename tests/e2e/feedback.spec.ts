/**
 * The feedback dialog in Chromium against a server of its own (so the spec can read its database):
 * rating, comment and send by keyboard end up in the database with the device info; a failed send
 * still thanks the user; Escape and the backdrop close it and focus returns; axe-clean when open.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support';
import { ownPort, startOwnServer, type OwnServer } from './ownServer';

const port = ownPort(2);
const PAGE = '/uzi/aanleveren-documenten/stap1';
let server: OwnServer;

test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  server = await startOwnServer(port, {});
});

test.afterAll(async () => {
  await server?.close();
});

const opener = (page: Page) => page.getByRole('button', { name: 'Geef uw mening' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Geef uw mening' });

async function openByKeyboard(page: Page): Promise<void> {
  await opener(page).focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
}

test('feedback given by keyboard is stored with rating, comment, page and device', async ({ page }) => {
  await page.goto(PAGE);
  await expect(opener(page)).toBeVisible();
  await expectAccessible(page, 'pagina met feedbackknop');
  await openByKeyboard(page);
  await expect(page.getByRole('radio', { name: 'Slecht' })).toBeFocused();
  await expectAccessible(page, 'feedbackdialoog');

  // Arrow keys choose within the group: Slecht -> Goed.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Goed' })).toBeChecked();
  const comment = page.getByRole('textbox', { name: 'Wat kunnen wij verbeteren?' });
  await expect(comment).toBeVisible();
  await expect(page.getByText('500 karakters resterend', { exact: true })).toBeVisible();
  await expectAccessible(page, 'feedbackdialoog met toelichting');
  await page.keyboard.press('Tab');
  await expect(comment).toBeFocused();
  await page.keyboard.type('De uploadstap kan duidelijker.');
  await expect(page.getByText('470 karakters resterend', { exact: true })).toBeVisible();

  // Tab wraps inside the dialog: Versturen is last, the close button first.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Versturen' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog(page).getByRole('button', { name: /Sluiten/ })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Versturen' })).toBeFocused();

  const sent = page.waitForResponse((response) => response.url().endsWith('/api/useropinion'));
  await page.keyboard.press('Enter');
  expect((await sent).status()).toBe(201);
  const thanks = page.getByText('Bedankt voor uw mening. Wij gebruiken uw reactie om deze website te verbeteren.');
  await expect(thanks).toBeFocused();
  await expectAccessible(page, 'feedback bedankt');
  await page.keyboard.press('Tab');
  await expect(dialog(page).getByRole('button', { name: 'Sluiten' }).last()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect(opener(page)).toBeFocused();

  const storage = await server.storage();
  const [stored] = await storage.listUserOpinions(1);
  expect(stored).toMatchObject({
    rating: 4,
    comment: 'De uploadstap kan duidelijker.',
    url: PAGE,
    device: { os: 'Linux', browser: 'Chrome', deviceType: 'desktop', orientation: 'landscape' },
  });
  expect(stored.device.userAgent).toBe(await page.evaluate(() => navigator.userAgent));
});

test('a failed send is logged without the comment and still thanks the user; nothing is stored', async ({ page }) => {
  const storage = await server.storage();
  const before = (await storage.listUserOpinions(1000)).length;
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.route('**/api/useropinion', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ type: 'x', status: 503, detail: 'weg', traceId: 't', errors: [] }) }),
  );
  await page.goto(PAGE);
  await openByKeyboard(page);
  await page.getByRole('radio', { name: 'Voldoende' }).check();
  await page.getByRole('textbox', { name: 'Wat kunnen wij verbeteren?' }).fill('Geheime opmerking 123456782');
  await page.getByRole('button', { name: 'Versturen' }).click();
  await expect(page.getByText('Bedankt voor uw mening. Wij gebruiken uw reactie om deze website te verbeteren.')).toBeVisible();
  expect(warnings.some((text) => text.includes('Versturen van de mening mislukt (503)'))).toBe(true);
  expect(warnings.join('\n')).not.toContain('123456782');
  expect(await storage.listUserOpinions(1000)).toHaveLength(before);
});

test('Escape and a click on the backdrop close the dialog; focus returns to the button', async ({ page }) => {
  await page.goto('/home');
  await openByKeyboard(page);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(opener(page)).toBeFocused();

  await opener(page).click();
  await expect(dialog(page)).toBeVisible();
  // The page behind is inert: it cannot be reached.
  await expect(page.locator('.portal-page')).toHaveAttribute('inert', '');
  await page.mouse.click(5, 5);
  await expect(dialog(page)).toBeHidden();
  await expect(opener(page)).toBeFocused();
});
