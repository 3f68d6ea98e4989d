/**
 * The care-provider subscriber registration in Debian Chromium: intro, step 1 (required declarations,
 * postal address), step 2 (authorised applicant), step 3 (assessment data per article of the Wet BIG:
 * profession and specialism, quality register, solo actions, AGB code), review, confirmation and the PDF;
 * and the whole registration by keyboard alone.
 */
import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  expect,
  expectAccessible,
  test,
  answer,
  reviewValue,
  next,
  downloadFromButton,
  downloadedPdfText,
  expectFocusOnContent,
  tabTo,
  typeInto,
  fieldError,
} from './support';

const START = '/uzi/abonneeregistratie-zorgverlener';
const PROMPT = '-- Maak een keuze --';
/** The options of a select without the disabled separator after the top values. */
const CHOICES = 'option:not(.widget-select__separator)';
const AUTHORISED_INFO = 'De gemachtigd aanvrager moet een kopie van een geldig identiteitsbewijs meesturen en het aanvraagformulier mede ondertekenen.';

const baseData = JSON.parse(readFileSync(path.resolve('data/base-data/abonneeregistratie-zorgverlener.json'), 'utf8')) as {
  Machtigingen: { Value: number; Description: string }[];
  BeroepsArtikelen: { Value: number; Description: string }[];
  Beroepstitels: { Value: number; Name: string }[];
  Specialismen: { Value: number; Name: string; AllowedForOptions: number[] }[];
  Kwaliteitsregisters: { Value: number; Description: string }[];
  SolistischeHandelingen: { Value: number; Description: string }[];
};
const articleLabel = (value: number): string => baseData.BeroepsArtikelen.find((item) => item.Value === value)!.Description;
/** The radio of an article of the Wet BIG (scoped: 'Geen van deze' is also a register option). */
function article(page: Page, value: number): Locator {
  return page.getByRole('group', { name: 'Onder welk artikel van de Wet BIG valt uw beroep?' }).getByRole('radio', { name: articleLabel(value), exact: true });
}
const registerLabel = (value: number): string => baseData.Kwaliteitsregisters.find((item) => item.Value === value)!.Description;
/** Specialism option texts for a profession title: 'Geen specialisme' (value 1) on top, then the list order. */
function specialismsFor(title: number): string[] {
  const allowed = baseData.Specialismen.filter((item) => item.AllowedForOptions.includes(title));
  return [...allowed.filter((item) => item.Value === 1), ...allowed.filter((item) => item.Value !== 1)].map((item) => item.Name);
}

async function openStep1(page: Page): Promise<void> {
  await page.goto(START);
  await page.getByRole('button', { name: 'Registratie starten' }).click();
  await expect(page).toHaveURL(/\/uzi\/abonneeregistratie-zorgverlener\/stap1$/);
}

/** Step 1: the care provider Maria Bakker with the visiting address 2511CV 5 (Lange Voorhout, 's-Gravenhage). */
async function fillStep1(page: Page): Promise<void> {
  await page.locator('#gegevensZorgverlener_persoonsgegevens_bsn').fill('111222333');
  await page.locator('#gegevensZorgverlener_persoonsgegevens_geboortedatum').fill('14-03-1970');
  await page.locator('#gegevensZorgverlener_persoonsgegevens_voornamen').fill('Maria');
  await page.locator('#gegevensZorgverlener_persoonsgegevens_geboortenaam').fill('Bakker');
  await page.getByLabel(/Ik geef toestemming om mijn persoonsgegevens te verwerken/).check();
  await page.getByLabel(/Ik verklaar dat ik een solistisch werkende zorgverlener ben/).check();
  await page.locator('#gegevensZorgverlener_bezoekadresGegevens_postcode').fill('2511CV');
  await page.locator('#gegevensZorgverlener_bezoekadresGegevens_huisnummer').fill('5');
  await expect(page.locator('#gegevensZorgverlener_bezoekadresGegevens_straatnaam')).toHaveValue('Lange Voorhout');
  await expect(page.locator('#gegevensZorgverlener_bezoekadresGegevens_woonplaats')).toHaveValue("'s-Gravenhage");
  await page.locator('#gegevensZorgverlener_telefoonNummer').fill('0701234567');
  await page.locator('#gegevensZorgverlener_emailAdres').fill('m.bakker@praktijk.example.nl');
}

