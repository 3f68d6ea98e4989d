/**
 * The care-institution subscriber registration in Debian Chromium: intro page, the three input steps
 * with their conditional fields, the required-documents list per institution type, the address field
 * with its postcode lookup (found, not found, abroad), review, confirmation and the application-form PDF.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { downloadedPdfText, expect, expectAccessible, test, answer, reviewValue, next, downloadFromButton, tabTo, typeInto, fieldError } from './support';

const START = '/uzi/abonneeregistratie-zorginstelling';
const NOT_FOUND =
  'Er is geen adres gevonden met opgegeven postcode en huisnummer. Controleer of dit juist is ingevuld. Klopt het wel? Vul dan handmatig de straatnaam en plaats in.';
const AUTHORISED_INFO = 'De gemachtigd aanvrager moet een kopie van een geldig identiteitsbewijs meesturen en het aanvraagformulier mede ondertekenen.';
const ID_DOCUMENT_LINE = 'Een kopie van een geldig identiteitsbewijs van de gemachtigd aanvrager.';

interface InstitutionType {
  Value: number;
  Name: string;
  Description: string;
  Documents: string[];
}
const baseData = JSON.parse(readFileSync(path.resolve('data/base-data/abonneeregistratie-zorginstelling.json'), 'utf8')) as {
  ZorginstellingTypes: InstitutionType[];
  ZorginstellingCategorieën: { Value: number; Name: string }[];
  Machtigingen: { Value: number; Description: string }[];
};
const types = baseData.ZorginstellingTypes;
const typeOf = (value: number): InstitutionType => types.find((type) => type.Value === value)!;
/** A Documents entry as the user reads it: the HTML markup removed. */
const plain = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

async function chooseType(page: Page, value: number): Promise<void> {
  await page.getByLabel('Type zorginstelling').selectOption({ label: typeOf(value).Description });
}

async function openStep1(page: Page): Promise<void> {
  await page.goto(START);
  await page.getByRole('button', { name: 'Registratie starten' }).click();
  await expect(page).toHaveURL(/\/uzi\/abonneeregistratie-zorginstelling\/stap1$/);
}

/** Step 1 with a found Dutch visiting address (2511CV 5: Lange Voorhout, 's-Gravenhage). */
async function fillStep1(page: Page, type: number, organisation: string): Promise<void> {
  await chooseType(page, type);
  if ([1, 2, 3, 4].includes(type)) await page.getByLabel('Categorie zorg').selectOption({ label: 'Ouderenzorg' });
  if (type === 8) await page.getByLabel('Afgiftedatum vergunning').fill('15-01-2021');
  await page.getByLabel('Naam organisatie').fill(organisation);
  await page.locator('#organisatie_kvkNummer').fill('12345678');
  await page.locator('#organisatie_bezoekAdres_postcode').fill('2511CV');
  await page.locator('#organisatie_bezoekAdres_huisnummer').fill('5');
  await expect(page.locator('#organisatie_bezoekAdres_straatnaam')).toHaveValue('Lange Voorhout');
  await page.locator('#organisatie_telefoonNummer').fill('0701234567');
  await page.locator('#organisatie_emailAdres').fill('info@zorginstelling.example.nl');
}

/** Step 2: the legal representative Johanna van den Berg (KVK number only asked for type 1). */
async function fillStep2(page: Page, type: number): Promise<void> {
  await page.locator('#wettelijkVertegenwoordiger_persoonsgegevens_bsn').fill('111222333');
  await page.locator('#wettelijkVertegenwoordiger_persoonsgegevens_geboortedatum').fill('14-03-1970');
  await page.locator('#wettelijkVertegenwoordiger_persoonsgegevens_voornamen').fill('Johanna');
  await page.locator('#wettelijkVertegenwoordiger_persoonsgegevens_tussenvoegsel').fill('van den');
  await page.locator('#wettelijkVertegenwoordiger_persoonsgegevens_geboortenaam').fill('Berg');
  if (type === 1) await page.locator('#wettelijkVertegenwoordiger_kvkNummer').fill('87654321');
  await page.locator('#wettelijkVertegenwoordiger_telefoonNummer').fill('0612345678');
  await page.locator('#wettelijkVertegenwoordiger_emailAdres').fill('j.vandenberg@zorginstelling.example.nl');
  await page.getByLabel(/De wettelijk vertegenwoordiger geeft toestemming/).check();
}

