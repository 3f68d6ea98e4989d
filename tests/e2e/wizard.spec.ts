/** Wizard rules in the browser: refused jumps, browser back, reload, keyboard only, CSP without eval. */
import { expect, expectAccessible, test, fieldError, minimalPdf } from './support';

const START = '/uzi/aanleveren-documenten';

test('a jump to a step not yet reached is refused, browser back is a jump, a reload keeps the data', async ({ page }) => {
  await page.goto(`${START}/stap3`);
  await expect(page).toHaveURL(/stap1$/);
  await page.goto(`${START}/onbekend`);
  await expect(page).toHaveURL(/stap1$/);

  await page.getByLabel('Naam abonnee').fill('Zorggroep West');
  await page.getByLabel('Naam contactpersoon').fill('An de Vries');
  await page.getByLabel('E-mailadres contactpersoon').fill('an@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page).toHaveURL(/stap2$/);
  await page.getByRole('radio', { name: 'Anders' }).check();
  await page.getByLabel('Ander type aanvraag').fill('Tijdelijke vervanging');

  await page.reload();
  await expect(page).toHaveURL(/stap2$/);
  await expect(page.getByLabel('Ander type aanvraag')).toHaveValue('Tijdelijke vervanging');

  await page.goBack();
  await expect(page).toHaveURL(/stap1$/);
  await expect(page.getByLabel('Naam abonnee')).toHaveValue('Zorggroep West');
  // Step 2 is after the current step again: going forward through history is refused.
  await page.goForward();
  await expect(page).toHaveURL(/stap1$/);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page).toHaveURL(/stap2$/);
  await expect(page.getByLabel('Ander type aanvraag')).toHaveValue('Tijdelijke vervanging');
  await page.getByRole('button', { name: 'Vorige' }).click();
  await expect(page).toHaveURL(/stap1$/);
});

test('text typed right before Volgende, Vorige or leaving the page is kept', async ({ page }) => {
  // Typed text reaches the step's data a frame after it is shown. Each action below follows the
  // typing in the same task, before that frame, so it must hand the waiting text over itself.
  const typeThen = (label: string, text: string, then: 'submit' | 'previous' | 'pagehide') =>
    page.getByLabel(label).evaluate(
      (input: HTMLInputElement, [value, action]) => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        if (action === 'submit') input.form!.requestSubmit();
        if (action === 'previous') [...input.form!.querySelectorAll('button')].find((button) => button.textContent === 'Vorige')!.click();
        if (action === 'pagehide') window.dispatchEvent(new Event('pagehide'));
        // What is stored at this moment, before any frame.
        return Object.values({ ...sessionStorage }).join(' ');
      },
      [text, then] as const,
    );
  await page.goto(`${START}/stap1`);
  await page.getByLabel('Naam contactpersoon').fill('An de Vries');
  await page.getByLabel('E-mailadres contactpersoon').fill('an@example.nl');
  await typeThen('Naam abonnee', 'Zorggroep West', 'submit');
  await expect(page).toHaveURL(/stap2$/);

  await page.getByRole('radio', { name: 'Anders' }).check();
  await typeThen('Ander type aanvraag', 'Vervanging', 'previous');
  await expect(page).toHaveURL(/stap1$/);
  await expect(page.getByLabel('Naam abonnee')).toHaveValue('Zorggroep West');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByLabel('Ander type aanvraag')).toHaveValue('Vervanging');

  expect(await typeThen('Ander type aanvraag', 'Vervanging wegens ziekte', 'pagehide')).toContain('Vervanging wegens ziekte');
  await page.reload();
  await expect(page.getByLabel('Ander type aanvraag')).toHaveValue('Vervanging wegens ziekte');
});

