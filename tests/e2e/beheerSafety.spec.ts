/**
 * Nothing lost, nothing irreversible by accident, in the back office by keyboard, on a server of its
 * own with two-minute sessions and the four-eyes rule: typing for longer than the session (on the
 * browser's clock, which the typing moves on: support.ts `typeOnClock`) keeps the session and the
 * edits; leaving with unsaved edits asks first (a link, a reload), the preview shows
 * what is on screen, and the action bar keeps focused fields in view and says why 'Publiceren'
 * waits; deleting a draft asks with what goes; the draft goes back to an earlier save; a rollback
 * is asked for with a note, approved by a second person and then published. axe on the bar and on
 * every dialog.
 */
import type { Page } from '@playwright/test';
import { ownPort, startOwnServer, type OwnServer } from './ownServer';
import { expect, expectAccessible, expectSessionKept, holdSaves as holdFlowSaves, test, typeOnClock } from './support';

const port = ownPort(11);
const FLOW = 'aanleveren-documenten';
const ADMIN = { email: 'beheer@example.nl', password: 'proef-wachtwoord-123' };
const SECOND = { email: 'publicist@example.nl', password: 'een-lang-wachtwoord' };
let server: OwnServer;
/** Holds every save of this flow's draft until released (a save under way is not saved yet). */
const holdSaves = (page: Page) => holdFlowSaves(page, FLOW);

test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  server = await startOwnServer(port, {
    BEHEER_ADMIN_EMAIL: ADMIN.email,
    BEHEER_ADMIN_PASSWORD: ADMIN.password,
    BEHEER_VIER_OGEN: 'true',
    BEHEER_VIER_OGEN_ACCOUNT_DAGEN: '0',
    BEHEER_SESSIE_MINUTEN: '2',
  });
});
test.afterAll(async () => server?.close());

async function signIn(page: Page, who: { email: string; password: string }, path = `/beheer/flows/${FLOW}`): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-mailadres').fill(who.email);
  await page.getByLabel('Wachtwoord').fill(who.password);
  await page.getByLabel('Wachtwoord').press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Concept' })).toBeVisible();
}

/** The flow's draft, started when there is none. */
async function openDraft(page: Page): Promise<void> {
  const start = page.getByRole('button', { name: 'Concept starten' });
  const bar = page.getByRole('region', { name: 'Acties voor het concept' });
  await expect(start.or(bar)).toBeVisible();
  if (await start.isVisible()) await start.press('Enter');
  await expect(bar).toBeVisible();
}

const field = (page: Page, label: RegExp) => page.getByRole('group', { name: label }).first();
const bar = (page: Page) => page.getByRole('region', { name: 'Acties voor het concept' });
const saveState = (page: Page) => bar(page).locator('.beheer-actionbar__state');

/** The draft as the server has it. */
async function savedDocument(page: Page): Promise<string> {
  const answer = (await (await page.request.get(`/api/beheer/flows/${FLOW}/concept`)).json()) as { draft: { source: { document: string } } | null };
  return answer.draft?.source.document ?? '';
}

async function addPublicist(page: Page): Promise<void> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const created = await page.request.post('/api/beheer/accounts', {
    headers: { 'X-XSRF-TOKEN': token },
    data: { email: SECOND.email, wachtwoord: SECOND.password, rollen: ['publicist'] },
  });
  expect([201, 409]).toContain(created.status());
}

/** Presses Tab `times` times; at every stop the focused element is clear of the action bar. */
async function tabClearOfBar(page: Page, times: number): Promise<void> {
  for (let step = 0; step < times; step += 1) {
    await page.keyboard.press('Tab');
    const covered = await page.evaluate(() => {
      const bar = document.querySelector('.beheer-actionbar');
      const focused = document.activeElement;
      if (!bar || !focused || bar.contains(focused) || focused === document.body) return false;
      const [a, b] = [focused.getBoundingClientRect(), bar.getBoundingClientRect()];
      return a.bottom > b.top && a.top < b.bottom;
    });
    expect(covered, `stap ${step + 1}: het element met de focus valt onder de actiebalk`).toBe(false);
  }
}

