/**
 * The UZI care-provider pass request in Debian Chromium: the bare path goes to the article-3 variant,
 * the intro, step 1 (subscriber and who applies), step 2 per article (BIG number versus training title
 * and quality register), a full article-34 run to the confirmation and the application-form PDF, and
 * a full article-3 run by keyboard alone with the other subscriber answer.
 */
import type { Page } from '@playwright/test';
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

const BASE = '/uzi/aanvraag-zorgverlenerpas';
const NO_NUMBER_YET = 'U heeft een abonneeregistratie aangevraagd maar nog geen abonneenummer ontvangen.';
const DIPLOMA_WARNING = 'Er wordt een diplomatoets uitgevoerd.';
const DIPLOMA_LINE = 'Een gewaarmerkte kopie van het diploma van de pashouder, of een digitaal uittreksel uit het diplomaregister (DUO).';
const REGISTER_KP = 'Kwaliteitsregister Paramedici (KP)';
const REGISTER_NONE = 'Ik sta niet ingeschreven in een van deze kwaliteitsregisters';

async function openStep1(page: Page, variant: 'artikel3' | 'artikel34'): Promise<void> {
  await page.goto(`${BASE}/${variant}`);
  await page.getByRole('button', { name: 'Aanvraag starten' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/${variant}/stap1$`));
}

/** Step 1: an existing subscriber, applied for by the legal representative Johanna van den Berg. */
async function fillStep1(page: Page): Promise<void> {
  await answer(page, 'Is uw organisatie al abonnee van het UZI-register?', 'Ja').check();
  await page.locator('#gegevensAanvrager_abonneeNaam').fill('Praktijk Lange Voorhout');
  await page.locator('#gegevensAanvrager_abonneeNummer').fill('123456');
  await page.getByRole('radio', { name: 'De wettelijk vertegenwoordiger', exact: true }).check();
  await page.getByLabel('Geboortenaam wettelijk vertegenwoordiger').fill('Berg');
  await page.getByLabel('Geboortedatum wettelijk vertegenwoordiger').fill('14-03-1970');
  await page.getByLabel('Voornamen wettelijk vertegenwoordiger').fill('Johanna');
}

/** Step 2 personal data of the card holder Sanne de Vries (the variant-specific fields are left to the caller). */
async function fillCardHolder(page: Page): Promise<void> {
  await page.locator('#gegevensPashouder_persoonsgegevens_bsn').fill('123456782');
  await page.locator('#gegevensPashouder_persoonsgegevens_geboortedatum').fill('02-11-1985');
  await page.locator('#gegevensPashouder_persoonsgegevens_voornamen').fill('Sanne');
  await page.locator('#gegevensPashouder_persoonsgegevens_geboortenaam').fill('Vries');
  await page.getByLabel(/De pashouder geeft toestemming/).check();
}

/** Step 3: mobile number, e-mail and the PIN-letter address 2511CV 5 (Lange Voorhout, 's-Gravenhage). */
async function fillStep3(page: Page): Promise<void> {
  await page.locator('#contactGegevensPashouder_mobielNummer').fill('0612345678');
  await page.locator('#contactGegevensPashouder_emailAdres').fill('s.devries@praktijk.example.nl');
  await page.locator('#contactGegevensPashouder_adresGegevens_postcode').fill('2511CV');
  await page.locator('#contactGegevensPashouder_adresGegevens_huisnummer').fill('5');
  await expect(page.locator('#contactGegevensPashouder_adresGegevens_straatnaam')).toHaveValue('Lange Voorhout');
  await expect(page.locator('#contactGegevensPashouder_adresGegevens_woonplaats')).toHaveValue("'s-Gravenhage");
}

test.describe('Aanvraag UZI-zorgverlenerpas', () => {
  test('the bare path shows the article-3 intro; step 1 follows the subscriber and applicant answers', async ({ page }) => {
    await page.goto(BASE);
    await expect(page).toHaveURL(new RegExp(`${BASE}/artikel3$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Voorafgaand');
    await expect(page.getByText('Goed om te weten')).toBeVisible();
    await expect(page.getByText(/Een UZI-zorgverlenerpas kost 255 euro/)).toBeVisible();
    await expectAccessible(page, 'intro');
    await page.getByRole('button', { name: 'Aanvraag starten' }).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/artikel3/stap1$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 1: Gegevens aanvrager');
    await expectAccessible(page, 'stap 1');

    const number = page.locator('#gegevensAanvrager_abonneeNummer');
    const info = page.getByText(NO_NUMBER_YET);
    await expect(number).toHaveCount(0);
    await answer(page, 'Is uw organisatie al abonnee van het UZI-register?', 'Nee').check();
    await expect(info).toBeVisible();
    await expect(number).toHaveCount(0);
    await expect(page.locator('#gegevensAanvrager_abonneeNaam')).toBeVisible();
    await answer(page, 'Is uw organisatie al abonnee van het UZI-register?', 'Ja').check();
    await expect(info).toHaveCount(0);
    await expect(number).toBeVisible();
    await answer(page, 'Is uw organisatie al abonnee van het UZI-register?', 'Nee').check();
    await expect(number).toHaveCount(0);

    await page.getByRole('radio', { name: 'Een gemachtigd aanvrager', exact: true }).check();
    for (const label of ['Geboortenaam', 'Geboortedatum', 'Voornamen', 'Tussenvoegsel']) {
      await expect(page.getByLabel(`${label} gemachtigd aanvrager`)).toBeVisible();
      await expect(page.getByLabel(`${label} wettelijk vertegenwoordiger`)).toHaveCount(0);
    }
    await expectAccessible(page, 'stap 1 gemachtigd aanvrager');
    const nextYear = new Date().getFullYear() + 1;
    await page.getByLabel('Geboortedatum gemachtigd aanvrager').fill(`01-01-${nextYear}`);
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap1$/);
    await expect(fieldError(page, "Het veld 'Geboortedatum gemachtigd aanvrager' heeft een waarde in de toekomst.").first()).toBeVisible();
    await expectAccessible(page, 'stap 1 met fouten');
  });

  test('step 2 per article: BIG number for article 3; training title and quality register for article 34', async ({ page }) => {
    await openStep1(page, 'artikel3');
    await fillStep1(page);
    await next(page, 'stap2');
    await expect(page.locator('#gegevensPashouder_bigNummer')).toBeVisible();
    await expect(page.getByLabel('BIG-nummer')).toBeVisible();
    await expect(page.locator('#gegevensPashouder_opleidingstitel')).toHaveCount(0);
    await expect(page.getByRole('radio', { name: REGISTER_KP })).toHaveCount(0);
    await expectAccessible(page, 'stap 2 artikel 3');
    // A BSN of ten digits: what is wrong with it speaks before how long it is.
    await page.locator('#gegevensPashouder_persoonsgegevens_bsn').fill('1112223334');
    await page.locator('#gegevensPashouder_persoonsgegevens_bsn').blur();
    await expect(page.locator('[data-field="persoonsgegevens.bsn"] .utrecht-form-field-error-message')).toHaveText("Fout: Het veld 'BSN' is ongeldig.");

    await openStep1(page, 'artikel34');
    await fillStep1(page);
    await next(page, 'stap2');
    await expect(page.locator('#gegevensPashouder_bigNummer')).toHaveCount(0);
    await expect(page.getByLabel('Opleidingstitel')).toBeVisible();
    await expect(page.getByRole('radio', { name: REGISTER_KP })).toBeVisible();
    const registrationNumber = page.locator('#gegevensPashouder_kwaliteitsregisterRegistratienummer');
    await expect(registrationNumber).toHaveCount(0);

    await page.getByRole('radio', { name: REGISTER_NONE }).check();
    await expect(page.getByText(DIPLOMA_WARNING)).toBeVisible();
    await expect(registrationNumber).toHaveCount(0);
    await expectAccessible(page, 'stap 2 artikel 34 geen register');

    await page.getByRole('radio', { name: REGISTER_KP }).check();
    await expect(page.getByText(DIPLOMA_WARNING)).toHaveCount(0);
    await expect(page.getByLabel('Inschrijfnummer KP-register')).toBeVisible();
    await page.getByLabel('Inschrijfnummer KP-register').fill('12345');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap2$/);
    await expect(fieldError(page, 'Het veld KP-register is ongeldig. Het moet uit 11 cijfers bestaan.').first()).toBeVisible();
    await expectAccessible(page, 'stap 2 artikel 34 met fouten');
  });

  test('article 34 without a register: review with the cost, confirmation with the diploma line and the PDF', async ({ page }) => {
    await openStep1(page, 'artikel34');
    await fillStep1(page);
    await expectAccessible(page, 'stap 1 ingevuld');
    await next(page, 'stap2');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 2: Gegevens pashouder');
    await fillCardHolder(page);
    await page.getByLabel('Opleidingstitel').selectOption({ label: 'Logopedist' });
    await page.getByRole('radio', { name: REGISTER_NONE }).check();
    await expectAccessible(page, 'stap 2 ingevuld');
    await next(page, 'stap3');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 3: Contactgegevens pashouder');
    await expectAccessible(page, 'stap 3');
    await fillStep3(page);
    await expectAccessible(page, 'stap 3 ingevuld');
    await next(page, 'stap4');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 4: Controleren');
    const applicant = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Gegevens aanvrager' }) });
    const holder = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Gegevens pashouder' }) });
    const contact = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Contactgegevens pashouder' }) });
    await expect(reviewValue(applicant, 'Abonneenummer')).toHaveText('123456');
    await expect(reviewValue(applicant, 'Voornamen wettelijk vertegenwoordiger')).toHaveText('Johanna');
    await expect(reviewValue(holder, 'Voornamen')).toHaveText('Sanne');
    await expect(reviewValue(holder, 'Opleidingstitel')).toHaveText('Logopedist');
    await expect(reviewValue(holder, 'Kwaliteitsregister')).toHaveText(REGISTER_NONE);
    await expect(contact).toContainText('Lange Voorhout');
    await expect(page.getByText('Een UZI-zorgverlenerpas kost 255 euro en is drie jaar geldig.')).toBeVisible();
    await expectAccessible(page, 'controleren');

    await page.getByRole('button', { name: 'Naar bevestiging' }).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/artikel34/bevestiging$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aanvraag UZI-zorgverlenerpas: Bevestiging van uw aanvraag');
    await expect(page.getByRole('heading', { level: 2, name: '2. Stuur deze documenten mee' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '3. Verstuur het ondertekende formulier' })).toBeVisible();
    // The freepost address to send the signed form to.
    await expect(page.locator('address')).toHaveText(/UZI-register\s*Antwoordnummer 10010\s*2500 VC\s+Den Haag/);
    await expect(page.getByText(DIPLOMA_LINE, { exact: true })).toBeVisible();
    await expectAccessible(page, 'bevestiging');

    // A failed download shows the spec's message; the page keeps the model, so trying again works.
    const formUrl = '**/api/aanvraag-zorgverlener-pas/bevestiging**';
    await page.route(formUrl, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    await page.getByRole('button', { name: 'Download aanvraagformulier' }).click();
    const failure = page.getByRole('alert');
    await expect(failure).toContainText('Het downloaden van de bevestiging is mislukt. Probeer de bevestiging op een later moment opnieuw te downloaden.');
    await expect(failure).toContainText('Er is een fout opgetreden bij het downloaden van de bevestiging');
    await expect(page.getByText(DIPLOMA_LINE, { exact: true })).toBeVisible();
    await expectAccessible(page, 'bevestiging na mislukte download');
    await page.unroute(formUrl);

    const text = await downloadFromButton(page, 'Download aanvraagformulier');
    await expect(failure).toHaveCount(0);
    for (const expected of [
      'Aanvraag UZI-zorgverlenerpas',
      'Artikel 34 Wet BIG',
      'Sanne',
      'Vries',
      'Logopedist',
      REGISTER_NONE,
      'Een UZI-zorgverlenerpas kost 255 euro en is drie jaar geldig.',
      'Mee te sturen documenten',
      DIPLOMA_LINE,
      'Ondertekening',
      'Wettelijk vertegenwoordiger',
      'Johanna Berg',
      'Antwoordnummer',
    ]) {
      expect(text).toContain(expected);
    }
  });

  test('each article keeps its own answers and progress, and the review sends nothing while a step is not right', async ({ page }) => {
    await openStep1(page, 'artikel3');
    await fillStep1(page);
    await next(page, 'stap2');
    await fillCardHolder(page);
    await answer(page, 'Is de correspondentienaam gelijk aan de geboortenaam?', 'Ja').check();
    await page.locator('#gegevensPashouder_bigNummer').fill('12345678901');
    await next(page, 'stap3');
    await fillStep3(page);
    await next(page, 'stap4');

    // The article-34 review is not reachable with the article-3 answers: it starts at its own step 1.
    await page.goto(`${BASE}/artikel34/stap4`);
    await expect(page).toHaveURL(new RegExp(`${BASE}/artikel34/stap1$`));
    await expect(answer(page, 'Is uw organisatie al abonnee van het UZI-register?', 'Ja')).not.toBeChecked();
    await page.goto(`${BASE}/artikel3/stap4`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 4: Controleren');

    // A step that is no longer right (here: its BSN emptied in the tab's storage) stops the send.
    await page.evaluate(() => {
      const key = 'portal.flow.aanvraag-zorgverlenerpas.uzi.artikel3';
      const state = JSON.parse(sessionStorage.getItem(key)!);
      delete state.model.gegevensPashouder.persoonsgegevens.bsn;
      sessionStorage.setItem(key, JSON.stringify(state));
    });
    await page.reload();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/indienen')) sent.push(request.url());
    });
    await page.getByRole('button', { name: 'Naar bevestiging' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Er is iets niet goed ingevuld' });
    await expect(summary).toContainText('Uw aanvraag is nog niet compleet.');
    await expect(summary.getByRole('link', { name: /^Gegevens pashouder: / })).toBeVisible();
    await expectAccessible(page, 'controleren met een onvolledige stap');
    expect(sent).toEqual([]);
    await summary.getByRole('link', { name: /^Gegevens pashouder: / }).click();
    await expect(page).toHaveURL(/artikel3\/stap2$/);
    await page.locator('#gegevensPashouder_persoonsgegevens_bsn').fill('123456782');
    await next(page, 'stap3');
    await next(page, 'stap4');
    await page.getByRole('button', { name: 'Naar bevestiging' }).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/artikel3/bevestiging$`));
    expect(sent).toHaveLength(1);
  });

  test('article 3, not yet a subscriber: the whole request by keyboard alone, to the PDF', async ({ page }) => {
    await page.goto(BASE);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Voorafgaand');
    await tabTo(page, page.getByRole('button', { name: 'Aanvraag starten' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${BASE}/artikel3/stap1$`));
    await expectFocusOnContent(page);

    // Step 1: Tab lands on 'Ja' of the unanswered question; the arrow moves to and chooses 'Nee'.
    await tabTo(page, answer(page, 'Is uw organisatie al abonnee van het UZI-register?', 'Ja'));
    await page.keyboard.press('ArrowDown');
    await expect(answer(page, 'Is uw organisatie al abonnee van het UZI-register?', 'Nee')).toBeChecked();
    await expect(page.getByText(NO_NUMBER_YET)).toBeVisible();
    await typeInto(page, page.locator('#gegevensAanvrager_abonneeNaam'), 'Huisartsenpraktijk Łukasz Żółć');
    await tabTo(page, page.getByRole('radio', { name: 'De wettelijk vertegenwoordiger', exact: true }));
    await page.keyboard.press('Space');
    await typeInto(page, page.getByLabel('Geboortenaam wettelijk vertegenwoordiger'), 'Żółć');
    await typeInto(page, page.getByLabel('Geboortedatum wettelijk vertegenwoordiger'), '14-03-1970');
    await typeInto(page, page.getByLabel('Voornamen wettelijk vertegenwoordiger'), 'Łukasz');
    await tabTo(page, page.getByRole('button', { name: 'Volgende' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stap2$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    // Step 2 (article 3): card holder, correspondence name as birth name, consent, BIG number.
    await typeInto(page, page.locator('#gegevensPashouder_persoonsgegevens_bsn'), '123456782');
    await typeInto(page, page.locator('#gegevensPashouder_persoonsgegevens_geboortedatum'), '02-11-1985');
    await typeInto(page, page.locator('#gegevensPashouder_persoonsgegevens_voornamen'), 'Zoë');
    await typeInto(page, page.locator('#gegevensPashouder_persoonsgegevens_geboortenaam'), "Heijden-d'Hondt");
    await tabTo(page, answer(page, 'Is de correspondentienaam gelijk aan de geboortenaam?', 'Ja'));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByLabel(/De pashouder geeft toestemming/));
    await page.keyboard.press('Space');
    await expect(page.getByLabel(/De pashouder geeft toestemming/)).toBeChecked();
    await typeInto(page, page.locator('#gegevensPashouder_bigNummer'), '12345678901');
    await tabTo(page, page.getByRole('button', { name: 'Volgende' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stap3$/);

    // Step 3: contact data and the PIN-letter address found by the lookup.
    await typeInto(page, page.locator('#contactGegevensPashouder_mobielNummer'), '0612345678');
    await typeInto(page, page.locator('#contactGegevensPashouder_emailAdres'), 'z.heijden@praktijk.example.nl');
    await typeInto(page, page.locator('#contactGegevensPashouder_adresGegevens_postcode'), '2511CV');
    await typeInto(page, page.locator('#contactGegevensPashouder_adresGegevens_huisnummer'), '5');
    await expect(page.locator('#contactGegevensPashouder_adresGegevens_straatnaam')).toHaveValue('Lange Voorhout');
    await tabTo(page, page.getByRole('button', { name: 'Volgende' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stap4$/);

    // Review: the 'Nee' branch shows no subscriber number; then to the confirmation.
    const applicant = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Gegevens aanvrager' }) });
    await expect(reviewValue(applicant, 'Is uw organisatie al abonnee van het UZI-register?')).toHaveText('Nee');
    await expect(reviewValue(applicant, 'Abonneenummer')).toHaveCount(0);
    const holder = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Gegevens pashouder' }) });
    await expect(reviewValue(holder, 'BIG-nummer')).toHaveText('12345678901');
    await expectAccessible(page, 'controleren artikel 3');
    await tabTo(page, page.getByRole('button', { name: 'Naar bevestiging' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${BASE}/artikel3/bevestiging$`));
    await expect(page.getByText(DIPLOMA_LINE, { exact: true })).toHaveCount(0);
    // Without documents to enclose the headings are numbered on without a gap.
    await expect(page.locator('main h2')).toContainText(['1. Download, print en onderteken het aanvraagformulier', '2. Verstuur het ondertekende formulier']);
    await expect(page.locator('address')).toContainText('Antwoordnummer 10010');
    await expectAccessible(page, 'bevestiging artikel 3');

    const downloadPromise = page.waitForEvent('download');
    await tabTo(page, page.getByRole('button', { name: 'Download aanvraagformulier' }));
    await page.keyboard.press('Enter');
    const text = await downloadedPdfText(await downloadPromise);
    for (const value of ['Huisartsenpraktijk Łukasz Żółć', 'Zoë', "Heijden-d'Hondt", '12345678901', 'Lange Voorhout']) expect(text).toContain(value);
  });
});
