/**
 * The back office in the browser, by keyboard alone: signing in with the first administrator (empty
 * fields and a wrong password first), the flows overview (sorting, paging), a flow's history with
 * its breadcrumb, and signing out through the logout dialog — axe on every page and the dialog.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { generate } from 'otplib';
import { axeViolations, expect, test } from './support';

/** Replaces the whole text of the JSON editor as an administrator would: select all and paste. */
async function replaceSource(page: Page, editor: Locator, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

/** The whole text of the JSON editor (it shows only the lines in view): select all and copy. */
async function sourceText(page: Page, editor: Locator): Promise<string> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+C');
  return page.evaluate(() => navigator.clipboard.readText());
}

const ADMIN = { email: 'beheer@example.nl', password: 'proef-wachtwoord-123' };

/** 'Concept verwijderen' asks first; a draft left by an earlier attempt is dropped this way too. */
async function deleteDraft(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Concept verwijderen' }).press('Enter');
  await page.getByRole('dialog', { name: 'Concept verwijderen' }).getByRole('button', { name: 'Concept verwijderen' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Concept starten' })).toBeVisible();
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** Presses Tab until the element has focus (at most 30 times): the keyboard user's way to a control. */
async function tabTo(page: Page, locator: ReturnType<Page['getByRole']>): Promise<void> {
  for (let step = 0; step < 30; step += 1) {
    if (await locator.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('niet bereikbaar met Tab');
}

test('an administrator signs in, sorts and pages the flows, reads a history and signs out, by keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/beheer');
  await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
  await expect(page).toHaveTitle('Inloggen | Beheer aanvraagportaal');
  await expectAccessible(page);

  const email = page.getByLabel('E-mailadres');
  const password = page.getByLabel('Wachtwoord');
  const signIn = page.getByRole('button', { name: 'Inloggen' });
  await tabTo(page, signIn);
  await page.keyboard.press('Enter');
  await expect(page.getByText("Het veld 'E-mailadres' is niet ingevuld.")).toBeVisible();
  await expect(page.getByText("Het veld 'Wachtwoord' is niet ingevuld.")).toBeVisible();
  await expect(email).toBeFocused();
  await expectAccessible(page);

  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  await expect(password).toBeFocused();
  await page.keyboard.type('niet-het-goede-wachtwoord');
  await page.keyboard.press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: 'Het e-mailadres, het wachtwoord of de verificatiecode is onjuist.' });
  await expect(alert).toBeFocused();
  await expectAccessible(page);

  await password.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();
  await expect(page.getByText(`Ingelogd als ${ADMIN.email}`)).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(page.getByText(/^Resultaat 1-10 van \d+$/)).toBeVisible();
  await expectAccessible(page);

  // Sorting: the title column starts ascending; one press of Enter turns it descending.
  const titleHeader = table.getByRole('columnheader', { name: /Titel/ });
  await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
  const firstTitle = await table.getByRole('rowheader').first().innerText();
  await tabTo(page, titleHeader.getByRole('button'));
  await page.keyboard.press('Enter');
  await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('rowheader').first()).not.toHaveText(firstTitle);

  // Paging: the second page holds the rest.
  const pageTwo = page.getByRole('navigation', { name: 'Paginering' }).getByRole('button', { name: /Pagina 2/ });
  await tabTo(page, pageTwo);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Resultaat 11-\d+ van \d+$/)).toBeVisible();
  await expectAccessible(page);

  // A flow's history, reached from the table; descending turns ascending again (never back to unsorted).
  await titleHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
  const pageOne = page.getByRole('navigation', { name: 'Paginering' }).getByRole('button', { name: /Pagina 1/ });
  await pageOne.focus();
  await page.keyboard.press('Enter');
  const link = table.getByRole('link', { name: 'Abonneeregistratie zorgverlener' });
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/beheer\/flows\/abonneeregistratie-zorgverlener$/);
  const breadcrumb = page.getByRole('navigation', { name: 'kruimelpad' });
  await expect(breadcrumb.getByRole('link', { name: 'Flows' })).toBeVisible();
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Abonneeregistratie zorgverlener');
  await expect(
    page.getByRole('list', { name: 'Geschiedenis' }).getByText('Versie 1: gepubliceerd — Uit flows/abonneeregistratie-zorgverlener.flow.json'),
  ).toBeVisible();
  await expectAccessible(page);

  // Signing out through the dialog; the session is gone on the server too.
  const logout = page.getByRole('button', { name: 'Uitloggen' });
  await tabTo(page, logout);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Uitloggen' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(logout).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Uitloggen' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
  await expect(page.getByText('U bent uitgelogd.')).toBeVisible();
  const after = await page.request.get('/api/beheer/flows');
  expect(after.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
});