test('the whole delivery can be done with the keyboard alone', async ({ page }) => {
  await page.goto(`${START}/stap1`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Direct naar de inhoud' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  const tabTo = async (locator: ReturnType<typeof page.locator>) => {
    for (let i = 0; i < 30; i += 1) {
      if (await locator.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error('element niet bereikbaar met Tab');
  };
  await tabTo(page.getByLabel('Naam abonnee'));
  await page.keyboard.type('Praktijk Oost');
  await tabTo(page.getByLabel('Naam contactpersoon'));
  await page.keyboard.type('Kees Bakker');
  await tabTo(page.getByLabel('E-mailadres contactpersoon'));
  await page.keyboard.type('kees@example.nl');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/stap2$/);

  await tabTo(page.getByLabel('Waar hebben de documenten betrekking op?'));
  await page.keyboard.press('ArrowDown');
  await tabTo(page.getByRole('radio', { name: 'Nieuwe aanvraag' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Nieuwe aanvraag' })).toBeChecked();
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page.locator('#documenten_documenten'));
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
  await expect(page.getByRole('listitem').filter({ hasText: 'brief.pdf' })).toBeVisible();
  await tabTo(page.getByRole('button', { name: 'Volgende' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/stap3$/);
  await tabTo(page.getByRole('button', { name: 'Documenten versturen' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/bevestiging$/);
});

test('the Content-Security-Policy blocks eval and inline script', async ({ page, problems }) => {
  // A same-origin script (allowed by script-src 'self') that tries eval and new Function.
  await page.route('**/e2e-eval-probe.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `const outcome = {};
        try { outcome.eval = String(eval('1 + 1')); } catch (error) { outcome.eval = error.name; }
        try { outcome.fn = String(new Function('return 2')()); } catch (error) { outcome.fn = error.name; }
        document.body.dataset.evalProbe = JSON.stringify(outcome);`,
    }),
  );
  const response = await page.goto(`${START}/stap1`);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toContain('unsafe-inline');
  await expect(page.getByLabel('Naam abonnee')).toBeVisible();
  await page.addScriptTag({ url: '/e2e-eval-probe.js' });
  await expect(page.locator('body')).toHaveAttribute('data-eval-probe', JSON.stringify({ eval: 'EvalError', fn: 'EvalError' }));
  await page.addScriptTag({ content: 'document.body.dataset.inline = "ran";' }).catch(() => undefined);
  await expect(page.locator('body')).not.toHaveAttribute('data-inline', 'ran');
  // The validators still work: they were compiled on the server.
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(fieldError(page, "Het veld 'Naam abonnee' is niet ingevuld.")).toBeVisible();
  problems.length = 0; // the refused eval and inline script above are reported as CSP errors on purpose
  await expectAccessible(page, 'stap 1');
});

test('a stale security token is renewed and the delivery sent once more; refused again, the page says to reload and keeps everything', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto(`${START}/stap1`);
  await page.getByLabel('Naam abonnee').fill('Praktijk Zuid');
  await page.getByLabel('Naam contactpersoon').fill('Ria Smit');
  await page.getByLabel('E-mailadres contactpersoon').fill('ria@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByLabel('Waar hebben de documenten betrekking op?').selectOption({ index: 1 });
  await page.getByRole('radio', { name: 'Nieuwe aanvraag' }).check();
  await page.locator('#documenten_documenten').setInputFiles([{ name: 'brief.pdf', mimeType: 'application/pdf', buffer: minimalPdf() }]);
  await expect(page.getByRole('listitem').filter({ hasText: 'brief.pdf' })).toBeVisible();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page).toHaveURL(/stap3$/);

  // The page holds a token this server did not sign (as after a change of its secret).
  const stale = 'verouderd-token.handtekening-van-een-ander-geheim';
  await context.addCookies([{ name: 'XSRF-TOKEN', value: stale, url: baseURL! }]);
  const uploads: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/upload')) uploads.push(response.status());
  });

  // Refused for good (the answer is forced): the applicant is told to reload; nothing is lost.
  await page.route('**/upload', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        type: 'urn:uzi-portaal:fout:geen-toegang',
        status: 403,
        detail: 'x',
        traceId: 't',
        errors: [{ code: 'UCSRF-01', extraInfo: [] }],
      }),
    }),
  );
  await page.getByRole('button', { name: 'Documenten versturen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'De pagina is verouderd. Herlaad de pagina' })).toBeVisible();
  await expect(page).toHaveURL(/stap3$/);
  await expectAccessible(page, 'verouderde pagina');
  await page.unroute('**/upload');

  // The real server refuses the stale token, hands out a fresh one, and the second send goes through.
  uploads.length = 0;
  await page.getByRole('button', { name: 'Documenten versturen' }).click();
  await expect(page).toHaveURL(/bevestiging$/);
  expect(uploads).toEqual([403, 200]);
});
