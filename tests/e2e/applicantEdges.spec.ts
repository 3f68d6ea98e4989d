/**
 * The applicant's rough edges, in Chromium: messages and their summary stay on screen across a
 * language switch.
 */
import { expect, expectAccessible, fieldError, test } from './support';

const DOCUMENTS = '/uzi/aanleveren-documenten';

test('messages and the error summary stay on screen across a language switch, in the new language', async ({ page }) => {
  await page.goto(`${DOCUMENTS}/stap1`);
  await page.getByRole('button', { name: 'Volgende' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Er is iets niet goed ingevuld' });
  await expect(summary).toBeVisible();
  await expect(fieldError(page, "Het veld 'Naam abonnee' is niet ingevuld.")).toBeVisible();

  await page.getByRole('button', { name: /EN/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel('Subscriber name')).toBeVisible();
  // Shown without another blur or Next: the same messages, now in English.
  await expect(page.getByRole('heading', { name: 'Something has not been filled in correctly' })).toBeVisible();
  await expect(fieldError(page, "The field 'Subscriber name' has not been filled in.")).toBeVisible();
  await expect(page.getByRole('link', { name: "The field 'Subscriber name' has not been filled in." })).toBeVisible();
  await expect(fieldError(page, 'Het veld')).toHaveCount(0);
  await expectAccessible(page, 'messages after switching to English');

  // The summary's links still lead to their field, by keyboard.
  await page.getByRole('link', { name: "The field 'Subscriber name' has not been filled in." }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Subscriber name')).toBeFocused();

  await page.getByRole('button', { name: /NL/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { name: 'Er is iets niet goed ingevuld' })).toBeVisible();
  await expect(fieldError(page, "Het veld 'Naam abonnee' is niet ingevuld.")).toBeVisible();
});
