/**
 * The look that helps to read the form: selects show their arrow, and on a 375 px wide screen the
 * 'Geef uw mening' button never lies over a field or a message.
 */
import { expect, expectAccessible, test } from './support';

test('a select shows its arrow', async ({ page }) => {
  await page.goto('/uzi/aanleveren-documenten/stap1');
  await page.getByLabel('Naam abonnee').fill('Zorggroep');
  await page.getByLabel('Naam contactpersoon').fill('Jan Jansen');
  await page.getByLabel('E-mailadres contactpersoon').fill('jan@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).click();
  const select = page.getByLabel('Waar hebben de documenten betrekking op?');
  await expect(select).toBeVisible();
  const image = await select.evaluate((element) => getComputedStyle(element).backgroundImage);
  expect(image).toMatch(/^url\(/);
  // The image really loads (same origin, allowed by the CSP).
  const loaded = await page.evaluate(async (css) => {
    const url = css.replace(/^url\("?/, '').replace(/"?\)$/, '');
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth > 0;
  }, image);
  expect(loaded).toBe(true);
});

test.describe('on a 375 px screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the 'Geef uw mening' button covers no field and no message", async ({ page }) => {
    await page.goto('/uzi/abonneeregistratie-zorgverlener/stap1');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.locator('.utrecht-form-field-error-message').first()).toBeVisible();
    const button = page.getByRole('button', { name: 'Geef uw mening' });
    await expect(button).toBeVisible();
    const overlaps = await page.evaluate(() => {
      const box = (element: Element) => {
        const rect = element.getBoundingClientRect();
        return { top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY, left: rect.left, right: rect.right };
      };
      const feedback = document.querySelector('.portal-feedback-button');
      if (!feedback) return ['no button'];
      const fixed = getComputedStyle(feedback).position === 'fixed';
      const found: string[] = [];
      // A fixed button travels with the page: check it at every scroll position of the content.
      const targets = Array.from(document.querySelectorAll('.renderer-field, .utrecht-form-field-error-message, .renderer-buttons button'));
      const positions = fixed ? Array.from({ length: Math.ceil(document.body.scrollHeight / 100) }, (_, index) => index * 100) : [0];
      for (const y of positions) {
        window.scrollTo(0, y);
        const b = box(feedback);
        for (const target of targets) {
          const t = box(target);
          if (b.left < t.right && b.right > t.left && b.top < t.bottom && b.bottom > t.top) found.push(`${target.className} at ${y}`);
        }
      }
      return found;
    });
    expect(overlaps).toEqual([]);
    await expectAccessible(page, 'smal scherm met meldingen');
  });
});
