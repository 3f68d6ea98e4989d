/**
 * An administrator's day in the back office, by keyboard, on a server of its own with the four-eyes
 * rule and two-minute sessions: the choices of 'Hoe wilt u zich identificeren?' are reordered and one
 * is added, a block is inserted on the confirmation page, a minimum length above the maximum is
 * refused at its field in a sentence, a label changes without any test case failing, leaving with
 * unsaved edits asks first; a second person approves and publishes, and an applicant reading English
 * stores the value of the option they read (and gets the English of every block beside the new
 * one). In another flow a field that a rule and the printed form's signer read is removed with its
 * uses and the draft has no findings; a step and a choice question with its own options are added;
 * typing for longer than the session keeps it (on the browser's clock, which the typing moves on:
 * support.ts `typeOnClock`). Last, a rollback is asked for with a note and goes through the second
 * person. axe on the screens and dialogs met.
 */
import type { Locator, Page } from '@playwright/test';
import { makeRsaCsr } from '../helpers/openssl';
import { ownPort, startOwnServer, type OwnServer } from './ownServer';
import { expect, expectAccessible, expectSessionKept, holdSaves, test, typeOnClock } from './support';

const port = ownPort(12);
const CERTIFICATE = 'aanvraag-servercertificaat';
const PASS = 'aanvraag-zorgverlenerpas';
const ADMIN = { email: 'beheer@example.nl', password: 'proef-wachtwoord-123' };
const SECOND = { email: 'publicist@example.nl', password: 'een-lang-wachtwoord' };
const DOMAIN = 'www.zorginstelling-oost.nl';
let server: OwnServer;

test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  server = await startOwnServer(port, {
    BEHEER_ADMIN_EMAIL: ADMIN.email,
    BEHEER_ADMIN_PASSWORD: ADMIN.password,
    BEHEER_VIER_OGEN: 'true',
    BEHEER_VIER_OGEN_ACCOUNT_DAGEN: '0',
    BEHEER_SESSIE_MINUTEN: '2',
    // A 2048-bit request is made in a moment; the policy of production is not what this story is about.
    CSR_ALLOWED_KEY_BITS: '2048,4096',
  });
});
test.afterAll(async () => server?.close());

async function signIn(page: Page, who: { email: string; password: string }, path: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-mailadres').fill(who.email);
  await page.getByLabel('Wachtwoord').fill(who.password);
  await page.getByLabel('Wachtwoord').press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Concept' })).toBeVisible();
}

const bar = (page: Page) => page.getByRole('region', { name: 'Acties voor het concept' });
/** A field's group in the structured editor, by its label. */
const field = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

async function startDraft(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Concept starten' }).press('Enter');
  await expect(bar(page)).toBeVisible();
}

/** Opens a folded part by keyboard. */
async function unfold(within: Locator, summary: string | RegExp): Promise<void> {
  const part = within.locator('summary').filter({ hasText: summary });
  await part.focus();
  await part.press('Enter');
}

