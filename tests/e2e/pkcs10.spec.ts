/** The PKCS#10 delivery in both scenarios, with real openssl-made CSRs checked by the server. */
import { makeEcCsr, makeRsaCsr } from '../helpers/openssl';
import { downloadedPdfText, expect, expectAccessible, test, fieldError } from './support';

for (const scenario of ['uzi', 'zovar'] as const) {
  test(`${scenario}: a valid RSA 4096 CSR is delivered and confirmed`, async ({ page }) => {
    const csr = makeRsaCsr(4096, { cn: 'www.zorg.example.nl' });
    await page.goto(`/${scenario.toUpperCase()}/aanleveren-pkcs-10-bestand`);
    await expect(page).toHaveURL(new RegExp(`/${scenario}/aanleveren-pkcs-10-bestand/stap1$`));
    const suffix = scenario === 'zovar' ? ' (ZOVAR)' : '';
    const portal = scenario === 'zovar' ? 'Aanvraagportaal ZOVAR' : 'Aanvraagportaal UZI-register';
    await expect(page).toHaveTitle(`Stap 1: Details Certificate Signing Request | Aanleveren PKCS#10 bestand${suffix} | ${portal}`);
    await expectAccessible(page, `${scenario} stap 1`);
    await page.getByLabel('Abonneenummer').fill('123456');
    await page.getByLabel('Volledige domeinnaam').fill('www.zorg.example.nl');
    await page.locator('#pkcs10_bestanden').setInputFiles({ name: 'aanvraag.csr', mimeType: 'application/pkcs10', buffer: csr });
    await expect(page.getByRole('listitem').filter({ hasText: 'aanvraag.csr' })).toBeVisible();
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap2$/);
    await expect(page.locator('.renderer-review')).toContainText('aanvraag.csr');
    await expectAccessible(page, `${scenario} controleren`);
    await page.getByRole('button', { name: 'Bestand versturen' }).click();
    await expect(page).toHaveURL(/bevestiging$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Aanleveren PKCS#10 bestand${suffix}`);
    const kenmerk = (await page.getByText(/Het unieke kenmerk van uw aanlevering is/).textContent())?.match(/[0-9A-Z]{4}(-[0-9A-Z]{4}){3}/)?.[0];
    expect(kenmerk).toBeTruthy();
    await expectAccessible(page, `${scenario} bevestiging`);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download bevestiging' }).click();
    const text = await downloadedPdfText(await downloadPromise);
    for (const expected of [
      kenmerk!,
      `Aanleveren PKCS#10 bestand${suffix}`,
      'Bevestiging van aanlevering',
      '123456',
      'www.zorg.example.nl',
      'aanvraag.csr',
      scenario === 'zovar' ? 'ZOVAR' : 'UZI-register',
      'Ondertekening',
      'Antwoordnummer',
    ]) {
      expect(text).toContain(expected);
    }
  });
}

