/** The portal around the flows: home, error pages, redirects, header, language switch. */
import { expect, expectAccessible, test, fieldError } from './support';

test('home lists every flow route and is accessible', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  for (const href of ['/uzi/aanleveren-pkcs-10-bestand', '/zovar/aanleveren-pkcs-10-bestand', '/uzi/aanleveren-documenten']) {
    await expect(page.locator(`a[href="${href}"]`)).toBeVisible();
  }
  await expectAccessible(page, 'home');
});

test('unknown paths go to 404 without a back link; error pages show their code', async ({ page }) => {
  await page.goto('/uzi/aanleveren-documenten/stap1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/dit/bestaat/niet');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Niet gevonden');
  await expect(page.getByText('De pagina die u heeft opgevraagd is niet gevonden. De pagina kan zijn verplaatst of bestaat niet meer.')).toBeVisible();
  await expect(page.getByText('Foutcode: 404')).toBeVisible();
  await expect(page.getByRole('link', { name: /terug/i })).toHaveCount(0);
  await expectAccessible(page, '404');

  await page.goto('/uzi/error?status=403');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Geen toegang');
  await expect(page.getByText('U heeft geen toegang tot deze pagina.')).toBeVisible();
  await expect(page.getByText('Foutcode: 403')).toBeVisible();
  await expect(page.locator('main a[href="/uzi/aanleveren-documenten"]')).toBeVisible();

  await page.goto('/zovar/error');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Er is een probleem met deze pagina');
  await expect(page.getByText('Herlaad deze pagina of kom later terug om het nogmaals te proberen.')).toBeVisible();
  await expect(page.getByText('Foutcode: 500')).toBeVisible();
  await expectAccessible(page, 'foutpagina 500');
});

test('the old pass-request path redirects to the external page, from the server and in the portal', async ({ page, baseURL }) => {
  const port = new URL(baseURL!).port;
  const direct = await page.request.get('/uzi/aanvraag-servercertificaat/iets', { maxRedirects: 0 });
  expect(direct.status()).toBe(302);
  expect(direct.headers().location).toBe(`http://localhost:${port}/home?extern=1`);
  await page.goto('/home');
  await page.evaluate(() => {
    window.history.pushState(null, '', '/uzi/aanvraag-servercertificaat/x');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(`http://localhost:${port}/home?extern=1`);
});

test('header shows where you are; the language switch keeps step and data', async ({ page }) => {
  await page.goto('/zovar/aanleveren-pkcs-10-bestand/stap1');
  await expect(page.getByText('U bent hier:')).toBeVisible();
  await expect(page.locator('header')).toContainText('ZOVAR');
  await expect(page.locator('header')).toContainText('Aanleveren PKCS#10 bestand');
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
  await expect(page.getByRole('complementary')).toContainText('Vragen?');
  await page.getByLabel('Abonneenummer').fill('123456');
  await page.getByRole('button', { name: /EN/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Step 1');
  await expect(page).toHaveURL(/stap1$/);
  await expect(page.getByLabel('Subscriber number')).toHaveValue('123456');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(fieldError(page, "The field 'Full domain name' has not been filled in.")).toBeVisible();
  await expectAccessible(page, 'Engelse stap 1');
  await page.getByRole('button', { name: /NL/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByLabel('Abonneenummer')).toHaveValue('123456');
});

test('page titles follow the language switch both ways, name the portal of the scenario and repeat nothing', async ({ page }) => {
  // An intro page whose title is the flow's name: said once.
  await page.goto('/uzi/abonneeregistratie-zorginstelling');
  await expect(page).toHaveTitle('Abonneeregistratie zorginstelling | Aanvraagportaal UZI-register');
  await page.getByRole('button', { name: /EN/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(/ \| UZI register application portal$/);
  await expect(page).not.toHaveTitle(/Abonneeregistratie|Aanvraagportaal/);
  await page.getByRole('button', { name: /NL/ }).click();
  await expect(page).toHaveTitle('Abonneeregistratie zorginstelling | Aanvraagportaal UZI-register');

  // A ZOVAR step: the ZOVAR portal, in both languages, back and forth.
  await page.goto('/zovar/aanvraag-servercertificaat/stap1');
  await expect(page).toHaveTitle('Stap 1: Uw gegevens | Aanvraag ZOVAR-servercertificaat | Aanvraagportaal ZOVAR');
  await page.getByRole('button', { name: /EN/ }).click();
  await expect(page).toHaveTitle(/^Step 1: .+ \| ZOVAR application portal$/);
  await expect(page).not.toHaveTitle(/Uw gegevens|Aanvraag |Aanvraagportaal/);
  await page.getByRole('button', { name: /NL/ }).click();
  await expect(page).toHaveTitle('Stap 1: Uw gegevens | Aanvraag ZOVAR-servercertificaat | Aanvraagportaal ZOVAR');
});