test('typing for longer than the session keeps the session and every edit', async ({ page }) => {
  // 150 keys, each drawn and checked by the editor: about 20 s alone, over a minute with both cores busy.
  test.slow();
  // The browser's clock runs as the real one until the typing moves it on.
  await page.clock.install();
  await signIn(page, ADMIN);
  await openDraft(page);
  // The field's name follows its label as it is typed: the box is found by its id.
  const id = await field(page, /^Naam abonnee/)
    .getByLabel('Label', { exact: true })
    .getAttribute('id');
  const label = page.locator(`[id="${id}"]`);
  await label.focus();
  await page.keyboard.press('ControlOrMeta+A');
  // 150 characters a little under a second apart on the browser's clock: longer than the two-minute
  // session, without a pause.
  const typed =
    'Naam van de abonnee zoals die bij de Kamer van Koophandel staat ingeschreven, voluit, zonder afkortingen en zonder de rechtsvorm erachter of ervoor';
  const extended = await typeOnClock(page, typed, 850);
  expect(typed.length * 850).toBeGreaterThan(120_000);
  await expect(label).toHaveValue(typed);
  expectSessionKept(extended, typed.length * 850);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(saveState(page)).toHaveText(/^Automatisch opgeslagen om \d\d:\d\d$/);
  expect(await savedDocument(page)).toContain(`"title": "${typed}"`);
  expect((await page.request.get('/api/beheer/sessie')).status()).toBe(200);
  await expectAccessible(page, 'de actiebalk');
});

