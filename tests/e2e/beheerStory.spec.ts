/**
 * The back office as an administrator uses it, on a server of its own with the four-eyes rule, by
 * keyboard: sign in with the first account and add a second; in the structured editor change a
 * label and its message for a missing value, add an optional field from the shared definitions with
 * a rule built in the rule builder, see a deliberately broken length refused at its box and fix it; see
 * the test cases pass with the new label (none is about its wording); read the changes in words; preview the draft and keep what was
 * typed as a test case; the second account approves and publishes; an applicant in a browser of
 * their own gets the new label and field and the field's value is stored; rolled back, the old label
 * returns after a second person approved the rollback. axe on every page, tab and panel touched.
 */
import type { Locator, Page } from '@playwright/test';
import { ownPort, startOwnServer, type OwnServer } from './ownServer';
import { expect, expectAccessible, next, sendDocumentsStep, test } from './support';

const port = ownPort(6);
const FLOW = 'aanleveren-documenten';
const ADMIN = { email: 'beheer@example.nl', password: 'proef-wachtwoord-123' };
const SECOND = { email: 'publicist@example.nl', password: 'een-lang-wachtwoord' };
let server: OwnServer;

test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  server = await startOwnServer(port, {
    BEHEER_ADMIN_EMAIL: ADMIN.email,
    BEHEER_ADMIN_PASSWORD: ADMIN.password,
    BEHEER_VIER_OGEN: 'true',
    BEHEER_VIER_OGEN_ACCOUNT_DAGEN: '0',
  });
});
test.afterAll(async () => server?.close());

async function signIn(page: Page, who: { email: string; password: string }, path = '/beheer'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-mailadres').fill(who.email);
  await page.getByLabel('Wachtwoord').fill(who.password);
  await page.getByLabel('Wachtwoord').press('Enter');
}

/** Opens a folded part of a field (its messages, its rule) by keyboard. */
async function unfold(within: Locator, summary: string): Promise<void> {
  const part = within.locator('summary').filter({ hasText: summary });
  await part.focus();
  await part.press('Enter');
}