/** Steps 1 and 2 (no authorised applicant), ending on step 3. */
async function openStep3(page: Page): Promise<void> {
  await openStep1(page);
  await fillStep1(page);
  await next(page, 'stap2');
  await answer(page, 'Wilt u een gemachtigd aanvrager aanwijzen?', 'Nee').check();
  await next(page, 'stap3');
}

test.describe('Abonneeregistratie zorgverlener', () => {
  test('intro, step 1 declarations and postal address, step 2 authorised applicant', async ({ page }) => {
    await page.goto(START);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abonneeregistratie zorgverlener');
    await expect(page.getByText('Alleen voor solistisch werkende zorgverleners')).toBeVisible();
    await expectAccessible(page, 'intro');
    await page.getByRole('button', { name: 'Registratie starten' }).click();
    await expect(page).toHaveURL(/stap1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 1: Gegevens zorgverlener');
    await expectAccessible(page, 'stap 1');

    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap1$/);
    await expect(fieldError(page, "Het veld 'Toestemming verwerking persoonsgegevens' is niet ingevuld.").first()).toBeVisible();
    await expect(fieldError(page, "Het veld 'Verklaring solistisch werkend zorgverlener' is niet ingevuld.").first()).toBeVisible();
    await expectAccessible(page, 'stap 1 met fouten');

    const postcode = page.locator('#gegevensZorgverlener_postadresGegevens_postcode');
    await expect(postcode).toHaveCount(0);
    const same = page.getByRole('checkbox', { name: 'Het postadres is gelijk aan het bezoekadres' });
    await expect(same).toBeChecked();
    await same.uncheck();
    await expect(page.getByRole('group', { name: 'Postadres', exact: true })).toBeVisible();
    await expect(postcode).toBeVisible();
    await expectAccessible(page, 'stap 1 postadres');
    await same.check();
    await expect(postcode).toHaveCount(0);

    await fillStep1(page);
    await expect(fieldError(page, "Het veld 'Verklaring solistisch werkend zorgverlener' is niet ingevuld.")).toHaveCount(0);
    await next(page, 'stap2');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 2: Gemachtigd aanvrager');
    await expectAccessible(page, 'stap 2');
    const info = page.getByText(AUTHORISED_INFO);
    const bsn = page.locator('#gemachtigdAanvrager_persoonsgegevens_bsn');
    await expect(info).toHaveCount(0);
    await expect(bsn).toHaveCount(0);
    await answer(page, 'Wilt u een gemachtigd aanvrager aanwijzen?', 'Ja').check();
    await expect(info).toBeVisible();
    await expect(bsn).toBeVisible();
    for (const item of baseData.Machtigingen) await expect(page.getByRole('radio', { name: item.Description, exact: true })).toBeVisible();
    for (const id of ['telefoonNummer', 'emailAdres', 'toestemmingVerwerkingPersoonsgegevens'])
      await expect(page.locator(`#gemachtigdAanvrager_${id}`), id).toBeVisible();
    await expectAccessible(page, 'stap 2 ja');
    await answer(page, 'Wilt u een gemachtigd aanvrager aanwijzen?', 'Nee').check();
    await expect(info).toHaveCount(0);
    await expect(bsn).toHaveCount(0);
  });

  test('step 3: profession and specialism per article, quality register, solo actions and AGB code', async ({ page }) => {
    await openStep3(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 3: Toetsingsgegevens');
    await expectAccessible(page, 'stap 3');
    const agb = page.locator('#toetsingsGegevens_agbCode');
    const specialism = page.locator('#toetsingsGegevens_specialisme');
    await expect(agb).toHaveCount(0);

    // Article 1: profession title, specialism filtered by the title, BIG number.
    await article(page, 1).check();
    await expect(agb).toBeVisible();
    await expect(page.getByRole('group', { name: 'Kwaliteitsregister' }).locator('#toetsingsGegevens_bigNummer')).toBeVisible();
    await page.getByLabel('Beroepstitel').selectOption({ label: 'Arts' });
    await expect(specialism).toBeVisible();
    // 'Geen specialisme' right after the prompt, then a disabled separator, then the rest.
    await expect(specialism.locator(CHOICES)).toHaveText([PROMPT, ...specialismsFor(2)]);
    await expect(specialism.locator('option').nth(1)).toHaveText('Geen specialisme');
    await expect(specialism.locator('option').nth(2)).toHaveClass(/widget-select__separator/);
    await specialism.selectOption({ label: 'Cardiologie' });
    await expectAccessible(page, 'stap 3 artikel 1 arts');
    await page.getByLabel('Beroepstitel').selectOption({ label: 'Apotheker' });
    await expect(specialism.locator('option:checked')).toHaveText(PROMPT);
    await expect(specialism.locator(CHOICES)).toHaveText([PROMPT, ...specialismsFor(1)]);
    await page.getByLabel('Beroepstitel').selectOption({ label: 'Fysiotherapeut' });
    await expect(specialism).toHaveCount(0);

    // Article 2: no profession title or BIG number; the register decides the registration number.
    await article(page, 2).check();
    await expect(page.getByLabel('Beroepstitel')).toHaveCount(0);
    await expect(page.locator('#toetsingsGegevens_bigNummer')).toHaveCount(0);
    await page.getByRole('radio', { name: registerLabel(2), exact: true }).check();
    // The registration number sits under the legend '{abbreviation} registergegevens'.
    await expect(page.getByRole('group', { name: 'KRM registergegevens' }).getByLabel('Inschrijfnummer KRM-register')).toBeVisible();
    await expect(page.getByText('Voor mondhygiënisten is de opleidingstitel Mondhygiënist.')).toBeVisible();
    await expect(agb).toBeVisible();
    await expectAccessible(page, 'stap 3 artikel 2 KRM');

    // Article 99: the solo actions.
    await article(page, 99).check();
    const actions = page.getByRole('group', { name: 'Handelingen als solistisch zorgverlener' });
    await expect(actions).toBeVisible();
    for (const item of baseData.SolistischeHandelingen) await expect(actions.getByRole('radio', { name: item.Description, exact: true })).toBeVisible();
    await expect(page.getByLabel('Inschrijfnummer KRM-register')).toHaveCount(0);
    await expect(agb).toBeVisible();
    await expectAccessible(page, 'stap 3 artikel 99');
  });

  test('article 2 with the KRM register: 6-digit number, and Mondhygiënist as training title in the review', async ({ page }) => {
    await openStep3(page);
    await article(page, 2).check();
    await page.getByRole('radio', { name: registerLabel(2), exact: true }).check();
    const number = page.getByLabel('Inschrijfnummer KRM-register');
    await number.fill('12345');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap3$/);
    await expect(fieldError(page, 'Het veld KRM-register is ongeldig. Het moet uit 6 cijfers bestaan.').first()).toBeVisible();
    await number.fill('123456');
    await next(page, 'stap4');
    const assessment = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Toetsingsgegevens' }) });
    await expect(reviewValue(assessment, 'Opleidingstitel')).toHaveText('Mondhygiënist');
  });

  // The derived training title (derive rule opleidingstitel = 7) is shown as read-only text, not a
  // list to choose from, and leaves with the register that implied it.
  test('article 2 with the KRM register shows Mondhygiënist as read-only text, cleared when the register changes', async ({ page }) => {
    await openStep3(page);
    await article(page, 2).check();
    await page.getByRole('radio', { name: registerLabel(2), exact: true }).check();
    await expect(page.getByLabel('Inschrijfnummer KRM-register')).toBeVisible();
    const title = page.locator('#toetsingsGegevens_opleidingstitel');
    await expect(title).toHaveValue('Mondhygiënist');
    await expect(title).toHaveAttribute('readonly', '');
    await expect(page.getByRole('combobox', { name: 'Opleidingstitel' })).toHaveCount(0);
    await expectAccessible(page, 'stap 3 mondhygiënist alleen-lezen');

    // Register 4 asks for the training title: a list again, with nothing chosen.
    await page
      .getByRole('group', { name: 'In welk kwaliteitsregister staat u ingeschreven?' })
      .getByRole('radio', { name: registerLabel(4), exact: true })
      .check();
    const select = page.getByRole('combobox', { name: 'Opleidingstitel' });
    await expect(select).toBeVisible();
    await expect(select.locator('option:checked')).toHaveText(/Maak een keuze/);
  });

  test('the review groups fields under the sub-headings of the printed form, shows consents as their statement and a foreign address on its lines', async ({
    page,
  }) => {
    await openStep1(page);
    await fillStep1(page);
    await page.locator('#gegevensZorgverlener_bezoekadresGegevens_land').selectOption({ label: 'België' });
    await page.locator('#gegevensZorgverlener_bezoekadresGegevens_buitenlandsAdres').fill('Rue de la Loi 16\n1000 Brussel');
    await next(page, 'stap2');
    await answer(page, 'Wilt u een gemachtigd aanvrager aanwijzen?', 'Nee').check();
    await next(page, 'stap3');
    await article(page, 1).check();
    await page.getByLabel('Beroepstitel').selectOption({ label: 'Arts' });
    await page.locator('#toetsingsGegevens_specialisme').selectOption({ label: 'Huisartsgeneeskunde' });
    await page.locator('#toetsingsGegevens_bigNummer').fill('12345678901');
    await next(page, 'stap4');

    const provider = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Gegevens zorgverlener' }) });
    const subheadings = provider.getByRole('heading', { level: 3 });
    await expect(subheadings).toContainText(['Persoonsgegevens', 'Correspondentienaam', 'Bezoekadres']);
    // The BSN stands under 'Persoonsgegevens', the foreign address under 'Bezoekadres'.
    const personal = provider.locator('.renderer-review__group').filter({ has: page.getByRole('heading', { level: 3, name: 'Persoonsgegevens' }) });
    await expect(reviewValue(personal, 'BSN')).toHaveText('111222333');
    const visiting = provider.locator('.renderer-review__group').filter({ has: page.getByRole('heading', { level: 3, name: 'Bezoekadres' }) });
    const foreign = reviewValue(visiting, 'Adres in het buitenland');
    expect(await foreign.innerText()).toBe('Rue de la Loi 16\n1000 Brussel');
    // A consent shows its statement, not 'Ja'.
    await expect(reviewValue(provider, 'Toestemming verwerking persoonsgegevens')).toHaveText(
      'Ik geef toestemming om mijn persoonsgegevens te verwerken voor deze registratie.',
    );
    await expect(reviewValue(provider, 'Het postadres is gelijk aan het bezoekadres')).toHaveText('Ja');
    await expectAccessible(page, 'controleren met tussenkoppen');
  });

  test('article 1 (Arts) to the confirmation with the application-form PDF, accessible throughout', async ({ page }) => {
    await openStep1(page);
    await fillStep1(page);
    await expectAccessible(page, 'stap 1 ingevuld');
    await next(page, 'stap2');
    await answer(page, 'Wilt u een gemachtigd aanvrager aanwijzen?', 'Nee').check();
    await expectAccessible(page, 'stap 2 nee');
    await next(page, 'stap3');

    await article(page, 1).check();
    await page.getByLabel('Beroepstitel').selectOption({ label: 'Arts' });
    await page.locator('#toetsingsGegevens_specialisme').selectOption({ label: 'Huisartsgeneeskunde' });
    await page.locator('#toetsingsGegevens_bigNummer').fill('12345678901');
    await page.locator('#toetsingsGegevens_agbCode').fill('01234567');
    await expectAccessible(page, 'stap 3 ingevuld');
    await next(page, 'stap4');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 4: Controleren');
    const provider = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Gegevens zorgverlener' }) });
    const assessment = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Toetsingsgegevens' }) });
    await expect(reviewValue(provider, 'Voornamen')).toHaveText('Maria');
    await expect(reviewValue(provider, 'Geboortenaam')).toHaveText('Bakker');
    await expect(provider).toContainText('Lange Voorhout');
    await expect(reviewValue(assessment, 'Beroepstitel')).toHaveText('Arts');
    await expect(reviewValue(assessment, 'Specialisme')).toHaveText('Huisartsgeneeskunde');
    await expect(reviewValue(assessment, 'BIG-nummer')).toHaveText('12345678901');
    await expect(reviewValue(assessment, 'AGB-code')).toHaveText('01234567');
    await expectAccessible(page, 'controleren');

    await page.getByRole('button', { name: 'Naar bevestiging' }).click();
    await expect(page).toHaveURL(/\/uzi\/abonneeregistratie-zorgverlener\/bevestiging$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abonneeregistratie zorgverlener: Bevestiging van uw aanvraag');
    await expect(page.getByText('Een kopie van een geldig identiteitsbewijs (paspoort, identiteitskaart of rijbewijs).')).toBeVisible();
    await expect(page.getByText('Een kopie van een geldig identiteitsbewijs van de gemachtigd aanvrager.')).toHaveCount(0);
    await expectAccessible(page, 'bevestiging');

    const text = await downloadFromButton(page, 'Download aanvraagformulier');
    for (const expected of [
      'Abonneeregistratie zorgverlener',
      'Maria',
      'Bakker',
      'Huisartsgeneeskunde',
      '12345678901',
      '01234567',
      'Mee te sturen documenten',
    ]) {
      expect(text).toContain(expected);
    }
    // Article 1 (BIG): the identity document only; the provider signs alone.
    expect(text).toContain('Een kopie van een geldig identiteitsbewijs (paspoort, identiteitskaart of rijbewijs).');
    expect(text).not.toContain('Een uittreksel uit het Handelsregister van de Kamer van Koophandel waaruit blijkt dat u zelfstandig werkt.');
    expect(text).not.toContain('Een kopie van een geldig identiteitsbewijs van de gemachtigd aanvrager.');
    // The provider signs alone (a lone signer's role is followed by its name field).
    expect(text).toMatch(/Ondertekening .* Zorgverlener Naam Maria Bakker/);
  });

  test('the whole registration by keyboard alone (article 99), to the PDF', async ({ page }) => {
    await page.goto(START);
    await tabTo(page, page.getByRole('button', { name: 'Registratie starten' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stap1$/);
    await expectFocusOnContent(page);

    await typeInto(page, page.locator('#gegevensZorgverlener_persoonsgegevens_bsn'), '111222333');
    await typeInto(page, page.locator('#gegevensZorgverlener_persoonsgegevens_geboortedatum'), '14-03-1970');
    await typeInto(page, page.locator('#gegevensZorgverlener_persoonsgegevens_voornamen'), 'Ñuñez');
    await typeInto(page, page.locator('#gegevensZorgverlener_persoonsgegevens_geboortenaam'), 'Bakker');
    for (const consent of [/Ik geef toestemming om mijn persoonsgegevens te verwerken/, /Ik verklaar dat ik een solistisch werkende zorgverlener ben/]) {
      await tabTo(page, page.getByLabel(consent));
      await page.keyboard.press('Space');
      await expect(page.getByLabel(consent)).toBeChecked();
    }
    await typeInto(page, page.locator('#gegevensZorgverlener_bezoekadresGegevens_postcode'), '2511CV');
    await typeInto(page, page.locator('#gegevensZorgverlener_bezoekadresGegevens_huisnummer'), '5');
    await expect(page.locator('#gegevensZorgverlener_bezoekadresGegevens_straatnaam')).toHaveValue('Lange Voorhout');
    await typeInto(page, page.locator('#gegevensZorgverlener_telefoonNummer'), '0701234567');
    await typeInto(page, page.locator('#gegevensZorgverlener_emailAdres'), 'n.bakker@praktijk.example.nl');
    await tabTo(page, page.getByRole('button', { name: 'Volgende' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stap2$/);

    // Step 2: Tab lands on 'Ja' of the unanswered question; the arrow chooses 'Nee'.
    await tabTo(page, answer(page, 'Wilt u een gemachtigd aanvrager aanwijzen?', 'Ja'));
    await page.keyboard.press('ArrowDown');
    await expect(answer(page, 'Wilt u een gemachtigd aanvrager aanwijzen?', 'Nee')).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Volgende' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stap3$/);

    // Step 3: arrows through the articles to 99, then the first solo action and an AGB code.
    await tabTo(page, article(page, 1));
    for (let i = 0; i < 5 && !(await article(page, 99).isChecked()); i += 1) await page.keyboard.press('ArrowDown');
    await expect(article(page, 99)).toBeChecked();
    const firstAction = page.getByRole('radio', { name: baseData.SolistischeHandelingen[0].Description, exact: true });
    await tabTo(page, firstAction);
    await page.keyboard.press('Space');
    await expect(firstAction).toBeChecked();
    await typeInto(page, page.locator('#toetsingsGegevens_agbCode'), '01234567');
    await tabTo(page, page.getByRole('button', { name: 'Volgende' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stap4$/);

    const assessment = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Toetsingsgegevens' }) });
    await expect(reviewValue(assessment, 'AGB-code')).toHaveText('01234567');
    await tabTo(page, page.getByRole('button', { name: 'Naar bevestiging' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/bevestiging$/);
    const downloadPromise = page.waitForEvent('download');
    await tabTo(page, page.getByRole('button', { name: 'Download aanvraagformulier' }));
    await page.keyboard.press('Enter');
    const text = await downloadedPdfText(await downloadPromise);
    for (const value of ['Ñuñez', 'Bakker', 'Lange Voorhout', '01234567']) expect(text).toContain(value);
  });
});