test('an unknown back-office address says so after signing in', async ({ page }) => {
  await page.goto('/beheer/bestaat-niet');
  await page.getByLabel('E-mailadres').fill(ADMIN.email);
  await page.getByLabel('Wachtwoord').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Niet gevonden' })).toBeVisible();
  await expectAccessible(page);
});

test('signing in through the organisation (OpenID Connect): roles from the provider, no role no entry', async ({ page, baseURL }) => {
  // The provider sends the browser back to the portal's public address (PUBLIC_URL, localhost).
  const portal = `http://localhost:${new URL(baseURL!).port}`;
  await page.goto(`${portal}/beheer`);
  await page.getByRole('link', { name: 'Inloggen via uw organisatie' }).click();
  await page.locator('input[name="login"]').fill('redacteur-publicist');
  await page.locator('input[name="password"]').fill('elk-wachtwoord');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();
  await expect(page.getByText('Ingelogd als redacteur-publicist@oidc.example.nl')).toBeVisible();
  await expectAccessible(page);
  const accounts = await page.request.get(`${portal}/api/beheer/accounts`);
  expect(accounts.status()).toBe(403);
  // No password to change here: the organisation keeps it, and 'Mijn account' says so.
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Mijn account' }).click();
  await expect(page.getByText('U logt in via uw organisatie. Uw wachtwoord wijzigt u bij die inlogdienst; het beheer kent het niet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Wachtwoord wijzigen' })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await page.getByRole('dialog', { name: 'Uitloggen' }).getByRole('button', { name: 'Uitloggen' }).click();
  await page.context().clearCookies();
  await page.goto(`${portal}/beheer`);
  await page.getByRole('link', { name: 'Inloggen via uw organisatie' }).click();
  await page.locator('input[name="login"]').fill('geen-rol');
  await page.locator('input[name="password"]').fill('elk-wachtwoord');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByRole('alert')).toHaveText('Uw account heeft geen rol in het beheer. Vraag een beheerder om toegang.');
  await expectAccessible(page);
});

