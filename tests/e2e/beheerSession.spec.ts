/**
 * The back office's session timeout, on a server of its own with one-minute sessions: the same
 * dialog as the portal's opens before the end (axe on it); 'Uitloggen' in it ends the session, and
 * a session left alone ends with a message on the sign-in page. The minute of the countdown passes
 * on the browser's clock (Playwright's `page.clock`), moved on instead of waited for; the session
 * then ends on the server through the browser's sign-out at zero, as it does in real time (the
 * server's own end of an idle session: tests/server/storage-beheer.test.ts).
 */
import { axeViolations, expect, test } from './support';
import { ownPort, startOwnServer, type OwnServer } from './ownServer';

const port = ownPort(5);
let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer(port, { BEHEER_ADMIN_EMAIL: 'beheer@example.nl', BEHEER_ADMIN_PASSWORD: 'proef-wachtwoord-123', BEHEER_SESSIE_MINUTEN: '1' });
});
test.afterAll(async () => server?.close());

test('the session dialog of the back office: sign out from it, or be signed out after a spell of nothing', async ({ page }) => {
  // The browser's clock runs as the real one until the test moves it on.
  await page.clock.install();
  const signIn = async () => {
    await page.goto(`${server.baseURL}/beheer`);
    await page.getByLabel('E-mailadres').fill('beheer@example.nl');
    await page.getByLabel('Wachtwoord').fill('proef-wachtwoord-123');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();
  };
  await signIn();
  // A one-minute session is inside the dialog's minute before the end from the start.
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
  await expect(page.getByText('U bent uitgelogd.')).toBeVisible();
  expect((await page.request.get(`${server.baseURL}/api/beheer/sessie`)).status()).toBe(401);

  await signIn();
  await expect(dialog).toBeVisible();
  await page.clock.runFor(60_000);
  await expect(page.getByText('U bent uitgelogd omdat u een tijd niet actief was. Log opnieuw in om verder te gaan.')).toBeVisible();
  expect((await page.request.get(`${server.baseURL}/api/beheer/sessie`)).status()).toBe(401);
});
