/**
 * Passwords in the back office, by keyboard alone: a beheerder resets someone's password on
 * 'Accounts' (the dialog asks first, Escape returns focus, the code is shown once), the holder sets
 * a new one with the link in a browser of their own, signs in, and changes it under 'Mijn account'
 * (a wrong current password refused at its field); the used link works no more. axe on the new page,
 * the dialog's two parts and the form with its messages.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, tabTo, test, typeInto } from './support';

const ADMIN = { email: 'beheer@example.nl', password: 'proef-wachtwoord-123' };

/** Signs in on the sign-in page (shown at whatever back-office address), by keyboard. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await typeInto(page, page.getByLabel('E-mailadres'), email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

/** Tabs to 'Nieuw wachtwoord', types `password` there and in 'Herhaal nieuw wachtwoord', and sends the form. */
async function typeNewPassword(page: Page, password: string): Promise<void> {
  await typeInto(page, page.getByLabel('Nieuw wachtwoord', { exact: true }), password);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

/** Replaces the text of the focused field as a keyboard user does. */
async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

test('a beheerder resets a password, its holder sets a new one with the link and changes it under Mijn account, by keyboard', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = `wachtwoord-${Date.now()}@example.nl`;
  await page.goto('/beheer/accounts');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const created = await page.request.post('/api/beheer/accounts', {
    headers: { 'X-XSRF-TOKEN': token },
    data: { email, wachtwoord: 'eerste-lange-wachtwoord', rollen: ['redacteur'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.reload();

  // The own row offers 'Mijn account' instead.
  const ownRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: ADMIN.email, exact: true }) });
  await expect(ownRow.getByRole('link', { name: 'Eigen wachtwoord wijzigen onder Mijn account' })).toBeVisible();
  await expect(ownRow.getByRole('button', { name: /Wachtwoord opnieuw instellen/ })).toHaveCount(0);

  // Asked first; Escape changes nothing and returns the focus.
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: email, exact: true }) });
  const resetButton = row.getByRole('button', { name: `Wachtwoord opnieuw instellen van ${email}` });
  await tabTo(page, resetButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Wachtwoord opnieuw instellen' });
  await expect(dialog.getByText(`Wilt u het wachtwoord van ${email} opnieuw instellen?`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeFocused();
  await expectAccessible(page, 'de vraag voor het opnieuw instellen');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(resetButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Ja, opnieuw instellen' })).toBeFocused();
  await page.keyboard.press('Enter');
  const shown = dialog.getByText(new RegExp(`^Geef deze code aan ${email.replace(/[.]/g, '\\.')}; hij is 24 uur geldig \\(tot .+\\) en werkt één keer\\.$`));
  await expect(shown).toBeFocused();
  const code = await dialog.getByLabel('Code', { exact: true }).inputValue();
  const link = await dialog.getByLabel('Of de link met de code erin').inputValue();
  expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  expect(link).toMatch(new RegExp(`/beheer/wachtwoord-instellen#code=${code}$`));
  await expectAccessible(page, 'de getoonde code');
  await tabTo(page, dialog.getByRole('button', { name: 'Sluiten' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(resetButton).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: `Het wachtwoord van ${email} is opnieuw ingesteld. De code is 24 uur geldig.` })).toBeVisible();
  await expect(row.getByText(/^Code voor een nieuw wachtwoord open tot /)).toBeVisible();

  // The holder, in a browser of their own, opens the link: the code is filled in and leaves the address.
  const holder = await browser.newContext();
  const mine = await holder.newPage();
  await mine.goto(link);
  await expect(mine.getByRole('heading', { level: 1, name: 'Nieuw wachtwoord instellen' })).toBeVisible();
  await expect(mine).toHaveTitle('Nieuw wachtwoord instellen | Beheer aanvraagportaal');
  await expect(mine.getByLabel('Code', { exact: true })).toHaveValue(code);
  expect(new URL(mine.url()).hash).toBe('');
  await expectAccessible(mine, 'de pagina voor een nieuw wachtwoord');
  await typeNewPassword(mine, 'te-kort');
  await expect(mine.getByText('Het wachtwoord moet minimaal 12 tekens hebben.')).toBeVisible();
  await expect(mine.getByLabel('Nieuw wachtwoord', { exact: true })).toBeFocused();
  await expectAccessible(mine, 'de pagina voor een nieuw wachtwoord met een melding');
  await retype(mine, 'tweede-lange-wachtwoord');
  await mine.keyboard.press('Tab');
  await retype(mine, 'tweede-lange-wachtwoord');
  await mine.keyboard.press('Enter');
  await expect(mine.getByRole('status').filter({ hasText: 'Uw wachtwoord is ingesteld. Log in met uw e-mailadres en het nieuwe wachtwoord.' })).toBeFocused();
  await expectAccessible(mine, 'het ingestelde wachtwoord');
  await tabTo(mine, mine.getByRole('link', { name: 'Naar inloggen' }));
  await mine.keyboard.press('Enter');
  await expect(mine.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
  await signIn(mine, email, 'tweede-lange-wachtwoord');
  await expect(mine.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();

  // Under 'Mijn account': a wrong current password is refused at its field, then the change goes through.
  await tabTo(mine, mine.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Mijn account' }));
  await mine.keyboard.press('Enter');
  await expect(mine.getByRole('heading', { level: 1, name: 'Mijn account' })).toBeVisible();
  await expectAccessible(mine, 'Mijn account');
  await typeInto(mine, mine.getByLabel('Huidig wachtwoord'), 'niet-het-huidige-wachtwoord');
  await mine.keyboard.press('Tab');
  await mine.keyboard.type('derde-lange-wachtwoord');
  await mine.keyboard.press('Tab');
  await mine.keyboard.type('derde-lange-wachtwoord');
  await mine.keyboard.press('Enter');
  await expect(mine.getByText('Het huidige wachtwoord is onjuist.')).toBeVisible();
  await expect(mine.getByLabel('Huidig wachtwoord')).toBeFocused();
  await expectAccessible(mine, 'Mijn account met een onjuist huidig wachtwoord');
  await mine.keyboard.type('tweede-lange-wachtwoord');
  await mine.keyboard.press('Enter');
  await expect(
    mine
      .getByRole('status')
      .filter({ hasText: 'Uw wachtwoord is gewijzigd. Was u ook op een andere computer of in een andere browser ingelogd, dan bent u daar nu uitgelogd.' }),
  ).toBeVisible();
  await expectAccessible(mine, 'Mijn account na het wijzigen');

  // The link was used: it opens the page, but the code works no more.
  await holder.clearCookies();
  await mine.goto(link);
  await typeNewPassword(mine, 'vierde-lange-wachtwoord');
  await expect(mine.getByText('Deze code is onjuist, al gebruikt of vervangen door een nieuwere. Vraag de beheerder om een nieuwe code.')).toBeVisible();
  await expect(mine.getByLabel('Code', { exact: true })).toBeFocused();
  await mine.goto('/beheer');
  await signIn(mine, email, 'derde-lange-wachtwoord');
  await expect(mine.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();
  await holder.close();
});