async function saveNow(page: Page): Promise<void> {
  await bar(page).getByRole('button', { name: 'Nu opslaan' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Concept opgeslagen en gecontroleerd.' })).toBeVisible();
}

async function addPublicist(page: Page): Promise<void> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const created = await page.request.post('/api/beheer/accounts', {
    headers: { 'X-XSRF-TOKEN': token },
    data: { email: SECOND.email, wachtwoord: SECOND.password, rollen: ['publicist'] },
  });
  expect(created.status()).toBe(201);
}

/** The second person approves the draft and publishes it with a note. */
async function approveAndPublish(reviewer: Page, flow: string, note: string): Promise<void> {
  await reviewer.goto(`/beheer/flows/${flow}`);
  await bar(reviewer).getByRole('button', { name: 'Goedkeuren' }).press('Enter');
  await expect(reviewer.getByRole('status').filter({ hasText: 'Concept goedgekeurd.' })).toBeVisible();
  await bar(reviewer).getByRole('button', { name: 'Publiceren' }).press('Enter');
  const publishing = reviewer.getByRole('dialog', { name: 'Concept publiceren' });
  await publishing.getByLabel('Toelichting').fill(note);
  await publishing.getByRole('button', { name: 'Publiceren' }).press('Enter');
  await expect(
    reviewer
      .getByRole('status')
      .filter({ hasText: /Versie \d+ is gepubliceerd/ })
      .first(),
  ).toBeVisible();
}

test('an administrator changes two flows without the JSON view, safely, and applicants get what they read', async ({ page, browser }) => {
  test.setTimeout(600_000);
  // The browser's clock runs as the real one until the typing moves it on.
  await page.clock.install();
  await signIn(page, ADMIN, `/beheer/flows/${CERTIFICATE}`);
  await addPublicist(page);
  await startDraft(page);

  // The choices of 'Hoe wilt u zich identificeren?': the second moves up, a third is added.
  const identify = field(page, 'Hoe wilt u zich identificeren?');
  await unfold(identify, /^Keuzes/);
  await identify.getByRole('button', { name: 'Omhoog ‘Met een elektronische handtekening’' }).press('Enter');
  await identify.getByRole('button', { name: '+ Keuze toevoegen' }).press('Enter');
  await expect(identify.getByLabel('Tekst van keuze 3')).toBeFocused();
  await page.keyboard.type('Met een pas van de zorginstelling');
  // The value made for it (2) is the one a repository test case uses as a value that is no choice: 3 instead.
  await identify.getByLabel('Waarde van keuze 3').fill('3');
  await expect(identify.getByLabel('Tekst van keuze 1')).toHaveValue('Met een elektronische handtekening');
  await expectAccessible(page, 'de keuzes van een veld');

  // A minimum length above the maximum: refused at the box, and by the check in a sentence at the field.
  const name = field(page, 'Naam abonnee');
  await name.getByLabel('Minimale lengte').fill('50');
  await name.getByLabel('Maximale lengte').fill('10');
  await expect(name.getByText('Minimale lengte (50) is groter dan maximale lengte (10).')).toBeVisible();
  await saveNow(page);
  await expect(
    name.getByText('Minimale lengte (50) is groter dan Maximale lengte (10) bij ‘Naam abonnee’ (stap ‘Uw gegevens’); niemand kan dit veld invullen.'),
  ).toBeVisible();
  await expect(bar(page)).toContainText('Publiceren kan nog niet: 1 fout in het concept');
  await expectAccessible(page, 'een onmogelijk veld geweigerd');
  await name.getByLabel('Minimale lengte').fill('');
  await name.getByLabel('Maximale lengte').fill('');

  // A label changes: no test case of the repository is about its wording.
  await field(page, 'Geboortedatum').getByLabel('Label', { exact: true }).fill('Uw geboortedatum');

  // A block on the confirmation page, at the start.
  await page.getByRole('tab', { name: 'Flow en bevestiging' }).press('Enter');
  const pages = page.getByRole('tabpanel', { name: 'Flow en bevestiging' });
  const confirmation = pages.locator('details').filter({ has: page.locator('summary', { hasText: /^Bevestigingspagina/ }) });
  await confirmation.getByLabel('Soort blok').selectOption({ label: 'Alinea' });
  await confirmation.getByLabel('Plaats').selectOption({ label: 'Aan het begin' });
  await confirmation.getByRole('button', { name: 'Blok toevoegen aan Tekst van de bevestigingspagina' }).press('Enter');
  const paragraph = confirmation.getByRole('group', { name: 'Alinea toevoegen' });
  await paragraph.getByLabel('Tekst', { exact: true }).fill('Bewaar dit kenmerk goed.');
  await paragraph.getByRole('button', { name: 'Toevoegen' }).press('Enter');
  await expect(confirmation.getByRole('list', { name: 'Blokken van Tekst van de bevestigingspagina' }).getByRole('listitem').first()).toContainText(
    'Bewaar dit kenmerk goed.',
  );

  // Leaving with unsaved edits asks first; 'Blijven' keeps them. (The save is held, so it is still unsaved.)
  await page.getByRole('tab', { name: 'Uw gegevens', exact: true }).press('Enter');
  const saves = await holdSaves(page, CERTIFICATE);
  await field(page, 'Uw geboortedatum').getByLabel('Helptekst', { exact: true }).fill('Zoals in uw paspoort');
  const flows = page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Flows' });
  await flows.focus();
  await flows.press('Enter');
  const leave = page.getByRole('dialog', { name: 'U heeft wijzigingen die nog niet zijn opgeslagen' });
  await expect(leave).toBeVisible();
  await expectAccessible(page, 'de vraag bij vertrekken');
  await leave.getByRole('button', { name: 'Blijven' }).press('Enter');
  await expect(leave).toHaveCount(0);
  await expect(field(page, 'Uw geboortedatum').getByLabel('Helptekst', { exact: true })).toHaveValue('Zoals in uw paspoort');
  await saves.release();

  // Saved and checked: no findings, and every test case passes with the new label.
  await saveNow(page);
  await expect(page.getByText('Geen fouten')).toBeVisible();
  await expect(page.getByText(/^Alle \d+ geslaagd$/)).toBeVisible();

  // The second person approves and publishes.
  const secondContext = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  let reviewer = await secondContext.newPage();
  await signIn(reviewer, SECOND, `/beheer/flows/${CERTIFICATE}`);
  await approveAndPublish(reviewer, CERTIFICATE, 'Keuze toegevoegd, volgorde aangepast, tekst op de bevestiging');

  // An applicant reading English: each option's English with its own value, stored as read.
  const englishContext = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  await englishContext.addCookies([{ name: 'portal_taal', value: 'en', url: `http://127.0.0.1:${port}` }]);
  const applicant = await englishContext.newPage();
  await applicant.goto(`/zovar/${CERTIFICATE}/stap1`);
  // The questions after the first show once it is answered.
  await applicant
    .getByRole('group', { name: /Is your organisation already a ZOVAR subscriber\?/ })
    .getByRole('radio', { name: 'No' })
    .check();
  const options = applicant.getByRole('radiogroup', { name: /How would you like to identify yourself\?/ }).getByRole('radio');
  await expect(options).toHaveCount(3);
  await expect(applicant.getByRole('radiogroup', { name: /How would you like to identify yourself\?/ }).locator('label')).toHaveText([
    'With an electronic signature',
    'Through the card issuing organisation',
    'Met een pas van de zorginstelling',
  ]);
  // The new option has no English yet: it is shown in Dutch, marked as Dutch.
  await expect(applicant.getByText('Met een pas van de zorginstelling')).toHaveAttribute('lang', 'nl');
  await applicant.locator('#uwGegevens_abonneeNaam').fill('Zorginstelling Oost');
  await applicant.locator('#uwGegevens_aanvragerGeboortedatum').fill('02-11-1981');
  await applicant.locator('#uwGegevens_aanvragerGeboortenaam').fill('Jansen');
  await applicant.locator('#uwGegevens_aanvragerVoornamen').fill('Pieter');
  await applicant.locator('#uwGegevens_aanvragerTelefoonnummer').fill('0612345678');
  await applicant.locator('#uwGegevens_aanvragerEmailadres').fill('p.jansen@zorginstelling-oost.nl');
  await applicant.getByRole('radio', { name: 'Through the card issuing organisation' }).check();
  await applicant.getByRole('button', { name: 'Next' }).click();
  await expect(applicant).toHaveURL(/stap2$/);
  await applicant.getByLabel('Full domain name').fill(DOMAIN);
  await applicant
    .locator('#certificateSigningRequest_pkcs10Bestand')
    .setInputFiles({ name: 'server.csr', mimeType: 'application/pkcs10', buffer: makeRsaCsr(2048, { cn: DOMAIN }) });
  await expect(applicant.getByRole('listitem').filter({ hasText: 'server.csr' })).toBeVisible();
  await applicant.getByRole('button', { name: 'Next' }).click();
  await expect(applicant).toHaveURL(/stap3$/);
  await applicant.getByRole('button', { name: 'Confirm details' }).click();
  const received = applicant.getByText(/We have received your application under reference/);
  await expect(received).toBeVisible();
  // The block inserted before the others is Dutch (no English yet); every later block keeps its own English.
  await expect(applicant.getByText('Bewaar dit kenmerk goed.')).toHaveAttribute('lang', 'nl');
  await expect(applicant.getByText('Download, print and sign the application form')).toBeVisible();
  await expectAccessible(applicant, 'de Engelse bevestiging');
  const kenmerk = (await received.textContent())?.match(/[0-9A-Z]{4}(-[0-9A-Z]{4}){3}/)?.[0];
  const record = await (await server.storage()).getSubmission(kenmerk!);
  expect((record?.data as { uwGegevens: Record<string, unknown> }).uwGegevens.aanvragerIdentificeren).toBe(0);
  await englishContext.close();

  // In the pass flow: a field that rules and the printed form's signers read goes with its uses.
  await page.goto(`/beheer/flows/${PASS}`);
  await startDraft(page);
  const who = field(page, 'Wie vraagt de pas aan?');
  await who.getByRole('button', { name: 'Veld verwijderen Wie vraagt de pas aan?' }).press('Enter');
  const removing = page.getByRole('dialog', { name: 'Veld ‘Wie vraagt de pas aan?’ verwijderen' });
  await expect(removing.getByRole('checkbox', { name: 'Ondertekenaar ‘Wettelijk vertegenwoordiger’ op het formulier' })).toBeChecked();
  await expect(removing.getByRole('checkbox', { name: /^De regel ‘Wanneer tonen’ van ‘Voornamen \{aanvrager\}’/ })).toBeChecked();
  await expectAccessible(page, 'de vraag voor het verwijderen van een veld');
  await removing.getByRole('button', { name: 'Veld verwijderen' }).press('Enter');
  await expect(who).toHaveCount(0);

  // A step and a choice question with its own options.
  const firstStep = (await page.getByRole('tablist', { name: 'Stappen' }).getByRole('tab').first().textContent()) ?? '';
  await page.getByRole('button', { name: `Stap toevoegen na ${firstStep}` }).press('Enter');
  const adding = page.getByRole('dialog', { name: 'Stap toevoegen' });
  await adding.getByLabel('Titel van de stap').fill('Uw werkplek');
  await adding.getByLabel('Titel van de stap').press('Enter');
  await expect(page.getByRole('tab', { name: 'Uw werkplek' })).toHaveAttribute('aria-selected', 'true');
  const question = page.getByRole('group', { name: "Eigen vraag toevoegen aan 'Uw werkplek'" });
  const kind = question.getByRole('radio', { name: 'Keuze uit eigen opties' });
  await kind.focus();
  await kind.press('Space');
  await question.getByRole('textbox', { name: 'Vraag' }).fill('Waar werkt u?');
  await question.getByRole('textbox', { name: 'Tekst van optie 1' }).fill('Ziekenhuis');
  await question.getByRole('textbox', { name: 'Tekst van optie 2' }).fill('Huisartsenpraktijk');
  await question.getByRole('button', { name: 'Vraag toevoegen' }).press('Enter');
  await expect(field(page, 'Waar werkt u?')).toBeVisible();

  // Typing for longer than the two-minute session (a character a second on the browser's clock)
  // keeps the session, and what is typed is saved.
  const help = field(page, 'Waar werkt u?').getByLabel('Helptekst', { exact: true });
  await help.focus();
  const typed = 'De plaats waar u het grootste deel van uw werk doet, zoals die in uw arbeidsovereenkomst staat, met de afdeling erbij als u die weet';
  const extended = await typeOnClock(page, typed, 1000);
  expect(typed.length * 1000).toBeGreaterThan(120_000);
  await expect(help).toHaveValue(typed);
  expectSessionKept(extended, typed.length * 1000);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect((await page.request.get('/api/beheer/sessie')).status()).toBe(200);
  await saveNow(page);
  await expect(page.getByText('Geen fouten')).toBeVisible();
  // What is left are warnings only: the new texts have no English yet, which does not hold up a Dutch change.
  await expect(page.locator('.beheer-findings li').filter({ hasText: /^Fout/ })).toHaveCount(0);
  await expectAccessible(page, 'de pas-flow na verwijderen en toevoegen');

  // Rolled back through the second person, with a note (signed in again, in a browser of their own).
  await secondContext.close();
  const rollbackContext = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  reviewer = await rollbackContext.newPage();
  await signIn(reviewer, SECOND, `/beheer/flows/${CERTIFICATE}`);
  await reviewer.getByRole('button', { name: 'Terugzetten naar versie 1' }).press('Enter');
  const rollback = reviewer.getByRole('dialog', { name: 'Terugzetten naar versie 1' });
  await expect(rollback.getByRole('list', { name: 'Wijzigingen bij terugzetten naar versie 1' })).toContainText('Uw geboortedatum');
  await rollback.getByLabel('Toelichting').fill('De nieuwe keuze is nog niet geregeld');
  await expectAccessible(reviewer, 'de vraag bij terugzetten');
  await rollback.getByRole('button', { name: 'Terugzetten' }).press('Enter');
  await expect(
    reviewer.getByRole('status').filter({ hasText: 'Terugzetten naar versie 1 staat klaar als concept en wacht op goedkeuring door een tweede persoon.' }),
  ).toBeVisible();
  const live = async () => (await (await page.request.get(`/api/flows/${CERTIFICATE}`)).json()) as { version: number };
  expect((await live()).version).toBe(2);
  await page.goto(`/beheer/flows/${CERTIFICATE}`);
  await bar(page).getByRole('button', { name: 'Goedkeuren' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Concept goedgekeurd.' })).toBeVisible();
  await bar(page).getByRole('button', { name: 'Publiceren' }).press('Enter');
  const publishing = page.getByRole('dialog', { name: 'Concept publiceren' });
  await expect(publishing.getByLabel('Toelichting')).toHaveValue('De nieuwe keuze is nog niet geregeld');
  await publishing.getByRole('button', { name: 'Publiceren' }).press('Enter');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Versie 3 is gepubliceerd/ })
      .first(),
  ).toBeVisible();
  expect((await live()).version).toBe(3);
  await rollbackContext.close();
});
