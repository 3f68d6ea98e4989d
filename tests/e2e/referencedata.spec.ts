/**
 * The reference calls in the browser: base data failing -> uzi/error; postcode lookup 500 -> manual
 * entry; and a step is not settled (`data-settled`) while its lookup is under way, and is once the
 * lookup's answer is on screen.
 */
import { SETTLED_ATTRIBUTE } from '../../renderer/react/wizard/useSettled';
import { expect, expectAccessible, test, waitForSettled } from './support';

test('a reference-data load failure leads to the register error page', async ({ page }) => {
  // The Dutch page brings its lists along; without them (as on an English page) they are loaded, and that fails here.
  await page.route('**/uzi/abonneeregistratie-zorginstelling/stap1', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/<script type="application\/json" id="portal-boot">[\s\S]*?<\/script>/, '');
    await route.fulfill({ response, body });
  });
  await page.route('**/api/base-data/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.goto('/uzi/abonneeregistratie-zorginstelling/stap1');
  await expect(page).toHaveURL(/\/uzi\/error\?status=500$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Er is een probleem met deze pagina');
  await expect(page.getByText('Foutcode: 500')).toBeVisible();
});

test('a postcode lookup failure shows the technical message and allows manual entry', async ({ page }) => {
  await page.route('**/api/referencedata/postcodedata**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"type":"urn:uzi-portaal:fout:technisch","status":500,"detail":"x","traceId":"t","errors":[]}',
    }),
  );
  await page.goto('/uzi/abonneeregistratie-zorginstelling/stap1');
  await page.locator('#organisatie_bezoekAdres_postcode').fill('2511CV');
  await page.locator('#organisatie_bezoekAdres_huisnummer').fill('5');
  // Shown in a message box (and also announced through a hidden status region).
  await expect(
    page
      .locator('.utrecht-alert')
      .filter({ hasText: 'Door een technische storing kan het adres niet opgezocht worden. Voer hieronder de straatnaam en plaatsnaam handmatig in.' }),
  ).toBeVisible();
  await page.locator('#organisatie_bezoekAdres_straatnaam').fill('Lange Voorhout');
  await expect(page.locator('#organisatie_bezoekAdres_straatnaam')).toHaveValue('Lange Voorhout');
  await expectAccessible(page, 'adres met technische storing');
});

test('a step is not settled while its postcode lookup is under way, and is with the answer on screen', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const lookupAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/api/referencedata/postcodedata**', async (route) => {
    asked();
    await held;
    await route.fallback();
  });
  await page.goto('/uzi/abonneeregistratie-zorginstelling/stap1');
  await waitForSettled(page);
  const wizard = page.locator('.renderer-wizard');
  const street = page.locator('#organisatie_bezoekAdres_straatnaam');
  // What the street field holds at each moment the step is marked settled from now on.
  await wizard.evaluate((element, attribute) => {
    const seen: string[] = [];
    (window as unknown as { streetWhenSettled: string[] }).streetWhenSettled = seen;
    new MutationObserver(() => {
      if (element.getAttribute(attribute) === 'true') seen.push(document.querySelector<HTMLInputElement>('#organisatie_bezoekAdres_straatnaam')?.value ?? '');
    }).observe(element, { attributes: true, attributeFilter: [attribute] });
  }, SETTLED_ATTRIBUTE);

  await page.locator('#organisatie_bezoekAdres_postcode').fill('2511CV');
  await page.locator('#organisatie_bezoekAdres_huisnummer').fill('5');
  await lookupAsked;
  await expect(wizard).not.toHaveAttribute(SETTLED_ATTRIBUTE);
  await expect(street).toHaveValue('');

  release();
  await waitForSettled(page);
  await expect(street).toHaveValue('Lange Voorhout');
  expect(await page.evaluate(() => (window as unknown as { streetWhenSettled: string[] }).streetWhenSettled)).toEqual(['Lange Voorhout']);
});