/** From step 1 through step 2 (the representative) and step 3 without an authorised applicant, to the review. */
async function toReviewWithoutAuthorisedApplicant(page: Page, type: number): Promise<void> {
  await next(page, 'stap2');
  await fillStep2(page, type);
  await next(page, 'stap3');
  await answer(page, 'Wilt u een gemachtigd aanvrager aanwijzen?', 'Nee').check();
  await next(page, 'stap4');
}

/** Step 3: the authorised applicant Pieter Jansen. */
async function fillAuthorisedApplicant(page: Page): Promise<void> {
  await page.getByRole('radio', { name: baseData.Machtigingen[2].Description, exact: true }).check();
  await page.locator('#gemachtigdAanvrager_persoonsgegevens_bsn').fill('123456782');
  await page.locator('#gemachtigdAanvrager_persoonsgegevens_geboortedatum').fill('02-11-1985');
  await page.locator('#gemachtigdAanvrager_persoonsgegevens_voornamen').fill('Pieter');
  await page.locator('#gemachtigdAanvrager_persoonsgegevens_geboortenaam').fill('Jansen');
  await page.locator('#gemachtigdAanvrager_telefoonNummer').fill('0687654321');
  await page.locator('#gemachtigdAanvrager_emailAdres').fill('p.jansen@zorginstelling.example.nl');
  await page.getByLabel(/De gemachtigd aanvrager geeft toestemming/).check();
}

