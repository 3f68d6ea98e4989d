/**
 * Required fields and messages in Chromium: the error summary at the top after a failed 'Volgende'
 * (focused, one link per message, each link to its field), aria-invalid on every invalid control,
 * aria-required on radio groups and file pickers, the 'Verplicht veld' hint on the asterisk, and the
 * moment messages appear: after leaving a field or Volgende, not while typing, and not on a field
 * that appeared after a failed Volgende until it is left.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, toDocumentsStep2 } from './support';

const START = '/uzi/aanleveren-documenten';

async function toDocumentsStep(page: Page): Promise<void> {
  await toDocumentsStep2(page, { subscriber: 'Zorggroep Noord', contact: 'Kees Smit', email: 'kees@example.nl' });
}

test.describe('Verplichte velden en meldingen', () => {
  test("a failed 'Volgende' puts a focused summary at the top that links to each field", async ({ page }) => {
    await toDocumentsStep(page);
    const radios = page.getByRole('radiogroup');
    await expect(radios.first()).toHaveAttribute('aria-required', 'true');
    await expect(page.locator('#documenten_documenten')).toHaveAttribute('aria-required', 'true');
    await expect(page.locator('.renderer-required').first()).toHaveAttribute('title', 'Verplicht veld');
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);

    await page.getByRole('button', { name: 'Volgende' }).click();
    const summary = page.locator('.renderer-error-summary');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('heading')).toHaveText(/Er is iets niet goed ingevuld/);
    const links = summary.getByRole('link');
    const messages = await page.locator('.utrecht-form-field-error-message').count();
    expect(messages).toBeGreaterThanOrEqual(3);
    await expect(links).toHaveCount(messages);
    // Every field with a message is marked invalid: the select, the radio group, the file picker.
    await expect(page.getByLabel('Waar hebben de documenten betrekking op?')).toHaveAttribute('aria-invalid', 'true');
    await expect(radios.first()).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#documenten_documenten')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'samenvatting van fouten');

    // The summary's link to the file picker puts the focus on it.
    const fileMessage = (await page.locator('[data-field="documenten"] .utrecht-form-field-error-message').textContent())?.replace(/^Fout:\s*/, '') ?? '';
    await summary.getByRole('link', { name: fileMessage.trim() }).click();
    await expect(page.locator('#documenten_documenten')).toBeFocused();
  });

  test('messages appear after leaving a field or Volgende, never while typing, nor on a field that just appeared', async ({ page }) => {
    await page.goto(START);
    const email = page.getByLabel('E-mailadres contactpersoon');
    await page.getByRole('button', { name: 'Volgende' }).click();
    const emailMessage = page.locator('[data-field="emailAdresContactpersoon"] .utrecht-form-field-error-message');
    await expect(emailMessage).toContainText('is niet ingevuld');

    // Typing a value that is still wrong does not change the message while typing ...
    await email.pressSequentially('kees@', { delay: 20 });
    await expect(emailMessage).toContainText('is niet ingevuld');
    // ... nor does typing in one field bring up messages elsewhere.
    const before = await page.locator('.utrecht-form-field-error-message').count();
    await page.getByLabel('Naam abonnee').pressSequentially('Zorg', { delay: 20 });
    await expect(page.locator('.utrecht-form-field-error-message')).toHaveCount(before - 1);
    // Leaving the e-mail field gave its current message.
    await expect(emailMessage).not.toContainText('is niet ingevuld');
    await expect(emailMessage).toBeVisible();
    // A corrected field loses its message at once.
    await email.fill('kees@example.nl');
    await expect(emailMessage).toHaveCount(0);

    await page.getByLabel('Naam contactpersoon').fill('Kees Smit');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/stap2$/);
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.locator('.renderer-error-summary')).toBeFocused();
    // A follow-up question that appears after the failed Volgende shows no message yet.
    await page.getByRole('radio', { name: 'Wijziging' }).check();
    const follow = page.getByLabel('Soort wijziging');
    await expect(follow).toBeVisible();
    await expect(page.locator('[data-field="aanvraagTypeWijziging"] .utrecht-form-field-error-message')).toHaveCount(0);
    await expect(follow).not.toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'vervolgvraag zonder melding');
    await follow.focus();
    await follow.blur();
    await expect(page.locator('[data-field="aanvraagTypeWijziging"] .utrecht-form-field-error-message')).toContainText('is niet ingevuld');
    await expect(follow).toHaveAttribute('aria-invalid', 'true');
  });
});
