/**
 * The session timeout in Chromium against a server of its own with a short session (ttl 14 s,
 * dialog 12 s before the end): the dialog opens at ttl minus popup, its countdown is announced,
 * 'Doorgaan' extends the session on the server, the end of the countdown reaches the logout page
 * with the entered data offered again, 'Uitloggen' removes it; all by keyboard, axe-clean.
 *
 * The dialog opens when the server says the session is that close to its end, in real time. The
 * countdown after it runs on the browser's clock (Playwright's `page.clock`), which the tests move
 * on instead of waiting; what ends the session on the server then is the logout the browser sends
 * at zero, as it is in real time (the server's own expiry: tests/server/api-session.test.ts).
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support';
import { ownPort, startOwnServer, type OwnServer } from './ownServer';

const TTL = 14;
const POPUP = 12;
const FLOW = '/zovar/aanleveren-pkcs-10-bestand/stap1';
const port = ownPort(1);
let server: OwnServer;

test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  server = await startOwnServer(port, { SESSION_TTL_SECONDS: String(TTL), SESSION_POPUP_SECONDS: String(POPUP) });
});

test.afterAll(async () => {
  await server?.close();
});

const dialog = (page: Page) => page.getByRole('alertdialog', { name: 'Uw sessie verloopt bijna' });
/** The countdown runs to zero on the browser's clock (its timers fire as they would in that time). */
const countDown = (page: Page) => page.clock.runFor(POPUP * 1000);
const announcer = (page: Page) => page.getByTestId('announcer');

async function sessionTtl(page: Page): Promise<number> {
  const response = await page.request.get('/api/keepalive');
  return ((await response.json()) as { session: { ttl: number } }).session.ttl;
}

/** Opens the flow, enters a subscriber number and returns when the session started. */
async function startFlow(page: Page): Promise<number> {
  const started = page.waitForResponse((response) => response.url().endsWith('/api/keepalive?keepalive=true'));
  await page.goto(FLOW);
  const response = await started;
  expect(await response.json()).toEqual({ session: { ttl: TTL } });
  const at = Date.now();
  await page.getByLabel('Abonneenummer').fill('123456');
  return at;
}

test('the countdown dialog opens at ttl minus popup seconds, is announced, traps focus and continues by keyboard', async ({ page }) => {
  // The browser's clock runs as the real one until the test moves it on.
  await page.clock.install();
  const startedAt = await startFlow(page);
  const field = page.getByLabel('Abonneenummer');
  await field.focus();
  await expect(dialog(page)).toBeVisible({ timeout: 10_000 });
  const openedAfter = (Date.now() - startedAt) / 1000;
  // ttl 14 - popup 12 = 2 s (plus the check with the server and rendering).
  expect(openedAfter).toBeGreaterThan(1.5);
  expect(openedAfter).toBeLessThan(4);
  await expect(page.getByRole('button', { name: 'Doorgaan' })).toBeFocused();
  await expect(announcer(page)).toHaveText(/^U wordt over 1[12] seconden automatisch uitgelogd\.$/);
  expect(await sessionTtl(page)).toBeLessThanOrEqual(POPUP);
  await expectAccessible(page, 'sessiedialoog');

  // Focus stays inside; Escape does not answer this dialog.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Doorgaan' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeVisible();

  // Every 10 seconds: 10 follows (the clock moved on by the two seconds at most that are still to go).
  await page.clock.runFor(2_000);
  await expect(announcer(page)).toHaveText('U wordt over 10 seconden automatisch uitgelogd.');

  await page.keyboard.press('Shift+Tab');
  const extended = page.waitForResponse((response) => response.url().endsWith('/api/keepalive?keepalive=true'));
  await page.keyboard.press('Enter');
  expect(await (await extended).json()).toEqual({ session: { ttl: TTL } });
  await expect(dialog(page)).toBeHidden();
  await expect(field).toBeFocused();
  expect(await sessionTtl(page)).toBeGreaterThan(POPUP);
  await expect(field).toHaveValue('123456');
});

test('at zero the dialog closes as inactive: the logout page offers the kept data, which comes back', async ({ page, context }) => {
  await page.clock.install();
  await startFlow(page);
  await expect(dialog(page)).toBeVisible({ timeout: 10_000 });
  await countDown(page);
  await expect(page).toHaveURL(/\/uitgelogd\?reden=inactief$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('U bent uitgelogd');
  await expect(page.getByText('U bent automatisch uitgelogd, omdat u een tijd niets heeft gedaan.')).toBeVisible();
  await expect(announcer(page)).toContainText('U bent uitgelogd');
  // Logged out on the server: the session cookie is gone.
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('portal_sessie');
  expect(await sessionTtl(page)).toBe(0);
  await expectAccessible(page, 'uitgelogd na inactiviteit');

  const resume = page.getByRole('link', { name: 'Verdergaan met uw aanvraag' });
  await resume.focus();
  const started = page.waitForResponse((response) => response.url().endsWith('/api/keepalive?keepalive=true'));
  await page.keyboard.press('Enter');
  await started;
  await expect(page).toHaveURL(new RegExp(`${FLOW}$`));
  await expect(page.getByLabel('Abonneenummer')).toHaveValue('123456');
  expect(await sessionTtl(page)).toBeGreaterThan(0);
});

test('after a timeout the applicant may clear the kept data instead', async ({ page }) => {
  await page.clock.install();
  await startFlow(page);
  await expect(dialog(page)).toBeVisible({ timeout: 10_000 });
  await countDown(page);
  await expect(page).toHaveURL(/\/uitgelogd\?reden=inactief$/);
  await page.getByRole('button', { name: 'Gegevens wissen' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Uw gegevens zijn gewist.' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Verdergaan met uw aanvraag' })).toHaveCount(0);
  await expectAccessible(page, 'gegevens gewist');
  await page.getByRole('link', { name: 'Naar het begin van het formulier' }).click();
  await expect(page.getByLabel('Abonneenummer')).toHaveValue('');
});

test("'Uitloggen' logs out and removes the entered data", async ({ page }) => {
  await startFlow(page);
  await expect(dialog(page)).toBeVisible({ timeout: 10_000 });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/uitgelogd$/);
  await expect(page.getByText('U bent uitgelogd. De gegevens die u had ingevuld, zijn uit deze browser verwijderd.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verdergaan met uw aanvraag' })).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('portal.flow.')))).toEqual([]);
  expect(await sessionTtl(page)).toBe(0);
  await page.getByRole('link', { name: 'Naar het begin van het formulier' }).click();
  await expect(page.getByLabel('Abonneenummer')).toHaveValue('');
});