async function applicantStepOne(page: Page, label: string): Promise<void> {
  await page.goto(`/uzi/${FLOW}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 1: Uw gegevens');
  await expect(page.getByRole('textbox', { name: label, exact: true })).toBeVisible();
}

test('an administrator changes, tests, previews and publishes a flow with a second person; applicants get it; it is rolled back', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();

  // A second person, for the four-eyes rule.
  await page.getByRole('link', { name: 'Accounts' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill(SECOND.email);
  await page.getByLabel('Wachtwoord').fill(SECOND.password);
  await page
    .getByRole('group', { name: 'Rollen', exact: true })
    .getByLabel(/^Publicist/)
    .check();
  await page.getByRole('button', { name: 'Account toevoegen' }).press('Enter');
  await expect(page.getByRole('rowheader', { name: SECOND.email, exact: true })).toBeVisible();

  await page.goto(`/beheer/flows/${FLOW}`);
  await page.getByRole('button', { name: 'Concept starten' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Concept gestart.' })).toBeVisible();

  // The label and its message for a missing value.
  const name = page.getByRole('group', { name: 'Naam abonnee', exact: true });
  await name.getByLabel('Label', { exact: true }).fill('Naam van de abonnee');
  const renamed = page.getByRole('group', { name: 'Naam van de abonnee', exact: true });
  await unfold(renamed, 'Meldingen');
  await renamed.getByLabel('Eigen melding bij ‘Niet ingevuld’').fill('Vul de naam van de abonnee in.');

  // An optional field from the shared definitions, shown only once a contact person is named.
  const add = page.getByRole('group', { name: "Veld toevoegen aan 'Uw gegevens'" });
  await add.getByRole('combobox', { name: 'Soort veld' }).fill('Telefoon');
  await expect(add.getByRole('option', { name: 'Telefoonnummer' })).toBeVisible();
  await add.getByRole('combobox', { name: 'Soort veld' }).press('ArrowDown');
  await add.getByRole('combobox', { name: 'Soort veld' }).press('Enter');
  await add.getByLabel('Label van het nieuwe veld').fill('Telefoonnummer contactpersoon');
  // Its name in the data is made from the label and shows only in the field's details.
  await expect(add.getByText(/Naam in de gegevens/)).toHaveCount(0);
  await add.getByRole('button', { name: 'Veld toevoegen' }).press('Enter');
  const phone = page.getByRole('group', { name: 'Telefoonnummer contactpersoon', exact: true });
  await expect(phone).toBeVisible();
  await unfold(phone, 'Wanneer tonen');
  await phone.getByRole('button', { name: 'Voorwaarde toevoegen' }).press('Enter');
  await phone.getByLabel('Veld', { exact: true }).selectOption({ label: 'Stap 1 – Naam contactpersoon' });
  await phone.getByLabel('Vergelijking', { exact: true }).selectOption({ label: 'is niet leeg' });
  await expect(phone.getByText('Tonen als Naam contactpersoon is niet leeg')).toBeVisible();
  await expectAccessible(page, 'de velden van stap 1 met de regelbouwer');

  // A deliberately broken value is refused at its box and not written; a good one is.
  await page.getByRole('tab', { name: 'Documenten' }).press('Enter');
  const change = page.getByRole('group', { name: 'Soort wijziging', exact: true });
  await change.getByLabel('Maximale lengte').fill('-1');
  await expect(change.locator('.utrecht-form-field-error-message')).toHaveText('Fout: Vul een geheel getal van 0 of meer in, bijvoorbeeld 10.');
  await expectAccessible(page, 'een melding bij het veld');
  await change.getByLabel('Maximale lengte').fill('200');
  await page.getByRole('button', { name: 'Nu opslaan' }).press('Enter');
  await expect(page.getByText('Geen fouten')).toBeVisible();

  // English beside the Dutch: what is missing or outdated is listed, and translated here.
  await page.getByRole('tab', { name: 'Engelse teksten' }).press('Enter');
  await expect(page.getByText('2 teksten ontbreken, 1 is verouderd.')).toBeVisible();
  await page.getByRole('textbox', { name: /Telefoonnummer contactpersoon › label$/ }).fill('Contact person telephone number');
  await page.getByRole('textbox', { name: /Naam van de abonnee › label$/ }).fill('Name of the subscriber');
  await expect(page.getByText('1 tekst ontbreekt.')).toBeVisible();
  await expectAccessible(page, 'de Engelse teksten');
  await page.getByRole('button', { name: 'Nu opslaan' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Concept opgeslagen en gecontroleerd.' })).toBeVisible();

  // No repository case is about the wording of this label or message: a new label fails none.
  await page.getByRole('tab', { name: 'Testgevallen', exact: true }).press('Enter');
  await expect(page.getByText(/^Alle \d+ geslaagd$/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Nieuwe uitkomst overnemen/ })).toHaveCount(0);
  await expectAccessible(page, 'de testgevallen');

  // The changes in words.
  await page.getByRole('tab', { name: 'Wijzigingen' }).press('Enter');
  const changes = page.getByRole('list', { name: 'Wijzigingen in het concept' });
  await expect(changes).toContainText('Label van veld ‘abonneeNaam’ gewijzigd van ‘Naam abonnee’ naar ‘Naam van de abonnee’.');
  await expect(changes).toContainText('Veld ‘Telefoonnummer contactpersoon’ toegevoegd aan stap ‘Uw gegevens’.');
  await expectAccessible(page, 'de wijzigingen');

  // The preview: the real form with the draft's checks from the server; what is typed becomes a test case.
  await page.getByRole('link', { name: 'Voorbeeld bekijken' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Voorbeeld: Aanleveren documenten' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Naam van de abonnee', exact: true })).toBeVisible();
  await expect(page.getByLabel('Telefoonnummer contactpersoon')).toHaveCount(0);
  await page.getByLabel('Naam contactpersoon').fill('Anouk de Vries');
  await expect(page.getByLabel('Telefoonnummer contactpersoon')).toBeVisible();
  await page.getByRole('button', { name: 'Volgende' }).press('Enter');
  await expect(page.getByText('Vul de naam van de abonnee in.').first()).toBeVisible();
  await expectAccessible(page, 'het voorbeeld');
  await page.getByLabel('Taal van het voorbeeld').selectOption({ label: 'Engels' });
  await expect(page.getByRole('textbox', { name: 'Name of the subscriber', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  await expectAccessible(page, 'het voorbeeld in het Engels');
  await page.getByLabel('Taal van het voorbeeld').selectOption({ label: 'Nederlands' });
  await page.getByLabel('Naam contactpersoon').fill('Anouk de Vries');
  await page.getByLabel('Omschrijving').fill('Alleen de contactpersoon');
  await page.getByRole('button', { name: 'Opslaan als testgeval' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: "Testgeval 'Alleen de contactpersoon' opgeslagen." })).toBeVisible();
  await page.getByRole('navigation', { name: 'kruimelpad' }).getByRole('link', { name: 'Aanleveren documenten' }).press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Concept' })).toBeVisible();
  // Who wrote the draft cannot approve it.
  await expect(page.getByText('Nog niet goedgekeurd door een tweede persoon')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Goedkeuren' })).toHaveCount(0);

  // The second person approves and publishes.
  const second = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const reviewer = await second.newPage();
  await signIn(reviewer, SECOND, `/beheer/flows/${FLOW}`);
  await expect(reviewer.getByRole('heading', { level: 3, name: 'Actie gevraagd: Goedkeuring gevraagd' })).toBeVisible();
  await expectAccessible(reviewer, 'de vraag om goedkeuring');
  await reviewer.getByRole('button', { name: 'Goedkeuren' }).press('Enter');
  await expect(reviewer.getByRole('status').filter({ hasText: 'Concept goedgekeurd.' })).toBeVisible();
  await reviewer.getByRole('button', { name: 'Publiceren' }).press('Enter');
  const dialog = reviewer.getByRole('dialog', { name: 'Concept publiceren' });
  await dialog.getByLabel('Toelichting').fill('Duidelijker label, telefoonnummer erbij');
  await dialog.getByRole('button', { name: 'Publiceren' }).press('Enter');
  await expect(
    reviewer
      .getByRole('status')
      .filter({ hasText: /Versie 2 is gepubliceerd/ })
      .first(),
  ).toBeVisible();
  await expectAccessible(reviewer, 'de flow na publiceren');

  // An applicant gets the new label and the new field; its value is stored with the submission.
  const applicantContext = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const applicant = await applicantContext.newPage();
  await applicantStepOne(applicant, 'Naam van de abonnee');
  await applicant.getByLabel('Naam van de abonnee').fill('Zorggroep West');
  await applicant.getByLabel('Naam contactpersoon').fill('Anouk de Vries');
  await applicant.getByLabel('E-mailadres contactpersoon').fill('anouk@example.nl');
  await applicant.getByLabel('Telefoonnummer contactpersoon').fill('0701234567');
  await next(applicant, 'stap2');
  const kenmerk = await sendDocumentsStep(applicant);
  const record = await (await server.storage()).getSubmission(kenmerk);
  expect((record?.data as { gegevens: Record<string, unknown> }).gegevens.telefoonnummerContactpersoon).toBe('0701234567');
  await applicantContext.close();

  // Rolled back through four eyes: asked for with a note, approved by the first account, published.
  await reviewer.getByRole('button', { name: 'Terugzetten naar versie 1' }).press('Enter');
  const rollback = reviewer.getByRole('dialog', { name: 'Terugzetten naar versie 1' });
  await rollback.getByLabel('Toelichting').fill('Terug naar het oude label');
  await rollback.getByRole('button', { name: 'Terugzetten' }).press('Enter');
  await expect(reviewer.getByRole('status').filter({ hasText: 'Terugzetten naar versie 1 staat klaar als concept' })).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Goedkeuren' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Concept goedgekeurd.' })).toBeVisible();
  await reviewer.reload();
  await reviewer.getByRole('button', { name: 'Publiceren' }).press('Enter');
  await reviewer.getByRole('dialog', { name: 'Concept publiceren' }).getByRole('button', { name: 'Publiceren' }).press('Enter');
  await expect(
    reviewer
      .getByRole('status')
      .filter({ hasText: /Versie 3 is gepubliceerd/ })
      .first(),
  ).toBeVisible();
  const later = await (await browser.newContext({ baseURL: `http://127.0.0.1:${port}` })).newPage();
  await applicantStepOne(later, 'Naam abonnee');
  await expect(later.getByLabel('Telefoonnummer contactpersoon')).toHaveCount(0);
  await later.context().close();
  await second.close();
});
