/**
 * No request waterfall: a flow's page brings its settings, flow index, flow document and reference
 * lists inline, and links the step's validator module and the widget code it shows as module
 * preloads, so the browser fetches them while the main script is still loading — not after it has
 * run. Shown with the browser's own resource timings, not with timed assertions.
 */
import type { Page } from '@playwright/test';
import { chooseLanguage } from './sweepPlan';
import { expect, test, waitForSettled } from './support';

interface Timings {
  mainEvaluated: number;
  resources: { path: string; start: number }[];
}

async function timings(page: Page): Promise<Timings> {
  return page.evaluate(() => ({
    mainEvaluated: performance.getEntriesByName('portal:main-evaluated')[0]?.startTime ?? Number.NaN,
    resources: performance.getEntriesByType('resource').map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
  }));
}

/**
 * Waits until the step is settled and the page has fetched what it loads by itself after that (a
 * second after the step is shown): the other steps' validators (`steps`) and the code of the review,
 * of the sending panel and of the sending itself.
 */
async function laterCodeFetched(page: Page, steps: string[]): Promise<void> {
  await waitForSettled(page);
  const later = [
    ...steps.map((step) => new RegExp(`/validatiemodules/${step}\\.js$`)),
    /\/assets\/ReviewStep-/,
    /\/assets\/UploadPanel-/,
    /\/assets\/sending-/,
  ];
  await expect
    .poll(async () => {
      const paths = (await timings(page)).resources.map((resource) => resource.path);
      return later.filter((pattern) => !paths.some((path) => pattern.test(path))).map(String);
    })
    .toEqual([]);
}

test('the step’s validator starts loading before the main script has run; its address and text area come with that script; no flow or list calls', async ({
  page,
}) => {
  await page.goto('/uzi/abonneeregistratie-zorgverlener/stap1');
  await expect(page.getByRole('textbox', { name: /Postcode/ }).first()).toBeVisible();
  const { mainEvaluated, resources } = await timings(page);
  expect(Number.isFinite(mainEvaluated)).toBe(true);
  const validator = resources.find((resource) =>
    /\/api\/flows\/abonneeregistratie-zorgverlener\/versies\/[^/]+\/validatiemodules\/stap1\.js$/.test(resource.path),
  );
  expect(validator, 'validator module fetched').toBeDefined();
  expect(validator!.start).toBeLessThan(mainEvaluated);
  // The address field and the text area are in the main script: no chunk of their own to wait for.
  const early = resources.filter((resource) => resource.start < mainEvaluated).map((resource) => resource.path);
  expect(early.filter((path) => /\/assets\/(AddressField|Textarea|CharacterCounter)-/.test(path))).toEqual([]);
  // The flow document, the lists, the settings and the index came with the page.
  const calls = resources.filter((resource) => /^\/api\/(flows(\/[^/]+)?|base-data\/.+|config)$/.test(resource.path)).map((resource) => resource.path);
  expect(calls).toEqual([]);
  // The main script asks Chromium to compile all its functions while it streams in (scripts/compileHint.ts).
  const main = await page.locator('script[type="module"][src]').getAttribute('src');
  expect((await (await page.request.get(main!)).text()).split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad');
});

test('the code a step loads on demand starts loading before the main script has run, with the chunks and stylesheets it imports', async ({ page }) => {
  // The certificate request's first step: a file upload, whose chunk imports chunks and a stylesheet of its own.
  await page.goto('/uzi/aanleveren-pkcs-10-bestand');
  await expect(page.locator('main form input[type="file"]').first()).toBeAttached();
  const { mainEvaluated, resources } = await timings(page);
  const early = resources.filter((resource) => resource.start < mainEvaluated).map((resource) => resource.path);
  expect(
    early.some((path) => /\/api\/flows\/aanleveren-pkcs-10-bestand\/versies\/[^/]+\/validatiemodules\/stap1\.js$/.test(path)),
    'validator module preloaded',
  ).toBe(true);
  expect(
    early.some((path) => /\/assets\/FileUpload-[^/]+\.js$/.test(path)),
    'the upload widget’s chunk preloaded',
  ).toBe(true);
  expect(
    early.some((path) => /\/assets\/files-[^/]+\.js$/.test(path)),
    'a chunk the widget imports preloaded',
  ).toBe(true);
  expect(
    early.some((path) => /\/assets\/FileUpload-[^/]+\.css$/.test(path)),
    'the widget’s stylesheet linked',
  ).toBe(true);
});

test('a page in the language chosen with the switch comes with its data in that language: no flow or list calls', async ({ page, baseURL }) => {
  await chooseLanguage(page, 'en', baseURL);
  await page.goto('/uzi/abonneeregistratie-zorgverlener/stap1');
  await expect(page.getByRole('textbox', { name: 'House number', exact: true }).first()).toBeVisible();
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  const { resources } = await timings(page);
  const calls = resources.filter((resource) => /^\/api\/(flows(\/[^/]+)?|base-data\/.+|config)$/.test(resource.path)).map((resource) => resource.path);
  expect(calls).toEqual([]);
});

test('a language an older page kept in localStorage is taken over into the cookie; that page asks the API for its English data', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) window.localStorage.setItem('portal.lang', 'en');
    sessionStorage.setItem('seeded', '1');
  });
  await page.goto('/uzi/abonneeregistratie-zorgverlener/stap1');
  await expect(page.getByRole('textbox', { name: 'House number', exact: true }).first()).toBeVisible();
  const paths = (await timings(page)).resources.map((resource) => resource.path);
  expect(paths).toContain('/api/flows/abonneeregistratie-zorgverlener');
  expect(paths.some((path) => path.startsWith('/api/base-data/'))).toBe(true);
  expect(await page.evaluate(() => window.localStorage.getItem('portal.lang'))).toBeNull();
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'portal_taal')?.value).toBe('en');
  // The next page is made in English.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'House number', exact: true }).first()).toBeVisible();
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
});

