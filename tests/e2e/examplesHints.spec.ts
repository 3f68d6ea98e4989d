/**
 * voorbeeld-afleiding in Debian Chromium, filled in as an applicant does to the review, the
 * confirmation and the printed form: examples as suggestions (a datalist tied to the input), a
 * yes/no question and a choice written as allOf parts, a select's ui:placeholder, choices without
 * a type, a field of type null shown as text only, and choices that are objects (a select and
 * radios) sent as the object and shown by their labels. axe finds nothing, also with messages shown.
 */
import type { Locator, Page } from '@playwright/test';
import { chooseLanguage } from './sweepPlan';
import { lastSubmit, recordSubmits, reviewRows as rows, startExample } from './exampleSupport';
import { downloadFromButton, expect, expectAccessible, fieldError, next, pressNext, test } from './support';

const FLOW = 'voorbeeld-afleiding';

/** An input with suggestions is a combobox (a text input with a list). */
const suggesting = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

/** The suggestions tied to an input by its `list`. */
async function suggestionsOf(input: Locator): Promise<string[]> {
  const list = await input.getAttribute('list');
  expect(list, 'the input names its datalist').toBeTruthy();
  return input
    .page()
    .locator(`datalist[id="${list}"] option`)
    .evaluateAll((options) => options.map((option) => option.getAttribute('value') ?? ''));
}

test.describe('Voorbeeldformulier: suggesties, velden uit delen en keuzes als gegevens', () => {
  test.beforeEach(async ({ page }) => recordSubmits(page));

  test('examples suggest, allOf parts make one field, a null field is text, object choices are sent whole and reviewed by label', async ({ page }) => {
    await startExample(page, FLOW);
    await expectAccessible(page, 'afleiding leeg');

    // Examples are suggestions on text, e-mail, URL, telephone and number inputs.
    expect(await suggestionsOf(suggesting(page, 'Uw beroep'))).toEqual(['Huisarts', 'Tandarts', 'Apotheker']);
    expect(await suggestionsOf(suggesting(page, 'E-mailadres'))).toEqual(['info@zorgpraktijk.nl']);
    await expect(suggesting(page, 'E-mailadres')).toHaveAttribute('type', 'email');
    expect(await suggestionsOf(suggesting(page, 'Website'))).toEqual(['https://www.zorgpraktijk.nl']);
    await expect(suggesting(page, 'Telefoonnummer')).toHaveAttribute('type', 'tel');
    expect(await suggestionsOf(suggesting(page, 'Telefoonnummer'))).toEqual(['0301234567']);
    expect(await suggestionsOf(suggesting(page, 'Aantal medewerkers'))).toEqual(['5', '10', '25']);

    // allOf parts: a yes/no question is a checkbox; the choice a select with the flow's placeholder first.
    await expect(page.getByRole('checkbox', { name: 'Ik wil de nieuwsbrief ontvangen' })).toBeVisible();
    const soort = page.getByRole('combobox', { name: 'Soort praktijk' });
    await expect(soort.locator('option').first()).toHaveText('Kies de soort praktijk');
    // The field of type null is its title and description, nothing to fill in.
    const note = page.locator('[data-field="uitleg"]');
    await expect(note).toContainText('Over uw vestiging');
    await expect(note).toContainText('Kies hieronder de vestiging waar u werkt en waar u wilt langskomen.');
    await expect(note.locator('input, select, textarea')).toHaveCount(0);

    await pressNext(page);
    await expect(fieldError(page, "Het veld 'Bij welke vestiging werkt u?' is niet ingevuld.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'Soort praktijk' is niet ingevuld.")).toBeVisible();
    await expectAccessible(page, 'afleiding met meldingen');

    // A text beside the examples is taken: they are no constraint.
    await suggesting(page, 'Uw beroep').fill('Verloskundige');
    await suggesting(page, 'Aantal medewerkers').fill('10');
    await soort.selectOption({ label: 'Groepspraktijk' });
    await page.getByRole('checkbox', { name: 'Ik wil de nieuwsbrief ontvangen' }).check();
    await page.getByRole('radio', { name: 'Per e-mail' }).check();
    await page.getByRole('combobox', { name: 'Bij welke vestiging werkt u?' }).selectOption({ label: 'Amsterdam' });
    await page.getByRole('radio', { name: 'Vestiging Utrecht' }).check();
    await next(page, 'stap2');

    const shown = await rows(page.getByRole('region', { name: 'Uw praktijk' }));
    expect(shown).toMatchObject({
      'Uw beroep': 'Verloskundige',
      'Aantal medewerkers': '10',
      'Soort praktijk': 'Groepspraktijk',
      'Ik wil de nieuwsbrief ontvangen': 'Ja',
      'Hoe wilt u bericht krijgen?': 'Per e-mail',
      'Bij welke vestiging werkt u?': 'Amsterdam',
      'Waar wilt u langskomen?': 'Vestiging Utrecht',
    });
    expect(Object.keys(shown)).not.toContain('Over uw vestiging');
    await expectAccessible(page, 'afleiding controleren');

    await page.getByRole('button', { name: 'Versturen', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/uzi/${FLOW}/bevestiging$`));
    const sent = (await lastSubmit(page)) as { praktijk: Record<string, unknown> };
    expect(sent.praktijk).toMatchObject({
      beroep: 'Verloskundige',
      medewerkers: 10,
      soort: 'groep',
      nieuwsbrief: true,
      bericht: 'email',
      vestiging: { plaats: 'Amsterdam', vestigingscode: 'AM02' },
      bezoek: { plaats: 'Utrecht', vestigingscode: 'UT01' },
    });
    expect(sent.praktijk.uitleg ?? null).toBeNull();
    await expectAccessible(page, 'afleiding bevestiging');
    const pdf = (await downloadFromButton(page, 'Download formulier')).replace(/\s+/g, ' ');
    expect(pdf).toContain('Soort praktijk Groepspraktijk');
    expect(pdf).toContain('Bij welke vestiging werkt u? Amsterdam');
    expect(pdf).toContain('Waar wilt u langskomen? Vestiging Utrecht');
    expect(pdf).not.toContain('Over uw vestiging');
  });

  test('in English: the examples of a text field translated, those of an e-mail address as written', async ({ page, baseURL }) => {
    await chooseLanguage(page, 'en', baseURL);
    await page.goto(`/uzi/${FLOW}`);
    await page.getByRole('button', { name: 'Start the example' }).click();
    expect(await suggestionsOf(suggesting(page, 'Your profession'))).toEqual(['General practitioner', 'Dentist', 'Pharmacist']);
    expect(await suggestionsOf(suggesting(page, 'E-mail address'))).toEqual(['info@zorgpraktijk.nl']);
    await expect(page.getByRole('combobox', { name: 'Type of practice' }).locator('option').first()).toHaveText('Choose the type of practice');
    await expectAccessible(page, 'afleiding in het Engels');
  });
});
