/**
 * 'Opslaan en later verder' and 'Annuleren' in Chromium, against a server of its own with mail to a
 * real SMTP server started here: an applicant saves halfway with a file, opens the link in another
 * browser, gets a wrong code refused, lands on the step where she stopped with every answer and the
 * file, and sends the application; the link then says it was used, an expired link says it expired,
 * and cancelling asks first and clears everything.
 */
import type { Browser, Page } from '@playwright/test';
import BetterSqlite3 from 'better-sqlite3';
import path from 'node:path';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { ownPort, startOwnServer, type OwnServer } from './ownServer';
import { expect, expectAccessible, minimalPdf, test, toDocumentsStep2 } from './support';

const port = ownPort(4);
const START = '/uzi/aanleveren-documenten';
let server: OwnServer;
let smtp: TestSmtp;

test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startOwnServer(port, {
    CLIENT_DIR: path.resolve('dist/client'),
    SMTP_URL: smtp.url,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
});

test.afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function fillUntilDocuments(page: Page): Promise<void> {
  await toDocumentsStep2(page, { subscriber: 'Zorggroep Later', contact: 'Sanne Bakker', email: 'sanne@example.nl' });
  await page.getByLabel('Waar hebben de documenten betrekking op?').selectOption({ label: 'UZI-zorgverlenerpas' });
  await page.getByRole('radio', { name: 'Wijziging' }).check();
  await page.getByLabel('Soort wijziging').fill('Verhuizing van de praktijk');
  await page.locator('#documenten_documenten').setInputFiles([{ name: 'verklaring.pdf', mimeType: 'application/pdf', buffer: minimalPdf() }]);
  await expect(page.getByRole('listitem').filter({ hasText: 'verklaring.pdf' })).toBeVisible();
}

/** Saves on the current step and answers the resume path and code the page shows. */
async function saveHere(page: Page, email?: string): Promise<{ path: string; code: string }> {
  await page.getByRole('button', { name: 'Opslaan en later verder' }).click();
  await expect(page).toHaveURL(/\/opslaan$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Opslaan en later verder');
  await expectAccessible(page, 'opslaan');
  if (email) await page.getByLabel('E-mailadres (niet verplicht)').fill(email);
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Uw aanvraag is opgeslagen');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expectAccessible(page, 'opgeslagen');
  const link = (await page.locator('.portal-saving__result a').textContent()) ?? '';
  const code = (await page.getByTestId('resume-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
  return { path: new URL(link).pathname, code };
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  return context.newPage();
}

/** Opens a resume link in a browser of its own and enters `code`. */
async function resumeElsewhere(browser: Browser, link: string, code: string): Promise<Page> {
  const other = await freshPage(browser);
  await other.goto(link);
  await other.getByLabel('Code').fill(code);
  await other.getByRole('button', { name: 'Verder' }).click();
  return other;
}

test.describe('Opslaan en later verder', () => {
  test('saves answers and a file, resumes them once in another browser on the same step, mailing the link without the code', async ({ page, browser }) => {
    await fillUntilDocuments(page);
    const saved = await saveHere(page, 'sanne@example.nl');
    await expect(page.getByText('Wij hebben de link naar uw e-mailadres gestuurd.')).toBeVisible();
    await expect.poll(() => smtp.mails.length).toBe(1);
    expect(smtp.mails[0].to).toEqual(['sanne@example.nl']);
    expect(smtp.mails[0].text).toContain(`http://127.0.0.1:${port}${saved.path}`);
    expect(smtp.mails[0].text).not.toContain(saved.code);

    const other = await freshPage(browser);
    await other.goto(saved.path);
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Verder met uw aanvraag');
    await expectAccessible(other, 'hervatten');
    await other.getByLabel('Code').fill('AAAAA-AAAAA');
    await other.getByRole('button', { name: 'Verder' }).click();
    await expect(other.getByText('De code is niet juist. U kunt het nog 4 keer proberen.')).toBeVisible();
    await expect(other.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(other, 'verkeerde code');

    await other.getByLabel('Code').fill(saved.code.toLowerCase());
    await other.getByRole('button', { name: 'Verder' }).click();
    await expect(other).toHaveURL(/\/uzi\/aanleveren-documenten\/stap2$/);
    await expect(other.getByLabel('Soort wijziging')).toHaveValue('Verhuizing van de praktijk');
    await expect(other.getByRole('radio', { name: 'Wijziging' })).toBeChecked();
    await expect(other.getByRole('listitem').filter({ hasText: 'verklaring.pdf' })).toBeVisible();
    await other.getByRole('button', { name: 'Volgende' }).click();
    await expect(other).toHaveURL(/stap3$/);
    await expect(other.locator('.renderer-review')).toContainText('Zorggroep Later');
    await other.getByRole('button', { name: 'Documenten versturen' }).click();
    await expect(other).toHaveURL(/bevestiging$/);

    const third = await resumeElsewhere(browser, saved.path, saved.code);
    await expect(third.getByRole('alert')).toContainText('Deze link is al gebruikt.');
    await expectAccessible(third, 'link gebruikt');
    await other.context().close();
    await third.context().close();
  });

  test('an expired link says so', async ({ page, browser }) => {
    await fillUntilDocuments(page);
    const saved = await saveHere(page);
    // The clock of the stored row moved past its expiry.
    const db = new BetterSqlite3(path.join(server.dataDir, 'portal.sqlite'));
    db.prepare('update saved_applications set expires_at = ? where id = ?').run('2000-01-01T00:00:00.000Z', saved.path.split('/').pop());
    db.close();
    const other = await resumeElsewhere(browser, saved.path, saved.code);
    await expect(other.getByRole('alert')).toContainText('Deze link is verlopen.');
    await expectAccessible(other, 'link verlopen');
    await other.context().close();
  });
});

test.describe('Annuleren', () => {
  test('asks first; keeping goes on, confirming clears every answer and file', async ({ page }) => {
    await fillUntilDocuments(page);
    await page.getByRole('button', { name: 'Annuleren' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Aanvraag annuleren?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Nee, verder met invullen' })).toBeFocused();
    await expectAccessible(page, 'annuleren vragen');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Annuleren' })).toBeFocused();
    await expect(page.getByLabel('Soort wijziging')).toHaveValue('Verhuizing van de praktijk');

    await page.getByRole('button', { name: 'Annuleren' }).click();
    await page.getByRole('button', { name: 'Ja, annuleren' }).click();
    await expect(page).toHaveURL(/\/uzi\/aanleveren-documenten\/stap1$/);
    await expect(page.getByLabel('Naam abonnee')).toHaveValue('');
    await page.reload();
    await expect(page.getByLabel('Naam abonnee')).toHaveValue('');
    await page.goto(`${START}/stap2`);
    await expect(page).toHaveURL(/stap1$/);
  });
});
