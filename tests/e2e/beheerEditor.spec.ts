/**
 * The structured editor covers the common work, by keyboard, on a server of its own: an
 * administrator adds a step (its title asked in a dialog), adds a choice question with its own
 * options to it, moves a field from another step into it, sets a length on a field built on a shared
 * definition ('-1' refused at its box), makes a word bold and a link in a step's introduction from
 * the rich-text toolbar, adds an alert and a link block to the new step's introduction (each time a
 * `javascript:` link refused at its box), is asked before a step would be removed, saves without
 * errors, and the preview shows all of it to an applicant: the length checked, the bold word, the
 * links, the alert, the choice and the moved field in the new step. axe on every new part: the
 * dialogs, the question form, the limits, the link's address, the blocks and the preview.
 */
import type { Locator, Page } from '@playwright/test';
import { ownPort, startOwnServer, type OwnServer } from './ownServer';
import { expect, expectAccessible, test } from './support';

const port = ownPort(7);
const FLOW = 'aanleveren-documenten';
const ADMIN = { email: 'beheer@example.nl', password: 'proef-wachtwoord-123' };
let server: OwnServer;

test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  server = await startOwnServer(port, { BEHEER_ADMIN_EMAIL: ADMIN.email, BEHEER_ADMIN_PASSWORD: ADMIN.password });
});
test.afterAll(async () => server?.close());

/** Opens a folded part by keyboard. */
async function unfold(within: Locator, summary: string | RegExp): Promise<void> {
  const part = within.locator('summary').filter({ hasText: summary });
  await part.focus();
  await part.press('Enter');
}

/** Chooses a radio button by keyboard. */
async function choose(radio: Locator): Promise<void> {
  await radio.focus();
  await radio.press('Space');
  await expect(radio).toBeChecked();
}

/** A field's group in the structured editor, by its label. */
const fieldGroup = (page: Page, label: string) => page.getByRole('group', { name: new RegExp(`^${label}( |$)`) });