test('a CSR the register does not accept shows the heading and the code message', async ({ page }) => {
  await page.goto('/uzi/aanleveren-pkcs-10-bestand/stap1');
  await page.getByLabel('Abonneenummer').fill('123456');
  await page.getByLabel('Volledige domeinnaam').fill('www.zorg.example.nl');
  const input = page.locator('#pkcs10_bestanden');
  await input.setInputFiles({ name: 'kort.csr', mimeType: 'application/pkcs10', buffer: makeRsaCsr(2048) });
  await expect(page.getByRole('listitem').filter({ hasText: 'kort.csr' })).toBeVisible();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('button', { name: 'Bestand versturen' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Het PKCS#10 bestand kan niet worden verwerkt' });
  await expect(alert).toContainText('Het door u toegevoegde bestand heeft geen valide bitlengte. Toegestane bitlengte(s): 4096.');
  await expectAccessible(page, 'foutmelding PKCS#10');

  await page.getByRole('link', { name: /Wijzigen/ }).click();
  await input.setInputFiles({ name: 'ec.csr', mimeType: 'application/pkcs10', buffer: makeEcCsr('P-256') });
  await expect(page.getByRole('listitem').filter({ hasText: 'ec.csr' })).toBeVisible();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('button', { name: 'Bestand versturen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Toegestane algoritme(s): sha256WithRSAEncryption.' })).toBeVisible();

  await page.getByRole('link', { name: /Wijzigen/ }).click();
  await input.setInputFiles({ name: 'onzin.txt', mimeType: 'text/plain', buffer: Buffer.from('dit is geen certificaataanvraag') });
  await expect(page.getByRole('listitem').filter({ hasText: 'onzin.txt' })).toBeVisible();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('button', { name: 'Bestand versturen' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Het door u toegevoegde bestand kan niet worden verwerkt. Voeg een ander bestand toe.' }),
  ).toBeVisible();
});

test('field rules of the PKCS#10 step', async ({ page }) => {
  await page.goto('/zovar/aanleveren-pkcs-10-bestand/stap1');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(fieldError(page, "Het veld 'Abonneenummer' is niet ingevuld.")).toBeVisible();
  await expect(fieldError(page, "Het veld 'Volledige domeinnaam' is niet ingevuld.")).toBeVisible();
  await expect(fieldError(page, "Het veld 'PKCS#10 bestand' is niet ingevuld.")).toBeVisible();
  for (const domain of ['zorg.nl', 'WWW.ZORG.NL', 'server.zorg.local', 'a.b.onion', `${'a'.repeat(30)}.${'b'.repeat(30)}.nl`]) {
    await page.getByLabel('Volledige domeinnaam').fill(domain);
    await page.getByLabel('Volledige domeinnaam').blur();
    await expect(fieldError(page, "Het veld 'Volledige domeinnaam' is ongeldig, controleer de invoer.")).toBeVisible();
  }
  const input = page.locator('#pkcs10_bestanden');
  await input.setInputFiles({ name: 'aanvraag.pem', mimeType: 'application/x-pem-file', buffer: Buffer.from('x') });
  await expect(page.getByText(/Het bestand 'aanvraag.pem' is niet toegevoegd, omdat dit bestandstype niet is toegestaan/)).toBeVisible();
  await input.setInputFiles({ name: 'een.csr', mimeType: 'application/pkcs10', buffer: Buffer.from('a') });
  await input.setInputFiles({ name: 'twee.csr', mimeType: 'application/pkcs10', buffer: Buffer.from('b') });
  await expect(page.locator('.widget-file-upload')).toContainText('twee.csr');
  await expect(page.locator('.widget-file-upload')).not.toContainText('een.csr');
  await expectAccessible(page, 'PKCS#10 stap 1 met fouten');
});

test('a request made for another domain is refused with its reason at the file, and the file is replaced from the review', async ({ page }) => {
  await page.goto('/zovar/aanleveren-pkcs-10-bestand/stap1');
  await page.getByLabel('Abonneenummer').fill('123456');
  await page.getByLabel('Volledige domeinnaam').fill('www.zorg.example.nl');
  await page
    .locator('#pkcs10_bestanden')
    .setInputFiles({ name: 'verkeerd.csr', mimeType: 'application/pkcs10', buffer: makeRsaCsr(4096, { cn: 'www.ander-domein.example.nl' }) });
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page).toHaveURL(/stap2$/);
  await page.getByRole('button', { name: 'Bestand versturen' }).click();

  const summary = page.locator('.renderer-error-summary');
  await expect(summary.getByRole('heading')).toContainText('Het PKCS#10 bestand kan niet worden verwerkt');
  const reason = 'Het door u toegevoegde bestand is niet gemaakt voor de domeinnaam www.zorg.example.nl.';
  await expect(summary).toContainText(reason);
  await expect(page).toHaveURL(/stap2$/);
  await expectAccessible(page, 'geweigerd PKCS#10 bestand');

  // The summary leads straight to the file, where the reason stands too; another file replaces it.
  await summary.getByRole('link', { name: new RegExp(reason.replace(/[.]/g, '\\.')) }).click();
  await expect(page).toHaveURL(/stap1$/);
  await expect(fieldError(page, reason)).toBeVisible();
  await page
    .locator('#pkcs10_bestanden')
    .setInputFiles({ name: 'goed.csr', mimeType: 'application/pkcs10', buffer: makeRsaCsr(4096, { cn: 'www.zorg.example.nl' }) });
  await expect(page.getByRole('listitem').filter({ hasText: 'goed.csr' })).toBeVisible();
  await expect(page.locator('.widget-file-upload__item').filter({ hasText: 'verkeerd.csr' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('button', { name: 'Bestand versturen' }).click();
  await expect(page).toHaveURL(/bevestiging$/);
});

test('a file whose content is no certificate request is refused at once, in the spec words', async ({ page }) => {
  await page.goto('/zovar/aanleveren-pkcs-10-bestand/stap1');
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de', 'hex');
  await page.locator('#pkcs10_bestanden').setInputFiles({ name: 'plaatje.csr', mimeType: 'application/pkcs10', buffer: png });
  await expect(page.getByRole('alert')).toContainText(
    "Het bestand 'plaatje.csr' is niet toegevoegd, omdat de inhoud niet past bij een toegestaan bestandstype.",
  );
  await expect(page.locator('.widget-file-upload__item').filter({ hasText: 'plaatje.csr' })).toHaveCount(0);
  await expectAccessible(page, 'verkeerde inhoud');
});