test.describe('Abonneeregistratie zorginstelling', () => {
  test('intro, three steps, review and confirmation with the application-form PDF, accessible throughout', async ({ page }) => {
    await page.goto(START);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abonneeregistratie zorginstelling');
    await expect(page.getByRole('link', { name: 'Toetsingscriteria voor zorginstellingen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Overzicht van bewijsstukken per type zorginstelling' })).toBeVisible();
    await expectAccessible(page, 'intro');
    await page.getByRole('button', { name: 'Registratie starten' }).click();

    await expect(page).toHaveURL(/stap1$/);
    await expect(page).toHaveTitle('Stap 1: Gegevens organisatie | Abonneeregistratie zorginstelling | Aanvraagportaal UZI-register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 1: Gegevens organisatie');
    await expectAccessible(page, 'stap 1');
    await fillStep1(page, 1, 'Zorggroep Haaglanden B.V.');
    await expectAccessible(page, 'stap 1 ingevuld');
    await next(page, 'stap2');

    await expect(page).toHaveTitle(/^Stap 2: Wettelijk vertegenwoordiger \| Abonneeregistratie zorginstelling \| /);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expectAccessible(page, 'stap 2');
    await fillStep2(page, 1);
    await next(page, 'stap3');

    await expect(page).toHaveTitle(/^Stap 3: Gemachtigd aanvrager \| /);
    await expectAccessible(page, 'stap 3');
    await answer(page, 'Wilt u een gemachtigd aanvrager aanwijzen?', 'Ja').check();
    await fillAuthorisedApplicant(page);
    await expectAccessible(page, 'stap 3 met gemachtigd aanvrager');
    await next(page, 'stap4');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 4: Controleren');
    const organisation = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Gegevens organisatie' }) });
    const representative = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Wettelijk vertegenwoordiger' }) });
    const authorised = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Gemachtigd aanvrager' }) });
    for (const [section, title] of [
      [organisation, 'Gegevens organisatie'],
      [representative, 'Wettelijk vertegenwoordiger'],
      [authorised, 'Gemachtigd aanvrager'],
    ] as const) {
      await expect(section.getByRole('link', { name: `Wijzigen ${title}` })).toBeVisible();
    }
    await expect(reviewValue(organisation, 'Type zorginstelling')).toContainText(typeOf(1).Description);
    await expect(reviewValue(organisation, 'Categorie zorg')).toHaveText('Ouderenzorg');
    await expect(reviewValue(organisation, 'Naam organisatie')).toHaveText('Zorggroep Haaglanden B.V.');
    await expect(reviewValue(organisation, 'KVK-nummer')).toHaveText('12345678');
    await expect(reviewValue(organisation, 'Vestigingsnummer')).toHaveText('-- Niet ingevuld');
    await expect(reviewValue(organisation, 'AGB-code')).toHaveText('-- Niet ingevuld');
    await expect(organisation).toContainText('Lange Voorhout');
    await expect(organisation).toContainText("'s-Gravenhage");
    await expect(reviewValue(organisation, 'Telefoonnummer')).toHaveText('0701234567');
    await expect(reviewValue(representative, 'BSN')).toHaveText('111222333');
    await expect(reviewValue(representative, 'Voornamen')).toHaveText('Johanna');
    await expect(reviewValue(representative, 'Geboortenaam')).toHaveText('Berg');
    await expect(reviewValue(representative, 'KVK-nummer wettelijk vertegenwoordiger')).toHaveText('87654321');
    await expect(reviewValue(authorised, 'Wilt u een gemachtigd aanvrager aanwijzen?')).toHaveText('Ja');
    await expect(reviewValue(authorised, 'Waarvoor wilt u deze persoon machtigen?')).toHaveText(baseData.Machtigingen[2].Description);
    await expect(reviewValue(authorised, 'Voornamen')).toHaveText('Pieter');
    await expect(reviewValue(authorised, 'Tussenvoegsel')).toHaveText('-- Niet ingevuld');
    await expectAccessible(page, 'controleren');

    // 'Wijzigen' goes back to the step with the data kept.
    await representative.getByRole('link', { name: 'Wijzigen Wettelijk vertegenwoordiger' }).click();
    await expect(page).toHaveURL(/stap2$/);
    await expect(page.locator('#wettelijkVertegenwoordiger_persoonsgegevens_bsn')).toHaveValue('111222333');
    await page.locator('#wettelijkVertegenwoordiger_telefoonNummer').fill('0687654320');
    await next(page, 'stap3');
    await next(page, 'stap4');
    await expect(reviewValue(representative, 'Telefoonnummer')).toHaveText('0687654320');

    await page.getByRole('button', { name: 'Naar bevestiging' }).click();
    await expect(page).toHaveURL(/\/uzi\/abonneeregistratie-zorginstelling\/bevestiging$/);
    await expect(page).toHaveTitle(/^Bevestiging van uw aanvraag \| Abonneeregistratie zorginstelling \| /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abonneeregistratie zorginstelling: Bevestiging van uw aanvraag');
    const documents = page.locator('h2:has-text("2. Stuur deze documenten mee") ~ ul');
    for (const document of typeOf(1).Documents) await expect(documents.getByText(plain(document), { exact: true })).toBeVisible();
    await expect(page.getByText(ID_DOCUMENT_LINE)).toBeVisible();
    await expectAccessible(page, 'bevestiging');

    const text = await downloadFromButton(page, 'Download aanvraagformulier');
    expect(text).toContain('Zorggroep Haaglanden B.V.');
    expect(text).toContain('Johanna');
    expect(text).toContain('Berg');
    // The same documents as the page lists, and both the representative and the applicant sign.
    expect(text).toContain('Mee te sturen documenten');
    for (const document of typeOf(1).Documents) expect(text).toContain(plain(document));
    expect(text).toContain(ID_DOCUMENT_LINE);
    for (const expected of ['Ondertekening', 'Wettelijk vertegenwoordiger', 'Gemachtigd aanvrager', 'Antwoordnummer']) expect(text).toContain(expected);
  });

  test('the application reaches the server before anything is cleared: a refusal shows at its field and every answer stays', async ({ page }) => {
    // The lookup fails in the browser, so street and town are typed by hand; the server's own check
    // of the address register then finds that they do not belong to the postcode.
    await page.route('**/api/referencedata/postcodedata**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"type":"urn:uzi-portaal:fout:technisch","status":500,"detail":"x","traceId":"t","errors":[]}',
      }),
    );
    await openStep1(page);
    await chooseType(page, 1);
    await page.getByLabel('Categorie zorg').selectOption({ label: 'Ouderenzorg' });
    await page.getByLabel('Naam organisatie').fill('Zorggroep Voorhout');
    await page.locator('#organisatie_kvkNummer').fill('12345678');
    await page.locator('#organisatie_bezoekAdres_postcode').fill('2511CV');
    await page.locator('#organisatie_bezoekAdres_huisnummer').fill('5');
    await expect(page.getByText('Door een technische storing kan het adres niet opgezocht worden.', { exact: false }).first()).toBeVisible();
    await page.locator('#organisatie_bezoekAdres_straatnaam').fill('Kerkstraat');
    await page.locator('#organisatie_bezoekAdres_woonplaats').fill('Den Haag');
    await page.locator('#organisatie_telefoonNummer').fill('0701234567');
    await page.locator('#organisatie_emailAdres').fill('info@voorhout.example.nl');
    await toReviewWithoutAuthorisedApplicant(page, 1);

    await page.getByRole('button', { name: 'Naar bevestiging' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Er is iets niet goed ingevuld' });
    await expect(summary).toContainText('Wij hebben uw aanvraag niet ontvangen.');
    const refused = summary.getByRole('link', {
      name: 'Gegevens organisatie: De straatnaam en plaats horen niet bij deze postcode en dit huisnummer. Controleer het adres.',
    });
    await expect(refused).toBeVisible();
    await expect(page).toHaveURL(/stap4$/);
    await expectAccessible(page, 'controleren met geweigerd veld');

    // Nothing was cleared: a reload keeps every answer.
    await page.reload();
    await expect(page.locator('.renderer-review')).toContainText('Zorggroep Voorhout');
    await page.getByRole('button', { name: 'Naar bevestiging' }).click();
    await refused.click();
    await expect(page).toHaveURL(/stap1$/);
    await expect(page.locator('[data-field="bezoekAdres.straatnaam"]')).toContainText(
      'De straatnaam en plaats horen niet bij deze postcode en dit huisnummer. Controleer het adres.',
    );
    await expect(page.getByLabel('Naam organisatie')).toHaveValue('Zorggroep Voorhout');
    await expectAccessible(page, 'stap 1 met de melding van de server');

    await page.unroute('**/api/referencedata/postcodedata**');
    await page.locator('#organisatie_bezoekAdres_straatnaam').fill('Lange Voorhout');
    await expect(page.locator('[data-field="bezoekAdres.straatnaam"]')).not.toContainText('horen niet bij');
    await page.locator('#organisatie_bezoekAdres_woonplaats').fill("'s-Gravenhage");
    await next(page, 'stap2');
    await next(page, 'stap3');
    await next(page, 'stap4');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Naar bevestiging' }).click();
    await expect(page).toHaveURL(/bevestiging$/);

    // The printed form is made from the stored application and carries its kenmerk.
    const text = await downloadFromButton(page, 'Download aanvraagformulier');
    expect(text).toMatch(/Kenmerk:? [0-9A-Z]{4}(-[0-9A-Z]{4}){3}/);
    expect(text).toContain('Lange Voorhout');
  });

  test('the type decides category, permit date and the required-documents list', async ({ page }) => {
    await openStep1(page);
    const category = page.locator('#organisatie_categorie');
    const permitDate = page.locator('#organisatie_afgiftedatumVergunning');
    const heading = page.getByRole('heading', { level: 2, name: 'Mee te sturen documenten' });
    await expect(heading).toHaveCount(0);
    await expect(category).toHaveCount(0);
    await expect(permitDate).toHaveCount(0);

    await chooseType(page, 8);
    await expect(permitDate).toBeVisible();
    await expect(category).toHaveCount(0);
    await chooseType(page, 1);
    await expect(category).toBeVisible();
    await expect(permitDate).toHaveCount(0);
    await expect(category.locator('option')).toHaveText(['-- Maak een keuze --', ...baseData.ZorginstellingCategorieën.map((item) => item.Name)]);

    const list = page.locator('form h2:has-text("Mee te sturen documenten") ~ ul');
    for (const type of types) {
      await chooseType(page, type.Value);
      await expect(heading).toBeVisible();
      await expect(list.locator('li'), `documenten bij type ${type.Value}`).toHaveText(type.Documents.map(plain));
      await expect(category, `categorie bij type ${type.Value}`).toHaveCount([1, 2, 3, 4].includes(type.Value) ? 1 : 0);
      await expect(permitDate, `afgiftedatum bij type ${type.Value}`).toHaveCount(type.Value === 8 ? 1 : 0);
    }

    // The permit date is required for type 8.
    await chooseType(page, 8);
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(fieldError(page, "Het veld 'Afgiftedatum vergunning' is niet ingevuld.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'Naam organisatie' is niet ingevuld.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'KVK-nummer' is niet ingevuld.")).toBeVisible();
    await expectAccessible(page, 'stap 1 met fouten');
  });

  test('address: found fills street and town read-only, not found allows manual entry, abroad asks a free-text address', async ({ page }) => {
    await openStep1(page);
    const field = (name: string) => page.locator(`#organisatie_bezoekAdres_${name}`);
    await expect(field('land').locator('option:checked')).toHaveText('Nederland');

    await field('postcode').fill('2511CV');
    await field('huisnummer').fill('5');
    await expect(field('straatnaam')).toHaveValue('Lange Voorhout');
    await expect(field('woonplaats')).toHaveValue("'s-Gravenhage");
    await expect(field('straatnaam')).toHaveJSProperty('readOnly', true);
    await expect(field('woonplaats')).toHaveJSProperty('readOnly', true);
    await expect(page.getByTestId('organisatie_bezoekAdres__lookup-status')).toHaveText("Adres gevonden: Lange Voorhout, 's-Gravenhage");
    await expectAccessible(page, 'adres gevonden');

    await field('postcode').fill('9999ZZ');
    await field('huisnummer').fill('1');
    const message = page.locator('.widget-alert').filter({ hasText: NOT_FOUND });
    await expect(message).toBeVisible();
    await expect(field('straatnaam')).toHaveJSProperty('readOnly', false);
    await expect(field('woonplaats')).toHaveJSProperty('readOnly', false);
    await field('straatnaam').fill('Zeestraat');
    await field('woonplaats').fill('Scheveningen');
    await expect(field('straatnaam')).toHaveValue('Zeestraat');
    await expectAccessible(page, 'adres niet gevonden');

    await field('land').selectOption({ label: 'België' });
    await expect(field('buitenlandsAdres')).toBeVisible();
    for (const name of ['postcode', 'huisnummer', 'huisnummerToevoeging', 'straatnaam', 'woonplaats']) {
      await expect(field(name), name).toHaveCount(0);
    }
    await expect(message).toHaveCount(0);
    await field('buitenlandsAdres').fill('Rue de la Loi 16\n1000 Brussel');
    await expectAccessible(page, 'buitenlands adres');

    // 'Postal address equals visiting address' No: a second address block.
    await expect(page.locator('#organisatie_postAdres_land')).toHaveCount(0);
    await answer(page, 'Is het postadres gelijk aan het bezoekadres?', 'Nee').check();
    await expect(page.getByRole('group', { name: 'Postadres', exact: true })).toBeVisible();
    await expect(page.locator('#organisatie_postAdres_postcode')).toBeVisible();
    await page.locator('#organisatie_postAdres_postcode').fill('3511AB');
    await page.locator('#organisatie_postAdres_huisnummer').fill('12');
    await expect(page.locator('#organisatie_postAdres_straatnaam')).toHaveValue('Oudegracht');
    await expect(page.locator('#organisatie_postAdres_woonplaats')).toHaveValue('Utrecht');
    await expectAccessible(page, 'postadres');
    await answer(page, 'Is het postadres gelijk aan het bezoekadres?', 'Ja').check();
    await expect(page.locator('#organisatie_postAdres_postcode')).toHaveCount(0);

    // A foreign visiting address and a manually entered (not found) postal address go through to the
    // review and the application form.
    await answer(page, 'Is het postadres gelijk aan het bezoekadres?', 'Nee').check();
    await page.locator('#organisatie_postAdres_postcode').fill('9999ZZ');
    await page.locator('#organisatie_postAdres_huisnummer').fill('7');
    await expect(page.locator('.widget-alert').filter({ hasText: NOT_FOUND })).toBeVisible();
    await page.locator('#organisatie_postAdres_straatnaam').fill('Postbus');
    await page.locator('#organisatie_postAdres_woonplaats').fill('Scheveningen');
    await chooseType(page, 5);
    await page.getByLabel('Naam organisatie').fill('Zorgverzekeraar Noordzee N.V.');
    await page.locator('#organisatie_kvkNummer').fill('23456789');
    await page.locator('#organisatie_telefoonNummer').fill('0701234567');
    await page.locator('#organisatie_emailAdres').fill('info@noordzee.example.nl');
    await toReviewWithoutAuthorisedApplicant(page, 5);
    const organisation = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Gegevens organisatie' }) });
    for (const text of ['België', 'Rue de la Loi 16', '1000 Brussel', '9999ZZ', 'Postbus', 'Scheveningen']) await expect(organisation).toContainText(text);
    await page.getByRole('button', { name: 'Naar bevestiging' }).click();
    await expect(page).toHaveURL(/bevestiging$/);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download aanvraagformulier' }).click();
    expect(await downloadedPdfText(await downloadPromise)).toContain('Zorgverzekeraar Noordzee N.V.');
  });

  test('step 2: KVK number only for type 1, correspondence name, required consent', async ({ page }) => {
    await openStep1(page);
    await fillStep1(page, 8, 'RAV Haaglanden');
    await next(page, 'stap2');
    await expect(page.locator('#wettelijkVertegenwoordiger_kvkNummer')).toHaveCount(0);

    const surname = page.locator('#wettelijkVertegenwoordiger_correspondentienaam_achternaam');
    await expect(surname).toHaveCount(0);
    await answer(page, 'Is de correspondentienaam gelijk aan de geboortenaam?', 'Nee').check();
    await expect(surname).toBeVisible();
    await expect(page.locator('#wettelijkVertegenwoordiger_correspondentienaam_tussenvoegsel')).toBeVisible();

    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap2$/);
    await expect(fieldError(page, "Het veld 'Toestemming verwerking persoonsgegevens' is niet ingevuld.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'BSN' is niet ingevuld.")).toBeVisible();
    await expect(
      page
        .locator('.utrecht-form-field-error-message')
        .filter({ hasText: /Het veld '(Achternaam|Correspondentienaam)' is niet ingevuld\./ })
        .first(),
    ).toBeVisible();
    await expectAccessible(page, 'stap 2 met fouten');

    await fillStep2(page, 8);
    await surname.fill('Vries');
    await page.locator('#wettelijkVertegenwoordiger_correspondentienaam_tussenvoegsel').fill('de');
    await expect(fieldError(page, "Het veld 'Toestemming verwerking persoonsgegevens' is niet ingevuld.")).toHaveCount(0);
    await answer(page, 'Is de correspondentienaam gelijk aan de geboortenaam?', 'Ja').check();
    await expect(surname).toHaveCount(0);
    await answer(page, 'Is de correspondentienaam gelijk aan de geboortenaam?', 'Nee').check();
    await expect(surname).toBeVisible();
    await surname.fill('Vries');
    await next(page, 'stap3');

    // Type 1 asks for the representative's KVK number.
    await page.getByRole('link', { name: /Stap 1: Gegevens organisatie/ }).click();
    await expect(page).toHaveURL(/stap1$/);
    await chooseType(page, 1);
    await page.getByLabel('Categorie zorg').selectOption({ label: 'Gehandicaptenzorg' });
    await next(page, 'stap2');
    await expect(page.locator('#wettelijkVertegenwoordiger_kvkNummer')).toBeVisible();
    await expect(page.locator('#wettelijkVertegenwoordiger_correspondentienaam_achternaam')).toHaveValue('Vries');
  });

  test('step 3: designating shows the message and the blocks; the review and confirmation follow the answer', async ({ page }) => {
    await openStep1(page);
    await fillStep1(page, 3, 'Huisartsenpraktijk Lange Voorhout');
    await next(page, 'stap2');
    await fillStep2(page, 3);
    await next(page, 'stap3');

    const blocks = [
      '#gemachtigdAanvrager_machtigingen',
      '#gemachtigdAanvrager_persoonsgegevens_bsn',
      '#gemachtigdAanvrager_correspondentienaam_isGelijkAanGeboortenaam',
      '#gemachtigdAanvrager_telefoonNummer',
      '#gemachtigdAanvrager_emailAdres',
      '#gemachtigdAanvrager_toestemmingVerwerkingPersoonsgegevens',
    ];
    const info = page.locator('.widget-alert').filter({ hasText: AUTHORISED_INFO });
    // The question starts unanswered and must be answered.
    await expect(answer(page, 'Wilt u een gemachtigd aanvrager aanwijzen?', 'Ja')).not.toBeChecked();
    await expect(answer(page, 'Wilt u een gemachtigd aanvrager aanwijzen?', 'Nee')).not.toBeChecked();
    await expect(info).toHaveCount(0);
    await expect(page.locator(blocks[0])).toHaveCount(0);
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap3$/);
    await expect(fieldError(page, "Het veld 'Wilt u een gemachtigd aanvrager aanwijzen?' is niet ingevuld.")).toBeVisible();
    await answer(page, 'Wilt u een gemachtigd aanvrager aanwijzen?', 'Ja').check();
    await expect(info).toBeVisible();
    for (const id of blocks) await expect(page.locator(id), id).toBeVisible();
    for (const item of baseData.Machtigingen) await expect(page.getByRole('radio', { name: item.Description, exact: true })).toBeVisible();
    // Consent of the authorised applicant is required.
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap3$/);
    await expect(fieldError(page, "Het veld 'Toestemming verwerking persoonsgegevens' is niet ingevuld.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'Waarvoor wilt u deze persoon machtigen?' is niet ingevuld.")).toBeVisible();
    await expectAccessible(page, 'stap 3 ja met fouten');

    await answer(page, 'Wilt u een gemachtigd aanvrager aanwijzen?', 'Nee').check();
    await expect(info).toHaveCount(0);
    for (const id of blocks) await expect(page.locator(id), id).toHaveCount(0);
    await expectAccessible(page, 'stap 3 nee');
    await next(page, 'stap4');

    const authorised = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Gemachtigd aanvrager' }) });
    await expect(reviewValue(authorised, 'Wilt u een gemachtigd aanvrager aanwijzen?')).toHaveText('Nee');
    await expect(authorised.locator('dt')).toHaveCount(1);
    await page.getByRole('button', { name: 'Naar bevestiging' }).click();
    await expect(page).toHaveURL(/bevestiging$/);
    const documents = page.locator('h2:has-text("2. Stuur deze documenten mee") ~ ul');
    await expect(documents.first().locator('li')).toHaveText(typeOf(3).Documents.map(plain));
    await expect(page.getByText(ID_DOCUMENT_LINE)).toHaveCount(0);
    await expectAccessible(page, 'bevestiging zonder gemachtigde');

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download aanvraagformulier' }).click();
    const text = await downloadedPdfText(await downloadPromise);
    expect(text).toContain('Huisartsenpraktijk Lange Voorhout');
    expect(text).toContain('Johanna');
    expect(text).toContain('Berg');
    for (const document of typeOf(3).Documents) expect(text).toContain(plain(document));
    expect(text).not.toContain(ID_DOCUMENT_LINE);
    // Only the legal representative signs (a lone signer's role is followed by its name field).
    expect(text).toMatch(/Ondertekening .* Wettelijk vertegenwoordiger Naam Johanna/);
  });

  test('step 1 by keyboard alone: the type chosen with the arrow keys, the address found by the lookup', async ({ page }) => {
    await page.goto(START);
    await tabTo(page, page.getByRole('button', { name: 'Registratie starten' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stap1$/);

    const type = page.getByLabel('Type zorginstelling');
    await tabTo(page, type);
    for (let i = 0; i < types.length + 1 && (await type.locator('option:checked').textContent()) !== typeOf(5).Description; i += 1) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(type.locator('option:checked')).toHaveText(typeOf(5).Description);
    await expect(page.getByLabel('Categorie zorg')).toHaveCount(0);
    await typeInto(page, page.getByLabel('Naam organisatie'), 'Zorgverzekeraar Zoë & Łukasz');
    await typeInto(page, page.locator('#organisatie_kvkNummer'), '12345678');
    await typeInto(page, page.locator('#organisatie_bezoekAdres_postcode'), '2511CV');
    await typeInto(page, page.locator('#organisatie_bezoekAdres_huisnummer'), '5');
    await expect(page.locator('#organisatie_bezoekAdres_straatnaam')).toHaveValue('Lange Voorhout');
    await typeInto(page, page.locator('#organisatie_telefoonNummer'), '0701234567');
    await typeInto(page, page.locator('#organisatie_emailAdres'), 'info@verzekeraar.example.nl');
    await tabTo(page, page.getByRole('button', { name: 'Volgende' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stap2$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });
});