test('a draft edited, checked, published and rolled back reaches applicants, by keyboard', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.goto('/beheer/flows/aanleveren-documenten');
  await page.getByLabel('E-mailadres').fill(ADMIN.email);
  await page.getByLabel('Wachtwoord').fill(ADMIN.password);
  await page.getByLabel('Wachtwoord').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Aanleveren documenten' })).toBeVisible();
  // A draft left by an earlier attempt of this test is dropped first.
  const leftOver = page.getByRole('button', { name: 'Concept verwijderen' });
  if (await leftOver.isVisible()) await deleteDraft(page);
  await page.getByRole('button', { name: 'Concept starten' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Concept gestart.' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Broncode' }).press('Enter');
  // The JSON editor (CodeMirror) starts with the published version, here the file in the repository.
  const source = page.getByRole('textbox', { name: 'Broncode (JSON)' });
  await expect(source).toContainText('"title": "Naam abonnee"');
  const original = readFileSync('flows/aanleveren-documenten.flow.json', 'utf8');
  await replaceSource(page, source, original.replace('"title": "Naam abonnee"', '"title": "Naam abonnee", "minLength": "drie"'));
  await page.getByRole('button', { name: 'Nu opslaan' }).press('Enter');
  await expect(page.getByText('1 fout', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Minimale lengte bij ‘Naam abonnee’ (stap ‘Uw gegevens’) moet een geheel getal zijn.' }),
  ).toBeVisible();
  // 'Publiceren' stays in the bar and says why it cannot be used yet.
  await expect(page.getByRole('button', { name: 'Publiceren' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('Publiceren kan nog niet: 1 fout in het concept.')).toBeVisible();
  await expectAccessible(page);

  await replaceSource(page, source, original.replace('"title": "Uw gegevens"', '"title": "Gegevens van de abonnee"'));
  await page.getByRole('button', { name: 'Nu opslaan' }).press('Enter');
  await expect(page.getByText('Geen fouten')).toBeVisible();
  await expect(page.getByText(/^Alle \d+ geslaagd$/)).toBeVisible();

  await page.getByRole('button', { name: 'Publiceren' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Concept publiceren' });
  await expect(dialog.getByLabel('Toelichting')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Publiceren' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText("Het veld 'Toelichting' is niet ingevuld.")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Toelichting').fill('Duidelijker staptitel');
  await dialog.getByRole('button', { name: 'Publiceren' }).press('Enter');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Versie \d+ is gepubliceerd/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Geschiedenis' }).getByText(/Versie \d+: gepubliceerd — Duidelijker staptitel/)).toBeVisible();
  await expectAccessible(page);

  // An applicant in a browser of their own gets the new version at once.
  const applicant = await browser.newContext();
  const form = await applicant.newPage();
  await form.goto('/uzi/aanleveren-documenten');
  await expect(form.getByText('Gegevens van de abonnee').first()).toBeVisible();

  await page.getByRole('button', { name: 'Terugzetten naar versie 1' }).press('Enter');
  const rollback = page.getByRole('dialog', { name: 'Terugzetten naar versie 1' });
  await expect(rollback.getByRole('list', { name: 'Wijzigingen bij terugzetten naar versie 1' })).toContainText('Gegevens van de abonnee');
  await rollback.getByLabel('Toelichting').fill('Oude staptitel terug');
  await rollback.getByRole('button', { name: 'Terugzetten' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /Versie 1 is teruggezet als versie \d+/ })).toBeVisible();
  await form.goto('/uzi/aanleveren-documenten');
  await expect(form.getByText('Uw gegevens').first()).toBeVisible();
  await expect(form.getByText('Gegevens van de abonnee')).toHaveCount(0);
  await applicant.close();
});

test('the structured editor changes a label, refuses a length that is none at its field, and the source view follows', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/beheer/flows/voorbeeld-widgets');
  await page.getByLabel('E-mailadres').fill(ADMIN.email);
  await page.getByLabel('Wachtwoord').fill(ADMIN.password);
  await page.getByLabel('Wachtwoord').press('Enter');
  const leftOver = page.getByRole('button', { name: 'Concept verwijderen' });
  await expect(page.getByRole('heading', { level: 2, name: 'Concept' })).toBeVisible();
  if (await leftOver.isVisible()) await deleteDraft(page);
  await page.getByRole('button', { name: 'Concept starten' }).press('Enter');
  await expect(page.getByRole('tab', { name: 'Velden', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);

  // The group is named by the label (the field's data key is only in its details).
  const field = page.getByRole('group', { name: 'Toelichting', exact: true });
  await field.getByLabel('Label').fill('Uw toelichting');
  const edited = page.getByRole('group', { name: 'Uw toelichting', exact: true });
  await expect(edited).toBeVisible();
  // A length that can be no length is refused at its box, and nothing is written.
  await edited.getByLabel('Maximale lengte').fill('-1');
  await expect(edited.locator('.utrecht-form-field-error-message')).toHaveText('Fout: Vul een geheel getal van 0 of meer in, bijvoorbeeld 10.');
  await expectAccessible(page);

  await edited.getByLabel('Maximale lengte').fill('500');
  await page.getByRole('button', { name: 'Nu opslaan' }).press('Enter');
  await expect(page.getByText('Geen fouten')).toBeVisible();
  await expect(page.getByText(/^Alle \d+ geslaagd$/)).toBeVisible();

  // The source view shows the same draft, and the keyboard moves between the views.
  await page.getByRole('tab', { name: 'Velden', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Broncode' })).toHaveAttribute('aria-selected', 'true');
  expect(await sourceText(page, page.getByRole('textbox', { name: 'Broncode (JSON)' }))).toContain('"title": "Uw toelichting"');
  await expectAccessible(page);
  await deleteDraft(page);
});

test('a beheerder adds an account; its holder turns on the verification code and is asked for it', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `redacteur-${Date.now()}@example.nl`;
  await page.goto('/beheer/accounts');
  await page.getByLabel('E-mailadres').fill(ADMIN.email);
  await page.getByLabel('Wachtwoord').fill(ADMIN.password);
  await page.getByLabel('Wachtwoord').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Accounts' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Account toevoegen' }).press('Enter');
  await expect(page.getByText("Het veld 'Rollen' is niet ingevuld.")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill('een-lang-wachtwoord');
  await page
    .getByRole('group', { name: 'Rollen', exact: true })
    .getByLabel(/^Redacteur/)
    .check();
  await page.getByRole('button', { name: 'Account toevoegen' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Het account ${email} is aangemaakt.` })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: email })).toBeVisible();

  // Other roles for it (a spare account is removed after a confirmation).
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: email }) });
  const roles = row.locator('summary').filter({ hasText: 'Rollen wijzigen' });
  await roles.focus();
  await roles.press('Enter');
  await row
    .getByRole('group', { name: `Rollen van ${email}` })
    .getByLabel('Publicist')
    .check();
  await row.getByRole('button', { name: `Rollen opslaan van ${email}` }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `De rollen van ${email} zijn gewijzigd.` })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Redacteur, Publicist' })).toBeVisible();
  const spare = `reserve-${Date.now()}@example.nl`;
  await page.getByLabel('E-mailadres').fill(spare);
  await page.getByLabel('Wachtwoord').fill('een-lang-wachtwoord');
  await page
    .getByRole('group', { name: 'Rollen', exact: true })
    .getByLabel(/^Redacteur/)
    .check();
  await page.getByRole('button', { name: 'Account toevoegen' }).press('Enter');
  await page.getByRole('button', { name: `Verwijderen ${spare}` }).press('Enter');
  await expectAccessible(page);
  await page
    .getByRole('group', { name: `Account ${spare} verwijderen` })
    .getByRole('button', { name: 'Ja, verwijderen' })
    .press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Het account ${spare} is verwijderd.` })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: spare })).toHaveCount(0);

  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await page.getByRole('dialog', { name: 'Uitloggen' }).getByRole('button', { name: 'Uitloggen' }).click();
  // The sign-in form of the page after signing out, not the one still shown while that is under way.
  await expect(page.getByRole('status').filter({ hasText: 'U bent uitgelogd.' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill('een-lang-wachtwoord');
  await page.getByLabel('Wachtwoord').press('Enter');
  await expect(page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Accounts' })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Mijn account' }).click();
  await page.getByRole('button', { name: 'Verificatiecode instellen' }).press('Enter');
  const secret = (await page.locator('.beheer-secret').innerText()).replace(/\s+/g, '');
  await page.getByLabel('Verificatiecode').fill('000000');
  await page.getByRole('button', { name: 'Bevestigen' }).press('Enter');
  await expect(page.getByText('De verificatiecode is onjuist.')).toBeVisible();
  await expectAccessible(page);
  const confirmedAt = Math.floor(Date.now() / 1000);
  await page.getByLabel('Verificatiecode').fill(await generate({ secret, epoch: confirmedAt }));
  await page.getByRole('button', { name: 'Bevestigen' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'De verificatiecode staat aan.' })).toBeVisible();

  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await page.getByRole('dialog', { name: 'Uitloggen' }).getByRole('button', { name: 'Uitloggen' }).click();
  // The sign-in form of the page after signing out, not the one still shown while that is under way.
  await expect(page.getByRole('status').filter({ hasText: 'U bent uitgelogd.' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill('een-lang-wachtwoord');
  await page.getByLabel('Wachtwoord').press('Enter');
  // Without the code the answer is that of a wrong password.
  await expect(page.getByRole('alert').filter({ hasText: 'Het e-mailadres, het wachtwoord of de verificatiecode is onjuist.' })).toBeFocused();
  await expectAccessible(page);
  // A code works once: the next step's, as the one that confirmed is used.
  await page.getByLabel('Verificatiecode').fill(await generate({ secret, epoch: confirmedAt + 30 }));
  await page.getByLabel('Verificatiecode').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn account' })).toBeVisible();
});

test('the feedback page: ratings per page and month with their average, a period checked, comments for a beheerder', async ({ page }) => {
  await page.goto('/home');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const device = {
    userAgent: 'e2e',
    os: 'Linux',
    os_version: '6',
    browser: 'Chromium',
    browser_version: '130',
    device: 'pc',
    deviceType: 'desktop',
    orientation: 'landscape',
  };
  const sent = await page.request.post('/api/useropinion', {
    headers: { 'X-XSRF-TOKEN': token },
    data: { rating: 4, comment: 'Heel duidelijk', url: '/beheer-e2e-pagina', device },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await page.goto('/beheer/feedback');
  await page.getByLabel('E-mailadres').fill(ADMIN.email);
  await page.getByLabel('Wachtwoord').fill(ADMIN.password);
  await page.getByLabel('Wachtwoord').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '/beheer-e2e-pagina' }) });
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80');
  await expect(page.getByText('Heel duidelijk')).toBeVisible();
  await expectAccessible(page);

  const period = page.getByRole('group', { name: 'Periode' });
  await period.getByLabel('Van').fill('2026-02-01');
  await period.getByLabel('t/m').fill('2026-01-31');
  await expect(page.getByText('De einddatum mag niet voor de begindatum liggen.')).toBeVisible();
  await expectAccessible(page);
  await period.getByLabel('Van').fill('2020-01-01');
  await period.getByLabel('t/m').fill('2020-12-31');
  await page.getByRole('button', { name: 'Toon' }).press('Enter');
  await expect(page.getByText('Geen beoordelingen van 2020-01-01 t/m 2020-12-31.')).toBeVisible();
  await expect(page.getByText('Geen opmerkingen in deze periode.')).toBeVisible();
});

test('a version downloaded as a file comes back as the draft; versions and the draft compared in words', async ({ page }) => {
  test.setTimeout(120_000);
  const flow = 'aanleveren-pkcs-10-bestand';
  await page.goto(`/beheer/flows/${flow}`);
  await page.getByLabel('E-mailadres').fill(ADMIN.email);
  await page.getByLabel('Wachtwoord').fill(ADMIN.password);
  await page.getByLabel('Wachtwoord').press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Concept' })).toBeVisible();
  const leftOver = page.getByRole('button', { name: 'Concept verwijderen' });
  if (await leftOver.isVisible()) await deleteDraft(page);
  await expect(page.getByRole('button', { name: 'Concept starten' })).toBeVisible();

  // The file of version 1, with a step title changed as someone did offline.
  const file = (await (await page.request.get(`/api/beheer/flows/${flow}/versies/1/bestand`)).json()) as { document: string; english?: string };
  const document = JSON.parse(file.document) as { steps: { title: string }[] };
  const before = document.steps[0].title;
  document.steps[0].title = 'Certificaatverzoek aanleveren';
  const changed = JSON.stringify({ ...file, document: JSON.stringify(document, null, 2) });
  const part = page.locator('summary').filter({ hasText: 'Bestand importeren als concept' });
  await part.focus();
  await part.press('Enter');
  await page.getByRole('button', { name: 'Importeren' }).press('Enter');
  await expect(page.getByText("Het veld 'Bestand' is niet ingevuld.")).toBeVisible();
  await expectAccessible(page);
  await page
    .getByLabel('Bestand', { exact: true })
    .setInputFiles({ name: `${flow}-versie-1.json`, mimeType: 'application/json', buffer: Buffer.from(changed) });
  await page.getByRole('button', { name: 'Importeren' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Bestand geïmporteerd als concept en gecontroleerd.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Geschiedenis' }).getByText('Geïmporteerd als concept').first()).toBeVisible();

  // The draft against the published version, in words; then the comparison section.
  await page.getByRole('tab', { name: 'Wijzigingen' }).press('Enter');
  await expect(page.getByRole('list', { name: 'Wijzigingen in het concept' })).toContainText(
    `Titel van stap 1 gewijzigd van ‘${before}’ naar ‘Certificaatverzoek aanleveren’.`,
  );
  await page.getByLabel('Van', { exact: true }).selectOption({ label: 'Versie 1 (in gebruik)' });
  await page.getByLabel('Naar', { exact: true }).selectOption({ label: 'Concept' });
  await page.getByRole('button', { name: 'Vergelijken' }).press('Enter');
  await expect(page.getByRole('list', { name: 'Verschillen van versie 1 naar concept' })).toContainText('Certificaatverzoek aanleveren');
  await expectAccessible(page);
  await deleteDraft(page);
});
