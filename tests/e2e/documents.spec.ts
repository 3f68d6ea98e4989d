/** The document-delivery flow in Debian Chromium: every step, its error paths, review, submit, confirmation. */
import { downloadedPdfText, expect, expectAccessible, minimalPdf, minimalPng, next, test, fieldError } from './support';

const START = '/uzi/aanleveren-documenten';

test.describe('Aanleveren documenten', () => {
  test('from start to confirmation and download, accessible at every step', async ({ page }) => {
    await page.goto(START);
    await expect(page).toHaveURL(/\/uzi\/aanleveren-documenten\/stap1$/);
    await expect(page).toHaveTitle('Stap 1: Uw gegevens | Aanleveren documenten | Aanvraagportaal UZI-register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 1: Uw gegevens');
    await expect(page.getByText('U bent hier:')).toBeVisible();
    await expectAccessible(page, 'stap 1');

    await page.getByLabel('Naam abonnee').fill('Zorggroep Ñuñez');
    await page.getByLabel('Naam contactpersoon').fill('Łukasz Żółć');
    await page.getByLabel('E-mailadres contactpersoon').fill('  lukasz@example.nl  ');
    await page.getByLabel('E-mailadres contactpersoon').blur();
    await expect(page.getByLabel('E-mailadres contactpersoon')).toHaveValue('lukasz@example.nl');
    await page.getByRole('button', { name: 'Volgende' }).click();

    await expect(page).toHaveURL(/stap2$/);
    await expect(page).toHaveTitle(/^Stap 2: Documenten \| /);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expectAccessible(page, 'stap 2');
    await page.getByLabel('Waar hebben de documenten betrekking op?').selectOption({ label: 'UZI-zorgverlenerpas' });
    await expect(page.getByLabel('Soort wijziging')).toHaveCount(0);
    await page.getByRole('radio', { name: 'Wijziging' }).check();
    await expect(page.getByLabel('Soort wijziging')).toBeVisible();
    await page.getByLabel('Soort wijziging').fill('Nieuw adres van de praktijk');
    await page.locator('#documenten_documenten').setInputFiles([
      { name: 'uittreksel.pdf', mimeType: 'application/pdf', buffer: minimalPdf() },
      { name: 'handtekening.png', mimeType: 'image/png', buffer: minimalPng() },
    ]);
    await expect(page.getByRole('listitem').filter({ hasText: 'uittreksel.pdf' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'handtekening.png' })).toBeVisible();
    await expectAccessible(page, 'stap 2 met bestanden');
    await page.getByRole('button', { name: 'Volgende' }).click();

    await expect(page).toHaveURL(/stap3$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 3: Controleren');
    const review = page.locator('.renderer-review');
    await expect(review).toContainText('Zorggroep Ñuñez');
    await expect(review).toContainText('-- Niet ingevuld');
    await expect(review).toContainText('UZI-zorgverlenerpas');
    await expect(review).toContainText('Wijziging');
    await expect(review).toContainText('Nieuw adres van de praktijk');
    await expect(review).toContainText('uittreksel.pdf');
    await expectAccessible(page, 'controleren');

    // 'Wijzigen' jumps back without validation; data is kept.
    await page.getByRole('link', { name: /Wijzigen Uw gegevens/ }).click();
    await expect(page).toHaveURL(/stap1$/);
    await expect(page.getByLabel('Naam abonnee')).toHaveValue('Zorggroep Ñuñez');
    await page.getByLabel('Abonneenummer').fill('12345');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap3$/);
    await expect(review).toContainText('12345');

    await page.getByRole('button', { name: 'Documenten versturen' }).click();
    await expect(page).toHaveURL(/bevestiging$/);
    // The heading is said once: the alert below it does not repeat it.
    await expect(page.getByText('Uw documenten zijn ontvangen', { exact: true })).toHaveCount(1);
    await expect(page).toHaveTitle(/^Bevestiging van uw aanvraag \| Aanleveren documenten \| /);
    const kenmerk = (
      await page
        .getByText(/onder kenmerk/)
        .first()
        .textContent()
    )?.match(/[0-9A-Z]{4}(-[0-9A-Z]{4}){3}/)?.[0];
    expect(kenmerk).toBeTruthy();
    await expectAccessible(page, 'bevestiging');

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download bevestiging' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`bevestiging-aanleveren-documenten-${kenmerk}.pdf`);
    const text = await downloadedPdfText(download);
    for (const expected of [
      kenmerk!,
      'Aanleveren documenten',
      'Bevestiging van aanlevering',
      'Zorggroep Ñuñez',
      'Łukasz Żółć',
      'uittreksel.pdf',
      'handtekening.png',
      'Nieuw adres van de praktijk',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Datum en tijd van ontvangst \d\d-\d\d-\d{4} \d\d:\d\d/);

    // The flow data is gone after sending: a new start is empty.
    await page.goto(START);
    await expect(page.getByLabel('Naam abonnee')).toHaveValue('');
  });

  test('shows the Dutch messages after submit and after blur, and focuses the first invalid field', async ({ page }) => {
    await page.goto(`${START}/stap1`);
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap1$/);
    await expect(fieldError(page, "Het veld 'Naam abonnee' is niet ingevuld.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'Naam contactpersoon' is niet ingevuld.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'E-mailadres contactpersoon' is niet ingevuld.")).toBeVisible();
    // The error summary at the top takes focus; its first link leads to the first invalid field.
    await expect(page.locator('.renderer-error-summary')).toBeFocused();
    await page.locator('.renderer-error-summary').getByRole('link').first().click();
    await expect(page.getByLabel('Naam abonnee')).toBeFocused();
    await expect(page.getByLabel('Naam abonnee')).toHaveAttribute('aria-describedby', /gegevens_abonneeNaam__error/);
    await expect(page.locator('#gegevens_abonneeNaam__error')).toContainText('Fout:');
    await expectAccessible(page, 'stap 1 met fouten');

    await page.getByLabel('Abonneenummer').fill('10000');
    await page.getByLabel('Abonneenummer').blur();
    await expect(fieldError(page, "Het veld 'Abonneenummer' moet bestaan uit minimaal 5 tot maximaal 8 cijfers.")).toBeVisible();
    await page.getByLabel('E-mailadres contactpersoon').fill('geen-adres');
    await page.getByLabel('E-mailadres contactpersoon').blur();
    await expect(fieldError(page, "Het veld 'E-mailadres contactpersoon' is ongeldig.")).toBeVisible();
    await page.getByLabel('Naam contactpersoon').fill('Jan 2');
    await page.getByLabel('Naam contactpersoon').blur();
    await expect(fieldError(page, "Het veld 'Naam contactpersoon' is ongeldig.")).toBeVisible();
  });

  test('step 2: conditional fields are required when shown, and every file message appears', async ({ page }) => {
    await page.goto(`${START}/stap1`);
    await page.getByLabel('Naam abonnee').fill('Zorggroep');
    await page.getByLabel('Naam contactpersoon').fill('Jan Jansen');
    await page.getByLabel('E-mailadres contactpersoon').fill('jan@example.nl');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await page.getByRole('radio', { name: 'Anders' }).check();
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(fieldError(page, "Het veld 'Ander type aanvraag' is niet ingevuld.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'Waar hebben de documenten betrekking op?' is niet ingevuld.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'Documenten' is niet ingevuld.")).toBeVisible();
    await expect(page.locator('.renderer-error-summary')).toBeFocused();
    await page.locator('.renderer-error-summary').getByRole('link').first().click();
    await expect(page.getByLabel('Waar hebben de documenten betrekking op?')).toBeFocused();

    const input = page.locator('#documenten_documenten');
    await input.setInputFiles({ name: 'scan.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(page.getByText("Het bestand 'scan.exe' is niet toegevoegd, omdat")).toBeVisible();
    await input.setInputFiles({ name: 'leeg.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) });
    await expect(page.getByText("Het bestand 'leeg.pdf' is niet toegevoegd, omdat het bestand leeg is.")).toBeVisible();
    await input.setInputFiles({ name: 'groot.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1) });
    await expect(page.getByText("Het bestand 'groot.pdf' is niet toegevoegd, omdat het groter is dan 10 MB.")).toBeVisible();
    await input.setInputFiles({ name: `${'a'.repeat(252)}.pdf`, mimeType: 'application/pdf', buffer: minimalPdf() });
    await expect(page.getByText(/is niet toegevoegd, omdat de bestandsnaam langer is dan 255 karakters/)).toBeVisible();
    await input.setInputFiles({ name: 'brief|kopie.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
    await expect(page.getByText(/Het bestand 'brief\|kopie.pdf' is niet toegevoegd, omdat de bestandsnaam een teken bevat/)).toBeVisible();
    const seven = Array.from({ length: 7 }, (_, i) => ({ name: `bijlage-${i}.pdf`, mimeType: 'application/pdf', buffer: minimalPdf() }));
    await input.setInputFiles(seven);
    await expect(
      page.getByText('Er zijn geen bestanden toegevoegd omdat daardoor het maximum aantal van 6 is overschreden. Selecteer nog maximaal 6 bestanden.'),
    ).toBeVisible();
    await input.setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
    await input.setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
    await expect(page.getByText("Het bestand 'brief.pdf' is niet toegevoegd, omdat het al is toegevoegd.")).toBeVisible();
    await expectAccessible(page, 'stap 2 met bestandsmeldingen');
  });

  test('a PNG saved as .pdf is one of the allowed types, so the server takes it too', async ({ page }) => {
    await page.goto(`${START}/stap1`);
    await page.getByLabel('Naam abonnee').fill('Zorggroep');
    await page.getByLabel('Naam contactpersoon').fill('Jan Jansen');
    await page.getByLabel('E-mailadres contactpersoon').fill('jan@example.nl');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await page.getByLabel('Waar hebben de documenten betrekking op?').selectOption({ label: 'Abonneeregistratie zorginstelling' });
    await page.getByRole('radio', { name: 'Nieuwe aanvraag' }).check();
    await page.locator('#documenten_documenten').setInputFiles({ name: 'vermomd.pdf', mimeType: 'application/pdf', buffer: minimalPng() });
    await expect(page.getByRole('listitem').filter({ hasText: 'vermomd.pdf' })).toBeVisible();
    await next(page, 'stap3');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 3: Controleren');
    // The review content is in place (the button below it no longer moves).
    await expect(page.getByRole('link', { name: /^Wijzigen/ }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Documenten versturen' }).click();
    await expect(page).toHaveURL(/bevestiging$/);
  });
});

test.describe('Bestanden kiezen en weigeren', () => {
  async function toFiles(page: import('@playwright/test').Page): Promise<void> {
    await page.goto(`${START}/stap1`);
    await page.getByLabel('Naam abonnee').fill('Zorggroep');
    await page.getByLabel('Naam contactpersoon').fill('Jan Jansen');
    await page.getByLabel('E-mailadres contactpersoon').fill('jan@example.nl');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap2$/);
  }

  test('the picker checks content: a program named .pdf is refused at once, a PNG saved as .jpg is fine, a duplicate is skipped', async ({ page }) => {
    await toFiles(page);
    const input = page.locator('#documenten_documenten');
    await input.setInputFiles({ name: 'factuur.pdf', mimeType: 'application/pdf', buffer: Buffer.from('4d5a90000300000004000000ffff0000', 'hex') });
    await expect(page.getByRole('alert')).toContainText(
      "Het bestand 'factuur.pdf' is niet toegevoegd, omdat de inhoud niet past bij een toegestaan bestandstype.",
    );
    await expect(page.locator('.widget-file-upload__item').filter({ hasText: 'factuur.pdf' })).toHaveCount(0);
    await expectAccessible(page, 'inhoud past niet');

    await input.setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: minimalPng() });
    await expect(page.getByRole('listitem').filter({ hasText: 'foto.jpg' })).toBeVisible();
    await input.setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: minimalPng() });
    await expect(page.getByRole('alert')).toContainText("Het bestand 'foto.jpg' is niet toegevoegd, omdat het al is toegevoegd.");
    await expect(page.locator('.widget-file-upload__item').filter({ hasText: 'foto.jpg' })).toHaveCount(1);
  });

  test("a file the server refuses is named in the picker's words at its field, reached from the review", async ({ page }) => {
    await toFiles(page);
    await page.getByLabel('Waar hebben de documenten betrekking op?').selectOption({ label: 'UZI-zorgverlenerpas' });
    await page.getByRole('radio', { name: 'Nieuwe aanvraag' }).check();
    await page.locator('#documenten_documenten').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap3$/);
    // The server's answer as it sends it for a file over the limit (forced here: the browser checks the size first).
    await page.route('**/api/aanleveren-documenten/upload', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          type: 'urn:uzi-portaal:fout:ongeldige-invoer',
          status: 400,
          detail: 'Het bestand is te groot.',
          traceId: 'x',
          errors: [{ code: 'UFILE-01', extraInfo: ['scan.pdf', '10 MB'] }],
        }),
      }),
    );
    await page.getByRole('button', { name: 'Documenten versturen' }).click();
    const message = "Het bestand 'scan.pdf' is niet toegevoegd, omdat het groter is dan 10 MB.";
    await expect(page.locator('.renderer-error-summary')).toContainText(message);
    await expectAccessible(page, 'bestand geweigerd door de server');
    await page.locator('.renderer-error-summary').getByRole('link').first().click();
    await expect(page).toHaveURL(/stap2$/);
    await expect(fieldError(page, message)).toBeVisible();
  });
});
