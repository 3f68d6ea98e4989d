/**
 * `npx tsx scripts/beheer-screenshots.ts [url]`: the screenshots of the back-office guide
 * (docs/beheer/handleiding.md), taken in Debian's Chromium from a running portal (default
 * http://localhost:3000) whose first administrator is BEHEER_ADMIN_EMAIL / BEHEER_ADMIN_PASSWORD.
 * Writes docs/beheer/*.png.
 */
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const email = process.env.BEHEER_ADMIN_EMAIL ?? 'beheer@example.nl';
const password = process.env.BEHEER_ADMIN_PASSWORD ?? 'proef-wachtwoord-123';

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  await page.goto(`${base}/beheer`);
  await page.getByRole('heading', { name: 'Inloggen' }).waitFor();
  await page.screenshot({ path: 'docs/beheer/inloggen.png' });
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.getByRole('table').waitFor();
  await page.screenshot({ path: 'docs/beheer/overzicht.png' });
  await page.goto(`${base}/beheer/flows/aanleveren-documenten`);
  const start = page.getByRole('button', { name: 'Concept starten' });
  await page.getByRole('heading', { level: 2, name: 'Concept' }).waitFor();
  if (await start.isVisible()) await start.click();
  await page.getByRole('tab', { name: 'Velden', exact: true }).waitFor();
  await page.screenshot({ path: 'docs/beheer/concept.png', fullPage: false });
  // A field's rule for showing it, in the rule builder.
  await page.getByRole('tab', { name: 'Documenten', exact: true }).click();
  const rule = page.getByRole('group', { name: 'Soort wijziging', exact: true });
  await rule.scrollIntoViewIfNeeded();
  await rule.screenshot({ path: 'docs/beheer/regel.png' });
  await page.getByRole('link', { name: 'Voorbeeld bekijken' }).click();
  await page.getByRole('button', { name: 'Volgende' }).waitFor();
  await page.screenshot({ path: 'docs/beheer/voorbeeld.png' });
  await page.goBack();
  await page.getByRole('heading', { level: 2, name: 'Concept' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Versies', exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/beheer/versies.png' });
  // Deleting the draft asks first.
  await page.getByRole('button', { name: 'Concept verwijderen' }).click();
  await page.getByRole('dialog', { name: 'Concept verwijderen' }).getByRole('button', { name: 'Concept verwijderen' }).click();
  await page.getByRole('button', { name: 'Concept starten' }).waitFor();
} finally {
  await browser.close();
}
