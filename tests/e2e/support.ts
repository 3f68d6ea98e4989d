/**
 * Shared pieces of the browser tests: an axe check (WCAG 2.1 A/AA) that must report zero
 * violations, a page fixture that fails a test on any CSP violation or page error, and real files.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Download, type Locator, type Page, type Request, type Route } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SETTLED_ATTRIBUTE } from '../../renderer/react/wizard/useSettled';
import { startOwnServer, type OwnServer } from './ownServer';
import { workerPortalEnv, workerPortalPort } from './portalSettings';

/**
 * The WCAG 2.1 A/AA violations axe finds on the page, one line each: rule id and the elements. The
 * portal has no frames, so axe runs in the page itself (legacy mode) rather than per frame with a
 * blank page opened to combine the results, and it details violations only; the same checks, about
 * half the time. `options` comes before `withTags`: it replaces the options, tags included.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** axe's heading-order check (a best practice, outside the WCAG tags): headings go down one level at a time. */
export async function headingOrderViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .withRules(['heading-order'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Ids named by aria-describedby / aria-labelledby that no element on the page has. */
export async function danglingAriaIds(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[aria-describedby], [aria-labelledby]')).flatMap((element) =>
      ['aria-describedby', 'aria-labelledby'].flatMap((name) =>
        (element.getAttribute(name) ?? '')
          .split(/\s+/)
          .filter((id) => id !== '' && !document.getElementById(id))
          .map((id) => `${element.id || element.tagName}: ${name} ${id}`),
      ),
    ),
  );
}

/** The documents flow filled in on step 1 and on to step 2. */
export async function toDocumentsStep2(page: Page, who: { subscriber: string; contact: string; email: string }): Promise<void> {
  await page.goto('/uzi/aanleveren-documenten');
  await page.getByLabel('Naam abonnee').fill(who.subscriber);
  await page.getByLabel('Naam contactpersoon').fill(who.contact);
  await page.getByLabel('E-mailadres contactpersoon').fill(who.email);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page).toHaveURL(/stap2$/);
}

/** A field's own message (not its entry in the error summary at the top of the step). */
export function fieldError(page: Page, text: string): Locator {
  return page.locator('.utrecht-form-field-error-message').filter({ hasText: text });
}

/**
 * Waits until the wizard marks its step settled (renderer/react/wizard/useSettled.ts): drawn, its
 * code loaded, no reference data or lookup pending, its check there, no action under way. An action
 * on the page (Volgende) takes the mark away before it returns, so this waits for what comes of it.
 */
export async function waitForSettled(page: Page): Promise<void> {
  await expect(page.locator(`.renderer-wizard[${SETTLED_ATTRIBUTE}="true"]`)).toBeAttached();
}

/** axe finds nothing, and every id a control points at for its name or description exists. */
export async function expectAccessible(page: Page, context: string): Promise<void> {
  expect(await axeViolations(page), `axe op ${context}`).toEqual([]);
  expect(await danglingAriaIds(page), `aria-verwijzingen op ${context}`).toEqual([]);
}

export const test = base.extend<{ problems: string[] }, { portal: OwnServer }>({
  // The worker's own portal (portalSettings.ts); a spec that sets `baseURL` with its own server
  // does not start it.
  portal: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern; it needs none.
    async ({}, use, workerInfo) => {
      const port = workerPortalPort(workerInfo.parallelIndex);
      const server = await startOwnServer(port, workerPortalEnv(port));
      await use(server);
      await server.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.baseURL),
  problems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
      });
      await use(problems);
      expect(problems, 'fouten in de pagina').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** A small but real PDF (one page, with its cross-reference table: the server checks the whole structure). */
