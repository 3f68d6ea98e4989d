/**
 * The ZOVAR server-certificate request in Debian Chromium: both subscriber answers from start to
 * confirmation, the conditional fields and boxes, the review with its cost line, the upload of a real
 * openssl-made CSR, the application-form PDF, the PKCS#10 error path and a keyboard-only step.
 */
import type { Locator, Page } from '@playwright/test';
import { makeRsaCsr } from '../helpers/openssl';
import { downloadedPdfText, expect, expectAccessible, test, downloadFromButton, tabTo as tabToElement, fieldError, headingOrderViolations } from './support';

const START = '/zovar/aanvraag-servercertificaat';
const DOMAIN = 'www.zorginstelling-west.nl';
const KENMERK = /[0-9A-Z]{4}(-[0-9A-Z]{4}){3}/;
const NO_NUMBER_NOTE =
  'Heeft u een abonnement aangevraagd maar nog geen abonneenummer ontvangen? Vul dan de naam van uw organisatie in; wij koppelen de aanvraag aan uw abonnement.';
const SIGNATURE_WARNING =
  "U kunt alleen elektronisch ondertekenen met een UZI-pas of een andere pas met een gekwalificeerd handtekeningcertificaat. Heeft u zo'n pas niet, kies dan voor identificatie via de pasuitgifteorganisatie.";

/** 4096 bits takes seconds: one key per worker, made on first use. */
let validCsr: Buffer | undefined;
function csr4096(): Buffer {
  validCsr ??= makeRsaCsr(4096, { cn: DOMAIN });
  return validCsr;
}

const applicantFields = [
  '#uwGegevens_abonneeNaam',
  '#uwGegevens_aanvragerGeboortedatum',
  '#uwGegevens_aanvragerGeboortenaam',
  '#uwGegevens_aanvragerVoornamen',
  '#uwGegevens_aanvragerTussenvoegsel',
  '#uwGegevens_aanvragerTelefoonnummer',
  '#uwGegevens_aanvragerEmailadres',
];

interface Applicant {
  subscriber: boolean;
  organisation: string;
  number?: string;
  electronic: boolean;
}

/** Fills step 1 with realistic applicant data (the subscriber answer first). */
async function fillStep1(page: Page, applicant: Applicant): Promise<void> {
  await page
    .getByRole('group', { name: /Is uw organisatie al abonnee van ZOVAR\?/ })
    .getByRole('radio', { name: applicant.subscriber ? 'Ja' : 'Nee' })
    .check();
  await page.locator('#uwGegevens_abonneeNaam').fill(applicant.organisation);
  if (applicant.number !== undefined) await page.locator('#uwGegevens_abonneeNummer').fill(applicant.number);
  await page.locator('#uwGegevens_aanvragerGeboortedatum').fill('14-03-1978');
  await page.locator('#uwGegevens_aanvragerGeboortenaam').fill('Berg');
  await page.locator('#uwGegevens_aanvragerVoornamen').fill('Johanna Maria');
  await page.locator('#uwGegevens_aanvragerTussenvoegsel').fill('van den');
  await page.locator('#uwGegevens_aanvragerTelefoonnummer').fill('0612345678');
  await page.locator('#uwGegevens_aanvragerEmailadres').fill('j.vandenberg@zorginstelling-west.nl');
  await page.getByRole('radio', { name: applicant.electronic ? 'Met een elektronische handtekening' : 'Via de pasuitgifteorganisatie' }).check();
}

/** Step 2: domain name and one CSR file. */
async function fillStep2(page: Page, file: { name: string; buffer: Buffer }): Promise<void> {
  await page.getByLabel('Volledige domeinnaam').fill(DOMAIN);
  await page.locator('#certificateSigningRequest_pkcs10Bestand').setInputFiles({ name: file.name, mimeType: 'application/pkcs10', buffer: file.buffer });
  await expect(page.getByRole('listitem').filter({ hasText: file.name })).toBeVisible();
}

