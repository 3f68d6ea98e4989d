/**
 * What the browser tests of the example flows share (examples*.spec.ts): starting an example, text
 * boxes by name, the review's rows, the bodies of the final submits the page sends, and sending the
 * review to the confirmation and the printed form.
 */
import type { Locator, Page } from '@playwright/test';
import { downloadFromButton, expect, expectAccessible, tabTo } from './support';

/** Opens example flow `id` and starts it (its intro's start button). */
export async function startExample(page: Page, id: string, startLabel = 'Voorbeeld starten'): Promise<void> {
  await page.goto(`/uzi/${id}`);
  await page.getByRole('button', { name: startLabel }).click();
  await expect(page).toHaveURL(new RegExp(`/uzi/${id}/stap1$`));
}

/** A text field by its exact accessible name. */
export function textbox(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('textbox', { name, exact: true });
}

/** The review section of a step (by its title). */
export function reviewSection(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title });
}

/** The review values of a section (or of one item's sub-section), row by row: label -> shown text; a list's values joined with ' | '. */
export async function reviewRows(scope: Locator): Promise<Record<string, string>> {
  await expect(scope.locator('.renderer-review__row').first()).toBeVisible();
  const found = await scope.locator('.renderer-review__row').evaluateAll((elements) =>
    elements.map((row) => {
      const items = Array.from(row.querySelectorAll('dd li')).map((item) => (item.textContent ?? '').trim());
      const value = items.length > 0 ? items.join(' | ') : (row.querySelector('dd')?.textContent ?? '').trim();
      return [(row.querySelector('dt')?.textContent ?? '').trim(), value] as const;
    }),
  );
  return Object.fromEntries(found);
}

/** Tabs to a text field, selects what it holds and types `text` over it. */
export async function retype(page: Page, locator: Locator, text: string): Promise<void> {
  await tabTo(page, locator);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/**
 * Keeps the body of every final submit the page sends (`window.sentSubmits`): the portal's HTTP
 * client sends a request object whose body the browser streams, out of sight of request events.
 */
export async function recordSubmits(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: string[] = [];
    Object.assign(window, { sentSubmits: sent });
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/indienen')) sent.push(await request.clone().text());
      return original(input, init);
    };
  });
}

/** The JSON of the last final submit the page sent. */
export async function lastSubmit(page: Page): Promise<Record<string, unknown>> {
  const body = await page.evaluate(() => (window as unknown as { sentSubmits: string[] }).sentSubmits.at(-1));
  expect(body, 'a submit was sent').toBeDefined();
  return JSON.parse(body!) as Record<string, unknown>;
}

/**
 * Sends the review (by keyboard with `keyboard`), waits for the confirmation, checks it with axe and
 * answers the text of the printed form and the JSON that was sent.
 */
export async function submitAndPrint(
  page: Page,
  id: string,
  { send = 'Versturen', download = 'Download formulier', keyboard = false }: { send?: string; download?: string; keyboard?: boolean } = {},
): Promise<{ pdf: string; sent: Record<string, unknown> }> {
  const button = page.getByRole('button', { name: send, exact: true });
  if (keyboard) {
    await tabTo(page, button);
    await page.keyboard.press('Enter');
  } else await button.click();
  await expect(page).toHaveURL(new RegExp(`/uzi/${id}/bevestiging$`));
  const sent = await lastSubmit(page);
  await expectAccessible(page, `${id} bevestiging`);
  const pdf = await downloadFromButton(page, download);
  return { pdf, sent };
}
