/**
 * Removing and renaming with their impact in the back office, by keyboard alone: a field that a
 * rule, a computed text and both signers of the printed form read is removed after the question
 * what it affects (Escape first: nothing changes, focus returns), confirmed with its uses, saved —
 * and the draft has no findings. A field's data key is renamed in its details and the changes read
 * as one rename. axe on the dialog, the details and the page after.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support';

const FLOW = 'aanvraag-zorgverlenerpas';
const ADMIN = { email: 'beheer@example.nl', password: 'proef-wachtwoord-123' };

/** Presses Tab (or Shift+Tab) until the element has focus: the keyboard user's way to a control. */
async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  for (let step = 0; step < 200; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('niet bereikbaar met Tab');
}

/** Drops the draft again, so the shared server's flow is as it was for the other specs. */
async function dropDraft(page: Page): Promise<void> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  await page.request.delete(`/api/beheer/flows/${FLOW}/concept`, { headers: { 'X-XSRF-TOKEN': token } });
}

test('an administrator removes a field used by a rule and the printed form’s signers, with its uses, and renames a data key, by keyboard', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/beheer');
  await page.getByLabel('E-mailadres').focus();
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();
  await dropDraft(page);
  await page.goto(`/beheer/flows/${FLOW}`);
  await page.getByRole('button', { name: 'Concept starten' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Concept gestart.' })).toBeVisible();

  try {
    const who = page.getByRole('group', { name: 'Wie vraagt de pas aan?', exact: true });
    const remove = who.getByRole('button', { name: 'Veld verwijderen Wie vraagt de pas aan?' });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Veld ‘Wie vraagt de pas aan?’ verwijderen' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeFocused();
    await expect(dialog.getByRole('checkbox', { name: 'Ondertekenaar ‘Wettelijk vertegenwoordiger’ op het formulier' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Ondertekenaar ‘Gemachtigd aanvrager’ op het formulier' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /^De regel ‘Wanneer tonen’ van ‘Voornamen \{aanvrager\}’/ })).toBeChecked();
    await expect(dialog.getByText(/ingediende aanvra(ag heeft|gen hebben) een waarde voor dit veld\./)).toBeVisible();
    await expect(dialog.getByText(/opgeslagen aanvra(ag|gen)/).first()).toBeVisible();
    await expectAccessible(page, 'de vraag voor het verwijderen van een veld');

    // Escape changes nothing and returns focus.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    // Untick a use by keyboard (it is said to stay), tick it again, and confirm.
    const signer = dialog.getByRole('checkbox', { name: 'Ondertekenaar ‘Wettelijk vertegenwoordiger’ op het formulier' });
    await tabTo(page, signer);
    await page.keyboard.press('Space');
    await expect(dialog.getByText('1 gebruik blijft staan; de controle meldt daarna een fout.')).toBeVisible();
    await page.keyboard.press('Space');
    await expect(dialog.getByText('1 gebruik blijft staan; de controle meldt daarna een fout.')).toBeHidden();
    await tabTo(page, dialog.getByRole('button', { name: 'Veld verwijderen' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/^Het veld ‘Wie vraagt de pas aan\?’ is verwijderd, met \d+ aanpassingen elders\.$/)).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Gegevens aanvrager' })).toBeFocused();
    await expect(who).toHaveCount(0);

    // The data key of 'Naam abonnee' is only in its details; renamed there.
    const name = page.getByRole('group', { name: 'Naam abonnee', exact: true });
    await expect(name.locator('legend').first()).toHaveText('Naam abonnee');
    const details = name.locator('summary').filter({ hasText: 'Details' });
    await tabTo(page, details);
    await page.keyboard.press('Enter');
    await expect(name.getByText('abonneeNaam', { exact: true })).toBeVisible();
    await tabTo(page, name.getByLabel('Nieuwe naam in de gegevens'));
    await page.keyboard.type('naamAbonnee');
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^De naam in de gegevens van het veld ‘Naam abonnee’ is nu naamAbonnee/)).toBeVisible();
    await expect(name.getByText('naamAbonnee', { exact: true })).toBeVisible();
    await expectAccessible(page, 'de details van een veld');

    // 'Nu opslaan' is in the bar that stays in view.
    await page.getByRole('button', { name: 'Nu opslaan' }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Concept opgeslagen en gecontroleerd.' })).toBeVisible();
    await expect(page.getByText('Geen fouten')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bevindingen' })).toHaveCount(0);

    const changes = page.getByRole('tab', { name: 'Wijzigingen' });
    await changes.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Veld ‘Naam abonnee’ heeft een nieuwe naam in de gegevens: ‘abonneeNaam’ → ‘naamAbonnee’.')).toBeVisible();
    await expect(page.getByText(/^Veld ‘Naam abonnee’ (verwijderd|toegevoegd)/)).toHaveCount(0);
    await expectAccessible(page, 'de wijzigingen na verwijderen en hernoemen');
  } finally {
    await dropDraft(page);
  }
});