/** The value shown for a label in the review. */
function reviewValue(page: Page, label: string): Locator {
  return page
    .locator('.renderer-review__row')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

test.describe('Aanvraag servercertificaat (ZOVAR)', () => {
  test("step 1 groups its fields under 'Gegevens abonnee' and the applicant's headings", async ({ page }) => {
    await page.goto('/zovar/aanvraag-servercertificaat/stap1');
    await page
      .getByRole('group', { name: /Is uw organisatie al abonnee van ZOVAR\?/ })
      .getByRole('radio', { name: 'Ja' })
      .check();
    await expect(page.locator('h2.renderer-field-heading')).toHaveText(['Gegevens abonnee', 'Gegevens aanvrager', 'Identificatie']);
    // Each heading comes right before the first field of its group.
    const order = await page
      .locator('h2.renderer-field-heading, [data-field]')
      .evaluateAll((nodes) => nodes.map((node) => (node.tagName === 'H2' ? `# ${node.textContent}` : node.getAttribute('data-field'))));
    expect(order.slice(0, 3)).toEqual(['# Gegevens abonnee', 'isAbonnee', 'abonneeNaam']);
    expect(order[order.indexOf('# Gegevens aanvrager') + 1]).toBe('aanvragerGeboortedatum');
    expect(order[order.indexOf('# Identificatie') + 1]).toBe('aanvragerIdentificeren');
    await expectAccessible(page, 'stap 1 met tussenkoppen');
    expect(await headingOrderViolations(page)).toEqual([]);
  });

  test('subscriber Ja: from start through review, upload and confirmation to the application-form PDF', async ({ page }) => {
    await page.goto(START);
    await expect(page).toHaveURL(/\/zovar\/aanvraag-servercertificaat\/stap1$/);
    await expect(page).toHaveTitle('Stap 1: Uw gegevens | Aanvraag ZOVAR-servercertificaat | Aanvraagportaal ZOVAR');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 1: Uw gegevens');
    await expect(page.getByText('Een servercertificaat kost 450 euro en is drie jaar geldig.')).toBeVisible();
    await expectAccessible(page, 'stap 1');

    await page.getByRole('radio', { name: 'Ja' }).check();
    await expect(page.locator('#uwGegevens_abonneeNummer')).toBeVisible();
    await expect(page.getByText(NO_NUMBER_NOTE)).toHaveCount(0);
    // The subscriber number is required on 'Ja'.
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap1$/);
    await expect(fieldError(page, "Het veld 'Abonneenummer' is niet ingevuld.")).toBeVisible();
    await expectAccessible(page, 'stap 1 met fouten');

    await fillStep1(page, { subscriber: true, organisation: 'Zorginstelling West B.V.', number: '123456', electronic: false });
    await expect(page.getByText(SIGNATURE_WARNING)).toHaveCount(0);
    await expectAccessible(page, 'stap 1 ingevuld');
    await page.getByRole('button', { name: 'Volgende' }).click();

    await expect(page).toHaveURL(/stap2$/);
    await expect(page).toHaveTitle(/^Stap 2: Certificate Signing Request \| Aanvraag ZOVAR-servercertificaat \| Aanvraagportaal ZOVAR$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expectAccessible(page, 'stap 2');
    await fillStep2(page, { name: 'server.csr', buffer: csr4096() });
    await expectAccessible(page, 'stap 2 met bestand');
    await page.getByRole('button', { name: 'Volgende' }).click();

    await expect(page).toHaveURL(/stap3$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 3: Controleren');
    const review = page.locator('.renderer-review');
    await expect(reviewValue(page, 'Is uw organisatie al abonnee van ZOVAR\\?')).toHaveText('Ja');
    await expect(reviewValue(page, 'Naam abonnee')).toHaveText('Zorginstelling West B.V.');
    await expect(reviewValue(page, 'Abonneenummer')).toHaveText('123456');
    await expect(reviewValue(page, 'Geboortedatum')).toHaveText('14-03-1978');
    await expect(reviewValue(page, 'Geboortenaam')).toHaveText('Berg');
    await expect(reviewValue(page, 'Voornamen')).toHaveText('Johanna Maria');
    await expect(reviewValue(page, 'Tussenvoegsel')).toHaveText('van den');
    await expect(reviewValue(page, 'Telefoonnummer')).toHaveText('0612345678');
    await expect(reviewValue(page, 'E-mailadres')).toHaveText('j.vandenberg@zorginstelling-west.nl');
    await expect(reviewValue(page, 'Hoe wilt u zich identificeren\\?')).toHaveText('Via de pasuitgifteorganisatie');
    await expect(reviewValue(page, 'Volledige domeinnaam')).toHaveText(DOMAIN);
    await expect(review).toContainText('server.csr');
    await expect(page.getByRole('link', { name: 'Wijzigen Uw gegevens' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wijzigen Certificate Signing Request' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Kosten' })).toBeVisible();
    await expect(page.getByText('Een ZOVAR-servercertificaat kost 450 euro en is drie jaar geldig.')).toBeVisible();
    await expectAccessible(page, 'controleren');

    // 'Wijzigen' goes back with the data kept; the change shows in the review.
    await page.getByRole('link', { name: 'Wijzigen Uw gegevens' }).click();
    await expect(page).toHaveURL(/stap1$/);
    await expect(page.locator('#uwGegevens_abonneeNummer')).toHaveValue('123456');
    await page.locator('#uwGegevens_aanvragerTelefoonnummer').fill('0701234567');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap2$/);
    await expect(page.getByLabel('Volledige domeinnaam')).toHaveValue(DOMAIN);
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap3$/);
    await expect(reviewValue(page, 'Telefoonnummer')).toHaveText('0701234567');

    await page.getByRole('button', { name: 'Bevestig gegevens' }).click();
    await expect(page).toHaveURL(/\/zovar\/aanvraag-servercertificaat\/bevestiging$/);
    await expect(page).toHaveTitle(/^Bevestiging van uw aanvraag \| Aanvraag ZOVAR-servercertificaat \| Aanvraagportaal ZOVAR$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aanvraag ZOVAR-servercertificaat: Bevestiging van uw aanvraag');
    const received = page.getByText(/Wij hebben uw aanvraag ontvangen onder kenmerk/);
    await expect(received).toBeVisible();
    const kenmerk = (await received.textContent())?.match(KENMERK)?.[0];
    expect(kenmerk, 'kenmerk op de bevestiging').toBeTruthy();
    await expect(page.getByRole('link', { name: 'Documenten digitaal aanleveren' })).toHaveAttribute('href', '/uzi/aanleveren-documenten');
    await expectAccessible(page, 'bevestiging');

    const text = await downloadFromButton(page, 'Download aanvraagformulier');
    for (const expected of [
      'ZOVAR',
      'Aanvraag ZOVAR-servercertificaat',
      'Aanvraagformulier',
      DOMAIN,
      kenmerk!,
      'Een ZOVAR-servercertificaat kost 450 euro en is drie jaar geldig.',
      'Ondertekening',
      'Aanvrager (wettelijk vertegenwoordiger of gemachtigd aanvrager)',
      'Antwoordnummer',
    ]) {
      expect(text).toContain(expected);
    }
  });

  test('subscriber Nee: the note instead of the number field, electronic signature warning, through to confirmation', async ({ page }) => {
    await page.goto(`${START}/stap1`);
    await page.getByRole('radio', { name: 'Nee' }).check();
    await expect(page.getByText(NO_NUMBER_NOTE)).toBeVisible();
    await expect(page.locator('#uwGegevens_abonneeNummer')).toHaveCount(0);
    await fillStep1(page, { subscriber: false, organisation: 'Stichting Zorgnet Oost', electronic: true });
    const warning = page.locator('.widget-alert').filter({ hasText: SIGNATURE_WARNING });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('Elektronische handtekening');
    await expectAccessible(page, 'stap 1 nee met waarschuwing');
    // Back to the delivery organisation: the warning goes away; again electronic for the rest.
    await page.getByRole('radio', { name: 'Via de pasuitgifteorganisatie' }).check();
    await expect(warning).toHaveCount(0);
    await page.getByRole('radio', { name: 'Met een elektronische handtekening' }).check();
    await expect(warning).toBeVisible();
    await page.getByRole('button', { name: 'Volgende' }).click();

    await expect(page).toHaveURL(/stap2$/);
    await fillStep2(page, { name: 'aanvraag.txt', buffer: csr4096() });
    await page.getByRole('button', { name: 'Volgende' }).click();

    await expect(page).toHaveURL(/stap3$/);
    await expect(reviewValue(page, 'Is uw organisatie al abonnee van ZOVAR\\?')).toHaveText('Nee');
    await expect(reviewValue(page, 'Naam abonnee')).toHaveText('Stichting Zorgnet Oost');
    await expect(page.locator('.renderer-review dt', { hasText: /^Abonneenummer$/ })).toHaveCount(0);
    await expect(reviewValue(page, 'Hoe wilt u zich identificeren\\?')).toHaveText('Met een elektronische handtekening');
    await expect(page.getByText('Een ZOVAR-servercertificaat kost 450 euro en is drie jaar geldig.')).toBeVisible();
    await expectAccessible(page, 'controleren nee');

    await page.getByRole('button', { name: 'Bevestig gegevens' }).click();
    await expect(page).toHaveURL(/bevestiging$/);
    const kenmerk = (await page.getByText(/onder kenmerk/).textContent())?.match(KENMERK)?.[0];
    expect(kenmerk).toBeTruthy();
    await expectAccessible(page, 'bevestiging nee');
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download aanvraagformulier' }).click();
    const text = await downloadedPdfText(await downloadPromise);
    expect(text).toContain(DOMAIN);
    expect(text).toContain(kenmerk!);
    expect(text).toContain('Stichting Zorgnet Oost');
  });

  // Spec §4: 'identification and applicant data appear only after the subscriber answer'. The
  // question has no default, so a fresh step 1 shows it unanswered and nothing else.
  test('the applicant fields and the identification question appear only after the subscriber answer', async ({ page }) => {
    await page.goto(`${START}/stap1`);
    const subscriber = page.getByRole('group', { name: /Is uw organisatie al abonnee van ZOVAR\?/ });
    await expect(subscriber).toBeVisible();
    // Not answered yet: neither radio is chosen and nothing else is asked.
    await expect(subscriber.getByRole('radio', { name: 'Ja' })).not.toBeChecked();
    await expect(subscriber.getByRole('radio', { name: 'Nee' })).not.toBeChecked();
    for (const id of [...applicantFields, '#uwGegevens_abonneeNummer', '#uwGegevens_aanvragerIdentificeren']) {
      await expect(page.locator(id), id).toHaveCount(0);
    }
    await expect(page.getByText(NO_NUMBER_NOTE)).toHaveCount(0);

    await subscriber.getByRole('radio', { name: 'Ja' }).check();
    for (const id of [...applicantFields, '#uwGegevens_abonneeNummer']) await expect(page.locator(id), id).toBeVisible();
    await expect(page.getByRole('group', { name: /Hoe wilt u zich identificeren\?/ })).toBeVisible();
  });

  test('a 2048-bit CSR is refused with the PKCS#10 heading and the bit-length message', async ({ page }) => {
    await page.goto(`${START}/stap1`);
    await fillStep1(page, { subscriber: true, organisation: 'Zorginstelling West B.V.', number: '123456', electronic: false });
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap2$/);
    await fillStep2(page, { name: 'kort.csr', buffer: makeRsaCsr(2048, { cn: DOMAIN }) });
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap3$/);
    await page.getByRole('button', { name: 'Bevestig gegevens' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Het PKCS#10 bestand kan niet worden verwerkt' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Het door u toegevoegde bestand heeft geen valide bitlengte. Toegestane bitlengte(s): 4096.');
    await expect(page).toHaveURL(/stap3$/);
    await expectAccessible(page, 'foutmelding PKCS#10');

    // Replacing the file with a 4096-bit CSR gets the request through.
    await page.getByRole('link', { name: 'Wijzigen Certificate Signing Request' }).click();
    await expect(page).toHaveURL(/stap2$/);
    await page.locator('#certificateSigningRequest_pkcs10Bestand').setInputFiles({ name: 'server.csr', mimeType: 'application/pkcs10', buffer: csr4096() });
    await expect(page.getByRole('listitem').filter({ hasText: 'server.csr' })).toBeVisible();
    await page.getByRole('button', { name: 'Volgende' }).click();
    await page.getByRole('button', { name: 'Bevestig gegevens' }).click();
    await expect(page).toHaveURL(/bevestiging$/);
    await expect(page.getByText(/onder kenmerk/)).toContainText(KENMERK);
  });

  test('step 1 can be done with the keyboard only', async ({ page }) => {
    await page.goto(`${START}/stap1`);
    const tabTo = (locator: Locator) => tabToElement(page, locator);

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Direct naar de inhoud' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();

    // Into the subscriber radios: none is chosen yet, so Tab lands on the first ('Ja').
    const ja = page.locator('#uwGegevens_isAbonnee-0');
    await tabTo(ja);
    await page.keyboard.press('Space');
    await expect(ja).toBeChecked();

    await tabTo(page.locator('#uwGegevens_abonneeNaam'));
    await page.keyboard.type('Zorginstelling West B.V.');
    await tabTo(page.locator('#uwGegevens_abonneeNummer'));
    await page.keyboard.type('654321');
    await tabTo(page.locator('#uwGegevens_aanvragerGeboortedatum'));
    await page.keyboard.type('02-11-1985');
    await tabTo(page.locator('#uwGegevens_aanvragerGeboortenaam'));
    await page.keyboard.type('Jansen');
    await tabTo(page.locator('#uwGegevens_aanvragerVoornamen'));
    await page.keyboard.type('Pieter');
    await tabTo(page.locator('#uwGegevens_aanvragerTelefoonnummer'));
    await page.keyboard.type('0612345678');
    await tabTo(page.locator('#uwGegevens_aanvragerEmailadres'));
    await page.keyboard.type('p.jansen@zorginstelling-west.nl');
    // No identification chosen yet: Tab lands on the first option, the arrow chooses the second.
    await tabTo(page.locator('#uwGegevens_aanvragerIdentificeren-0'));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Met een elektronische handtekening' })).toBeChecked();
    await expect(page.getByText(SIGNATURE_WARNING)).toBeVisible();
    await tabTo(page.getByRole('button', { name: 'Volgende' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/stap2$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await tabTo(page.getByLabel('Volledige domeinnaam'));
    await page.keyboard.type(DOMAIN);
    await expect(page.getByLabel('Volledige domeinnaam')).toHaveValue(DOMAIN);
  });
});