test('an administrator adds a step, a choice question, moves a field, sets a length, adds an alert and a link; the preview shows them', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto(`/beheer/flows/${FLOW}`);
  await page.getByLabel('E-mailadres').fill(ADMIN.email);
  await page.getByLabel('Wachtwoord').fill(ADMIN.password);
  await page.getByLabel('Wachtwoord').press('Enter');
  await page.getByRole('button', { name: 'Concept starten' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Concept gestart.' })).toBeVisible();

  // A step after 'Uw gegevens', its title asked in a dialog; the editor goes to its tab.
  await page.getByRole('button', { name: 'Stap toevoegen na Uw gegevens' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Stap toevoegen' });
  const title = dialog.getByLabel('Titel van de stap');
  await expect(title).toBeFocused();
  await expectAccessible(page, 'de vraag naar de titel van een nieuwe stap');
  await title.fill('Uw organisatie');
  await title.press('Enter');
  const newTab = page.getByRole('tab', { name: 'Uw organisatie' });
  await expect(newTab).toHaveAttribute('aria-selected', 'true');
  await expect(newTab).toBeFocused();

  // A choice question with its own options: values made from their texts.
  const question = page.getByRole('group', { name: "Eigen vraag toevoegen aan 'Uw organisatie'" });
  await choose(question.getByRole('radio', { name: 'Keuze uit eigen opties' }));
  await question.getByRole('textbox', { name: 'Vraag' }).fill('Soort organisatie');
  await question.getByRole('textbox', { name: 'Tekst van optie 1' }).fill('Ziekenhuis');
  await question.getByRole('textbox', { name: 'Tekst van optie 2' }).fill('Huisartsenpraktijk');
  await expect(question.getByRole('textbox', { name: 'Waarde van optie 2' })).toHaveValue('huisartsenpraktijk');
  await question.getByRole('checkbox', { name: 'Verplicht' }).press('Space');
  await expectAccessible(page, 'een eigen vraag met opties');
  await question.getByRole('button', { name: 'Vraag toevoegen' }).press('Enter');
  await expect(fieldGroup(page, 'Soort organisatie')).toBeVisible();

  // A field of 'Uw gegevens' moves into the new step.
  await page.getByRole('tab', { name: 'Uw gegevens' }).press('Enter');
  await fieldGroup(page, 'Abonneenummer').getByRole('button', { name: 'Naar een andere stap Abonneenummer' }).press('Enter');
  const move = page.getByRole('dialog', { name: 'Veld ‘Abonneenummer’ naar een andere stap' });
  await expect(move.getByLabel('Naar stap')).toBeFocused();
  await move.getByLabel('Naar stap').selectOption({ label: 'Stap 2: Uw organisatie' });
  await expectAccessible(page, 'het verplaatsen van een veld');
  await move.getByRole('button', { name: 'Verplaatsen' }).press('Enter');
  await expect(newTab).toHaveAttribute('aria-selected', 'true');
  await expect(fieldGroup(page, 'Abonneenummer')).toBeVisible();

  // A length on a field built on a shared definition: '-1' is refused at its box, 20 is written.
  await page.getByRole('tab', { name: 'Uw gegevens' }).press('Enter');
  const name = fieldGroup(page, 'Naam abonnee');
  await expect(name.getByText('Uit de gedeelde definitie: 625 tekens. Leeg: die waarde geldt.')).toBeVisible();
  await name.getByLabel('Maximale lengte').fill('-1');
  await expect(name.getByText('Vul een geheel getal van 0 of meer in, bijvoorbeeld 10.')).toBeVisible();
  await expect(name.getByLabel('Maximale lengte')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'een lengte die geen lengte is');
  await name.getByLabel('Maximale lengte').fill('20');
  await expect(name.getByText('Vul een geheel getal van 0 of meer in, bijvoorbeeld 10.')).toHaveCount(0);

  // In the rich text of the step's introduction: a bold word and a link, made from the toolbar by keyboard.
  const intro = page.getByRole('textbox', { name: "Inleiding van 'Uw gegevens'" });
  await intro.focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Lees eerst de uitleg.');
  await page.keyboard.press('ArrowLeft');
  for (let step = 0; step < 'uitleg'.length; step += 1) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+Tab');
  const toolbar = page.getByRole('toolbar', { name: 'Opmaak' }).first();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'Link' })).toBeFocused();
  await page.keyboard.press('Enter');
  const address = page.getByRole('group', { name: 'Link' }).getByLabel('Adres van de link');
  await expect(address).toBeFocused();
  await address.fill('javascript:alert(1)');
  await address.press('Enter');
  await expect(
    page.getByRole('group', { name: 'Link' }).getByText('Alleen een adres met https://, mailto: of een adres binnen het portaal (zoals /home) is toegestaan.'),
  ).toBeVisible();
  await expectAccessible(page, 'het adres van een link in de tekst');
  await address.fill('https://www.uziregister.nl/uitleg');
  await address.press('Enter');
  await expect(intro).toBeFocused();
  await expect(intro.getByRole('link', { name: 'uitleg' })).toHaveAttribute('href', 'https://www.uziregister.nl/uitleg');
  await page.keyboard.press('ControlOrMeta+Home');
  for (let step = 0; step < 'Via'.length; step += 1) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ControlOrMeta+b');
  await expect(intro.locator('strong')).toHaveText('Via');

  // An alert and a link in the new step's introduction; a javascript: link is refused.
  await newTab.press('Enter');
  const panel = page.getByRole('tabpanel', { name: 'Uw organisatie' });
  await unfold(panel, 'Inleiding van de stap: geen');
  await panel.getByLabel('Soort blok').first().selectOption({ label: 'Melding' });
  await panel.getByRole('button', { name: "Blok toevoegen aan Inleiding van 'Uw organisatie'" }).press('Enter');
  const alert = panel.getByRole('group', { name: 'Melding toevoegen' });
  await expect(alert.getByLabel('Soort melding')).toBeFocused();
  await alert.getByLabel('Soort melding').selectOption({ label: 'Waarschuwing' });
  await alert.getByLabel('Titel (niet verplicht)').fill('Let op');
  await alert.getByLabel('Tekst', { exact: true }).fill('Vul de gegevens in zoals ze in het KvK-register staan.');
  await expectAccessible(page, 'het formulier van een melding');
  await alert.getByRole('button', { name: 'Toevoegen' }).press('Enter');
  const blockList = panel.getByRole('list', { name: "Blokken van Inleiding van 'Uw organisatie'" });
  await expect(blockList.getByRole('listitem')).toHaveCount(1);
  await expect(blockList.getByRole('listitem').first()).toContainText('Melding (Waarschuwing): ‘Let op’');

  await panel.getByLabel('Soort blok').first().selectOption({ label: 'Link' });
  await panel.getByRole('button', { name: "Blok toevoegen aan Inleiding van 'Uw organisatie'" }).press('Enter');
  const link = panel.getByRole('group', { name: 'Link toevoegen' });
  await link.getByLabel('Tekst', { exact: true }).fill('Documenten digitaal aanleveren');
  await link.getByLabel('Adres').fill('javascript:alert(1)');
  await link.getByRole('button', { name: 'Toevoegen' }).press('Enter');
  await expect(link.getByText('Alleen een adres met https://, mailto: of een adres binnen het portaal (zoals /home) is toegestaan.')).toBeVisible();
  await expect(link.getByLabel('Adres')).toBeFocused();
  await expectAccessible(page, 'een link naar een adres dat niet mag');
  await link.getByLabel('Adres').fill('/uzi/aanleveren-documenten');
  await link.getByRole('button', { name: 'Toevoegen' }).press('Enter');
  await expect(blockList.getByRole('listitem')).toHaveCount(2);
  await expect(blockList.getByRole('listitem').nth(1)).toContainText('Link: ‘Documenten digitaal aanleveren’');
  await expectAccessible(page, 'de blokken van de inleiding');

  // Removing a step asks first, naming what goes with it; the safe answer has the focus.
  const remove = panel.getByRole('button', { name: 'Stap verwijderen Uw organisatie' });
  await remove.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Stap ‘Uw organisatie’ verwijderen' });
  await expect(ask).toContainText('Soort organisatie');
  await expect(ask.getByRole('button', { name: 'Annuleren' })).toBeFocused();
  await expectAccessible(page, 'de vraag of een stap weg mag');
  await page.keyboard.press('Escape');
  await expect(remove).toBeFocused();

  // Saved: the check finds no errors.
  await page.getByRole('button', { name: 'Nu opslaan' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Concept opgeslagen en gecontroleerd.' })).toBeVisible();
  await expect(page.getByText('Geen fouten')).toBeVisible();

  // The preview is the real form with the draft's checks.
  await page.getByRole('link', { name: 'Voorbeeld bekijken' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Voorbeeld: Aanleveren documenten' })).toBeVisible();
  await expect(page.getByLabel('Abonneenummer')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'uitleg' })).toHaveAttribute('href', 'https://www.uziregister.nl/uitleg');
  await expect(page.locator('main strong', { hasText: 'Via' })).toBeVisible();
  await page.getByLabel('Naam abonnee').fill('Zorggroep West-Brabant en Omstreken');
  await page.getByLabel('Naam contactpersoon').fill('Anouk de Vries');
  await page.getByLabel('E-mailadres contactpersoon').fill('anouk@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).press('Enter');
  await expect(page.getByText("Het veld 'Naam abonnee' is ongeldig. Er mogen maximaal 20 tekens ingevuld worden.").first()).toBeVisible();
  await page.getByLabel('Naam abonnee').fill('Zorggroep West');
  await page.getByRole('button', { name: 'Volgende' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Stap 2: Uw organisatie' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Waarschuwing: Let op' })).toBeVisible();
  await expect(page.getByText('Vul de gegevens in zoals ze in het KvK-register staan.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Documenten digitaal aanleveren' })).toHaveAttribute('href', '/uzi/aanleveren-documenten');
  const kind = page.getByRole('radiogroup', { name: /Soort organisatie/ });
  await expect(kind.getByRole('radio', { name: 'Ziekenhuis' })).toBeVisible();
  await expect(kind.getByRole('radio', { name: 'Huisartsenpraktijk' })).toBeVisible();
  await expect(page.getByLabel('Abonneenummer')).toBeVisible();
  await expectAccessible(page, 'de nieuwe stap in het voorbeeld');
  await page.getByRole('button', { name: 'Volgende' }).press('Enter');
  await expect(page.getByText("Het veld 'Soort organisatie' is niet ingevuld.").first()).toBeVisible();
});