test('leaving with unsaved edits asks first; the preview shows what is on screen; the bar keeps focus in view', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  await openDraft(page);
  const help = field(page, /^Naam contactpersoon/).getByLabel('Helptekst', { exact: true });

  // A save under way: 'Publiceren' waits and says why, in the bar.
  const saves = await holdSaves(page);
  await help.fill('Wie wij bellen met vragen');
  await expect(saveState(page)).toHaveText(/^(Niet opgeslagen wijzigingen|Bezig met opslaan…)$/);
  await expect(bar(page).getByRole('button', { name: 'Publiceren' })).toHaveAttribute('aria-disabled', 'true');
  await expect(bar(page)).toContainText(
    /Publiceren kan nog niet: er zijn wijzigingen die nog niet zijn opgeslagen(, .*)? en goedkeuring door een tweede persoon ontbreekt\./,
  );
  await expectAccessible(page, 'de actiebalk met niet opgeslagen wijzigingen');

  // A link away: asked, and 'Blijven' keeps everything, with focus back on the link.
  const flows = page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Flows' });
  await flows.focus();
  await flows.press('Enter');
  const leave = page.getByRole('dialog', { name: 'U heeft wijzigingen die nog niet zijn opgeslagen' });
  await expect(leave).toBeVisible();
  await expect(leave.getByRole('button', { name: 'Opslaan en doorgaan' })).toBeFocused();
  await expectAccessible(page, 'de vraag bij vertrekken');
  await leave.getByRole('button', { name: 'Blijven' }).press('Enter');
  await expect(leave).toHaveCount(0);
  await expect(flows).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/beheer/flows/${FLOW}$`));

  // A reload: the browser asks; staying keeps the text.
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }),
  );
  await page.evaluate(() => window.location.reload());
  expect(await asked).toBe('beforeunload');
  await expect(help).toHaveValue('Wie wij bellen met vragen');

  // Saved on the way out (the save under way first, then what was typed since).
  await saves.release();
  await expect(saveState(page)).toHaveText(/opgeslagen om/);
  const again = await holdSaves(page);
  await help.fill('Wie wij bellen met vragen over de aanvraag');
  await flows.focus();
  await flows.press('Enter');
  await expect(leave).toBeVisible();
  await again.release();
  await leave.getByRole('button', { name: 'Opslaan en doorgaan' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();
  expect(await savedDocument(page)).toContain('Wie wij bellen met vragen over de aanvraag');

  // The preview shows what was typed a moment ago: it is saved first.
  await page.goto(`/beheer/flows/${FLOW}`);
  await openDraft(page);
  // The first field of step 1, whatever label an earlier test gave it.
  await page.getByLabel('Label', { exact: true }).first().fill('Naam van de zorginstelling');
  await bar(page).getByRole('link', { name: 'Voorbeeld bekijken' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /^Voorbeeld:/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Naam van de zorginstelling', exact: true })).toBeVisible();

  // Tabbing through the fields never puts the focus under the bar.
  await page.goBack();
  await openDraft(page);
  await field(page, /^Naam van de zorginstelling/)
    .getByLabel('Label', { exact: true })
    .focus();
  await tabClearOfBar(page, 40);
});

test('deleting a draft, going back to an earlier save and rolling back each ask first; the rollback goes through a second person', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN);
  await addPublicist(page);
  await openDraft(page);
  await field(page, /^Naam contactpersoon/)
    .getByLabel('Helptekst', { exact: true })
    .fill('Een tekst die weer weg mag');
  await bar(page).getByRole('button', { name: 'Nu opslaan' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Concept opgeslagen en gecontroleerd.' })).toBeVisible();

  // Deleting: whose, last edited when, and what goes; Escape keeps it.
  const remove = page.getByRole('button', { name: 'Concept verwijderen' });
  await remove.press('Enter');
  const deleting = page.getByRole('dialog', { name: 'Concept verwijderen' });
  await expect(deleting).toContainText(`Het concept van ${ADMIN.email}, gestart vanaf versie 1, laatst bewerkt op`);
  await expect(deleting.getByRole('list', { name: 'Wijzigingen die verloren gaan' })).toContainText('Een tekst die weer weg mag');
  await expect(deleting.getByRole('button', { name: 'Annuleren' })).toBeFocused();
  await expectAccessible(page, 'de vraag bij concept verwijderen');
  await page.keyboard.press('Escape');
  await expect(deleting).toHaveCount(0);
  await expect(remove).toBeFocused();
  await remove.press('Enter');
  await deleting.getByRole('button', { name: 'Concept verwijderen' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Concept verwijderd.' })).toBeVisible();

  // Two saves, then back to the first: a new save, with the question first.
  await openDraft(page);
  const title = page.getByLabel('Titel van de stap', { exact: true }).first();
  await title.fill('Gegevens van de abonnee');
  await bar(page).getByRole('button', { name: 'Nu opslaan' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Concept opgeslagen en gecontroleerd.' })).toBeVisible();
  await title.fill('Gegevens van de organisatie');
  await bar(page).getByRole('button', { name: 'Nu opslaan' }).press('Enter');
  await expect(saveState(page)).toHaveText(/^Opgeslagen om/);
  const earlier = page.locator('summary').filter({ hasText: 'Eerdere versies van dit concept' });
  await earlier.focus();
  await earlier.press('Enter');
  const list = page.getByRole('list', { name: 'Eerdere versies van dit concept, nieuwste eerst' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').nth(1)).toContainText('Titel van stap 1 gewijzigd van ‘Uw gegevens’ naar ‘Gegevens van de abonnee’.');
  await list
    .getByRole('listitem')
    .nth(1)
    .getByRole('button', { name: /^Terugzetten naar dit moment/ })
    .press('Enter');
  const restoring = page.getByRole('dialog', { name: 'Terugzetten naar een eerder moment' });
  await expect(restoring).toContainText('zodat u ook dit ongedaan kunt maken');
  await expectAccessible(page, 'de vraag bij terugzetten naar een eerder moment');
  await restoring.getByRole('button', { name: 'Terugzetten' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^Het concept is teruggezet naar / })).toBeVisible();
  await expect(title).toHaveValue('Gegevens van de abonnee');
  await expect(list.getByRole('listitem')).toHaveCount(4);

  // The second person approves and publishes version 2.
  const second = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const reviewer = await second.newPage();
  await signIn(reviewer, SECOND);
  await expect(bar(reviewer)).toContainText('Publiceren kan nog niet: goedkeuring door een tweede persoon ontbreekt.');
  await bar(reviewer).getByRole('button', { name: 'Goedkeuren' }).press('Enter');
  await expect(reviewer.getByRole('status').filter({ hasText: 'Concept goedgekeurd.' })).toBeVisible();
  await bar(reviewer).getByRole('button', { name: 'Publiceren' }).press('Enter');
  const publishing = reviewer.getByRole('dialog', { name: 'Concept publiceren' });
  await publishing.getByLabel('Toelichting').fill('Duidelijker staptitel');
  await publishing.getByRole('button', { name: 'Publiceren' }).press('Enter');
  await expect(
    reviewer
      .getByRole('status')
      .filter({ hasText: /Versie 2 is gepubliceerd/ })
      .first(),
  ).toBeVisible();

  // The rollback: what changes, a note, and four eyes.
  await reviewer.getByRole('button', { name: 'Terugzetten naar versie 1' }).press('Enter');
  const rollback = reviewer.getByRole('dialog', { name: 'Terugzetten naar versie 1' });
  await expect(rollback).toContainText("Het vier-ogenprincipe staat aan: terugzetten maakt een concept 'Terugzetten naar versie 1'.");
  await expect(rollback.getByRole('list', { name: 'Wijzigingen bij terugzetten naar versie 1' })).toContainText(
    'Titel van stap 1 gewijzigd van ‘Gegevens van de abonnee’ naar ‘Uw gegevens’.',
  );
  await rollback.getByRole('button', { name: 'Terugzetten' }).press('Enter');
  await expect(rollback.getByText("Het veld 'Toelichting' is niet ingevuld.")).toBeVisible();
  await expect(rollback.getByLabel('Toelichting')).toBeFocused();
  await expectAccessible(reviewer, 'de vraag bij terugzetten naar een versie');
  await reviewer.keyboard.type('De nieuwe titel verwart aanvragers');
  await rollback.getByRole('button', { name: 'Terugzetten' }).press('Enter');
  await expect(
    reviewer.getByRole('status').filter({ hasText: 'Terugzetten naar versie 1 staat klaar als concept en wacht op goedkeuring door een tweede persoon.' }),
  ).toBeVisible();
  await expect(bar(reviewer).getByRole('button', { name: 'Goedkeuren' })).toHaveCount(0);
  const live = async () => (await (await page.request.get(`/api/flows/${FLOW}`)).json()) as { version: number; flow: { steps: { title: string }[] } };
  expect((await live()).version).toBe(2);

  await page.reload();
  await expect(page.getByRole('heading', { level: 3, name: /Terugzetten naar versie 1/ })).toBeVisible();
  await expect(page.getByText(/‘De nieuwe titel verwart aanvragers’/)).toBeVisible();
  await bar(page).getByRole('button', { name: 'Goedkeuren' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Concept goedgekeurd.' })).toBeVisible();

  await reviewer.reload();
  await bar(reviewer).getByRole('button', { name: 'Publiceren' }).press('Enter');
  await expect(publishing.getByLabel('Toelichting')).toHaveValue('De nieuwe titel verwart aanvragers');
  await publishing.getByRole('button', { name: 'Publiceren' }).press('Enter');
  await expect(
    reviewer
      .getByRole('status')
      .filter({ hasText: /Versie 3 is gepubliceerd/ })
      .first(),
  ).toBeVisible();
  await expect(reviewer.getByRole('row', { name: /Versie 3/ })).toContainText('Terugzetting: De nieuwe titel verwart aanvragers');
  const now = await live();
  expect([now.version, now.flow.steps[0].title]).toEqual([3, 'Uw gegevens']);
  await second.close();
});