test('the step is drawn once: no loading text first, and nothing in the form changes until the applicant acts', async ({ page }) => {
  await page.addInitScript(() => {
    const seen = { loading: false, firstField: false, changesAfter: 0 };
    (window as unknown as { bootSeen: typeof seen }).bootSeen = seen;
    new MutationObserver((records) => {
      if (document.querySelector('.portal-loading')) seen.loading = true;
      const form = document.querySelector('main form');
      if (!seen.firstField) {
        seen.firstField = form?.querySelector('input, select, textarea') != null;
        return;
      }
      seen.changesAfter += records.filter((record) => form?.contains(record.target)).length;
    }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  });
  await page.goto('/uzi/abonneeregistratie-zorgverlener/stap1');
  await expect(page.getByRole('textbox', { name: /Postcode/ }).first()).toBeVisible();
  // The later steps' code and validators arrive meanwhile; they must not redraw this step.
  await laterCodeFetched(page, ['stap2', 'stap3']);
  const seen = await page.evaluate(() => (window as unknown as { bootSeen: { loading: boolean; firstField: boolean; changesAfter: number } }).bootSeen);
  expect(seen.firstField).toBe(true);
  expect(seen.loading, 'a loading text was shown before the step').toBe(false);
  // The defaults the flow gives (a Dutch address, the postal address equal to the visiting address) are there at once.
  expect(seen.changesAfter, 'changes in the form after it was first drawn').toBe(0);
});

test('a step with a list brings rjsf’s list code with the page; a step without one never loads it, nor the templates the forms do not reach', async ({
  page,
}) => {
  // The certificate request's first step: a list of files.
  await page.goto('/uzi/aanleveren-pkcs-10-bestand');
  await expect(page.locator('main form input[type="file"]').first()).toBeAttached();
  const withList = await timings(page);
  const arrayField = withList.resources.find((resource) => /\/assets\/ArrayField-[^/]+\.js$/.test(resource.path));
  expect(arrayField, 'list code fetched').toBeDefined();
  expect(arrayField!.start).toBeLessThan(withList.mainEvaluated);

  await page.goto('/uzi/abonneeregistratie-zorgverlener/stap1');
  await expect(page.getByRole('textbox', { name: /Postcode/ }).first()).toBeVisible();
  await laterCodeFetched(page, ['stap2', 'stap3']);
  const { resources } = await timings(page);
  const loaded = resources.map((resource) => resource.path);
  expect(loaded.filter((path) => /\/assets\/(ArrayField|MultiSchemaField|seldomShown)-[^/]+\.js$/.test(path))).toEqual([]);
});