export function minimalPdf(): Buffer {
  const objects = ['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[3 0 R]/Count 1>>', '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>'];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const at = body.length;
    body += `${index + 1} 0 obj${object}endobj\n`;
    return at;
  });
  const xrefAt = body.length;
  body += `xref\n0 4\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer<</Size 4/Root 1 0 R>>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A real 1x1 PNG. */
export function minimalPng(): Buffer {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
}

/** Text of a downloaded PDF, via poppler's pdftotext. */
export async function downloadedPdfText(download: Download): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-pdf-'));
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** Writes bytes to a temp file with the given name (for file choosers that need a path). */
export function tempFile(name: string, bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-file-'));
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

/** The Ja/Nee radio of a yes/no question (by the question's legend). */
export function answer(page: Page, question: string | RegExp, option: 'Ja' | 'Nee'): Locator {
  return page.getByRole('group', { name: question }).getByRole('radio', { name: option, exact: true });
}

/** The value shown for a label in one review section. */
export function reviewValue(section: Locator, label: string): Locator {
  return section
    .locator('.renderer-review__row')
    .filter({ has: section.page().locator('dt').getByText(label, { exact: true }) })
    .locator('dd');
}

/**
 * 'Volgende' (or the button `label`) as a mouse user gives it. The button takes the focus first:
 * leaving a field may show its message above the button and move it, and a click is a press and a
 * release at one place.
 */
export async function pressNext(page: Page, label = 'Volgende'): Promise<void> {
  const button = page.getByRole('button', { name: label, exact: true });
  await button.focus();
  await button.click();
}

/**
 * 'Volgende' (or the button `label`), then the URL of the expected step, then the step settled: the
 * URL changes while 'Volgende' is still under way, and the wizard takes no second action then.
 */
export async function next(page: Page, expectedStep: string, label = 'Volgende'): Promise<void> {
  await pressNext(page, label);
  await expect(page).toHaveURL(new RegExp(`/${expectedStep}$`));
  await waitForSettled(page);
}

/** Clicks a download button on a confirmation page and returns the text of the PDF it gave. */
export async function downloadFromButton(page: Page, name: string): Promise<string> {
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  return downloadedPdfText(download);
}

/** Presses Tab until `locator` has the focus (keyboard-only runs); fails when it is not reachable. */
export async function tabTo(page: Page, locator: Locator, maxPresses = 60): Promise<void> {
  for (let i = 0; i < maxPresses; i += 1) {
    if (await locator.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('element niet bereikbaar met Tab');
}

/** Tabs to a text field and types into it, as a keyboard user does. */
export async function typeInto(page: Page, locator: Locator, text: string): Promise<void> {
  await tabTo(page, locator);
  await page.keyboard.type(text);
}

/** After an in-portal navigation, focus is on the new content: `<main>` itself or inside it. */
export async function expectFocusOnContent(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
}

/**
 * Step 2 of 'aanleveren-documenten' filled (a new request for a pass, one PDF) and sent from the
 * review: answers the kenmerk on the confirmation page.
 */
export async function sendDocumentsStep(page: Page): Promise<string> {
  await page.getByLabel('Waar hebben de documenten betrekking op?').selectOption({ label: 'UZI-zorgverlenerpas' });
  await page.getByRole('radio', { name: 'Nieuwe aanvraag' }).check();
  await page.locator('#documenten_documenten').setInputFiles([{ name: 'brief.pdf', mimeType: 'application/pdf', buffer: minimalPdf() }]);
  await expect(page.getByRole('listitem').filter({ hasText: 'brief.pdf' })).toBeVisible();
  await next(page, 'stap3');
  await page.getByRole('button', { name: 'Documenten versturen' }).click();
  await expect(page).toHaveURL(/bevestiging$/);
  return (await page
    .getByText(/onder kenmerk/)
    .first()
    .textContent())!.match(/[0-9A-Z]{4}(-[0-9A-Z]{4}){3}/)![0];
}

/** Holds every save of a flow's draft in the back office until `release` is called (a save under way is not saved yet). */
export async function holdSaves(page: Page, flow: string): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const handler = async (route: Route) => {
    if (route.request().method() === 'PUT') await gate;
    await route.fallback();
  };
  await page.route(`**/api/beheer/flows/${flow}/concept`, handler);
  return {
    release: async () => {
      open();
      await page.unroute(`**/api/beheer/flows/${flow}/concept`, handler);
    },
  };
}

/** A call that extended the back-office session while `typeOnClock` typed. */
export interface SessionExtension {
  /** When it was sent: ms after the typing began, on the browser's clock. */
  at: number;
  /** The seconds the server then gave the session. */
  ttl: number;
}

/**
 * Types `text` into the focused field one character every `everyMs` on the browser's clock
 * (Playwright's `page.clock`, installed before the page was opened): each key press is followed by
 * that much time for the page's timers, without waiting for it. Answers the calls that extended the
 * back-office session meanwhile.
 */
export async function typeOnClock(page: Page, text: string, everyMs: number): Promise<SessionExtension[]> {
  let typed = 0;
  const extensions: Promise<SessionExtension>[] = [];
  const onRequest = (request: Request) => {
    if (!request.url().endsWith('/api/beheer/keepalive?keepalive=true')) return;
    const at = typed * everyMs;
    extensions.push(
      request.response().then(async (response) => {
        expect(response?.status(), 'the session extended while typing').toBe(200);
        return { at, ttl: ((await response!.json()) as { session: { ttl: number } }).session.ttl };
      }),
    );
  };
  page.on('request', onRequest);
  try {
    for (const character of text) {
      await page.keyboard.type(character);
      typed += 1;
      await page.clock.runFor(everyMs);
    }
  } finally {
    page.off('request', onRequest);
  }
  return Promise.all(extensions);
}

/**
 * Typing for `typingMs` kept a back-office session of `sessionSeconds` whose dialog opens
 * `popupSeconds` before its end: the browser extended it every time before the dialog's moment
 * could come, and the server answered each time with more than the dialog's time left.
 */
export function expectSessionKept(extensions: SessionExtension[], typingMs: number, { sessionSeconds = 120, popupSeconds = 60 } = {}): void {
  expect(extensions.length, 'extensions of the session while typing').toBeGreaterThan(0);
  const moments = [0, ...extensions.map((extension) => extension.at), typingMs];
  const longest = Math.max(...moments.slice(1).map((at, index) => at - moments[index]));
  expect(longest, 'longest time without an extension (ms)').toBeLessThan((sessionSeconds - popupSeconds) * 1000);
  for (const extension of extensions) expect(extension.ttl, 'seconds left after an extension').toBeGreaterThan(popupSeconds);
}
