/**
 * Choices between objects as rjsf forms write them (voorbeeld-keuze-objecten) in Debian Chromium,
 * filled in by keyboard alone to the review, the confirmation and the printed form: an anyOf on the
 * step whose options have no required fields (an option chosen needs one of its own answers, as
 * the server knows the option only from them), a property that is a oneOf of untitled options
 * ('Optie 1', 'Optie 2'; 'Option 1' in English), a property with type object, and a colour as an
 * anyOf of single-value enums. axe finds nothing, also with messages shown.
 */
import type { Locator, Page } from '@playwright/test';
import { chooseLanguage } from './sweepPlan';
import { recordSubmits, retype, reviewRows, reviewSection, startExample, submitAndPrint, textbox } from './exampleSupport';
import { expect, expectAccessible, fieldError, next, pressNext, tabTo, test, typeInto } from './support';

const FLOW = 'voorbeeld-keuze-objecten';

/** Tabs into a radio group (to its first radio while none is chosen) and moves `steps` down with the arrow keys. */
async function chooseByKeyboard(page: Page, group: Locator, first: string, steps: number): Promise<void> {
  await tabTo(page, group.getByRole('radio', { name: first, exact: true }));
  if (steps === 0) await page.keyboard.press('Space');
  for (let i = 0; i < steps; i += 1) await page.keyboard.press('ArrowDown');
}

test.describe('Keuzes tussen objecten', () => {
  test.beforeEach(async ({ page }) => recordSubmits(page));

  test('by keyboard alone: options without required fields, untitled options, a property choice and enum constants, to the review and the printed form', async ({
    page,
  }) => {
    await startExample(page, FLOW);
    await pressNext(page);
    await expect(fieldError(page, "Het veld 'Hoe wilt u zich bekendmaken?' is niet ingevuld.")).toBeVisible();
    await expectAccessible(page, 'keuze-objecten meldingen');

    await typeInto(page, textbox(page, 'Naam'), 'Jansen');
    const how = page.getByRole('radiogroup', { name: 'Hoe wilt u zich bekendmaken?' });
    await chooseByKeyboard(page, how, 'Met uw geboortedatum en woonplaats', 1);
    await expect(how.getByRole('radio', { name: 'Met uw klantnummer' })).toBeChecked();
    // Chosen, but none of its questions answered: the server could not tell which option it was.
    await pressNext(page);
    await expect(
      fieldError(page, "Het veld 'Hoe wilt u zich bekendmaken?' is niet volledig ingevuld. Vul bij ‘Met uw klantnummer’ ten minste één vraag in."),
    ).toBeVisible();
    await expectAccessible(page, 'keuze-objecten keuze zonder antwoord');
    await typeInto(page, textbox(page, 'Klantnummer'), '123456');
    // Back to the first option: its answers count, the customer number stays in the tab but is not sent.
    await tabTo(page, how.getByRole('radio', { name: 'Met uw klantnummer' }));
    await page.keyboard.press('ArrowUp');
    await expect(textbox(page, 'Klantnummer')).toHaveCount(0);
    await typeInto(page, textbox(page, 'Woonplaats'), 'Zwolle');
    await next(page, 'stap2');

    const lengte = page.getByRole('group', { name: 'Lengte' });
    const which = lengte.getByRole('radiogroup', { name: 'Kies wat op u van toepassing is' });
    await chooseByKeyboard(page, which, 'Optie 1', 1);
    await expect(which.getByRole('radio', { name: 'Optie 2' })).toBeChecked();
    await typeInto(page, textbox(lengte, 'Voet'), '5');
    await typeInto(page, textbox(lengte, 'Duim'), '12');
    const delivery = page.getByRole('radiogroup', { name: 'Hoe wilt u de bestelling ontvangen?' });
    await chooseByKeyboard(page, delivery, 'Ophalen', 0);
    await expect(delivery.getByRole('radio', { name: 'Ophalen' })).toBeChecked();
    const point = page.getByRole('combobox', { name: 'Afhaalpunt' });
    await tabTo(page, point);
    await page.keyboard.press('ArrowDown');
    await expect(point.locator('option:checked')).toHaveText('Utrecht');
    await chooseByKeyboard(page, page.getByRole('radiogroup', { name: 'Kleur' }), 'Rood', 1);
    await expect(page.getByRole('radio', { name: 'Groen' })).toBeChecked();
    await pressNext(page);
    await expect(fieldError(page, "Het veld 'Duim' is ongeldig. De waarde mag niet groter zijn dan 11.")).toBeVisible();
    await expectAccessible(page, 'keuze-objecten stap 2 meldingen');
    await retype(page, textbox(lengte, 'Duim'), '11');
    await next(page, 'stap3');

    expect(await reviewRows(reviewSection(page, 'Bekendmaken'))).toEqual({
      Naam: 'Jansen',
      'Hoe wilt u zich bekendmaken?': 'Met uw geboortedatum en woonplaats',
      Geboortedatum: '-- Niet ingevuld',
      Woonplaats: 'Zwolle',
    });
    expect(await reviewRows(reviewSection(page, 'Bestelling'))).toEqual({
      'Kies wat op u van toepassing is': 'Optie 2',
      Voet: '5',
      Duim: '11',
      'Hoe wilt u de bestelling ontvangen?': 'Ophalen',
      Afhaalpunt: 'Utrecht',
      Kleur: 'Groen',
    });
    await expectAccessible(page, 'keuze-objecten overzicht');

    const { pdf, sent } = await submitAndPrint(page, FLOW, { keyboard: true });
    expect(sent.bekendmaken).toEqual({ naam: 'Jansen', woonplaats: 'Zwolle' });
    expect(sent.bestelling).toEqual({ lengte: { voet: 5, duim: 11 }, bezorging: { afhaalpunt: 'utrecht' }, kleur: '#00ff00' });
    for (const text of ['Met uw geboortedatum en woonplaats', 'Optie 2', 'Ophalen', 'Groen']) expect(pdf).toContain(text);
    expect(pdf).not.toContain('123456');
  });

  test('in English: untitled options read Option 1 and Option 2, titled ones their English', async ({ page, baseURL }) => {
    await chooseLanguage(page, 'en', baseURL);
    await startExample(page, FLOW, 'Start the example');
    await typeInto(page, textbox(page, 'Name'), 'Jansen');
    await chooseByKeyboard(
      page,
      page.getByRole('radiogroup', { name: 'How would you like to identify yourself?' }),
      'With your date of birth and place of residence',
      1,
    );
    await typeInto(page, textbox(page, 'Customer number'), '123456');
    await next(page, 'stap2', 'Next');

    const which = page.getByRole('group', { name: 'Length' }).getByRole('radiogroup', { name: 'Choose what applies to you' });
    await expect(which.getByRole('radio', { name: 'Option 1' })).toBeVisible();
    await chooseByKeyboard(page, which, 'Option 1', 0);
    await typeInto(page, textbox(page, 'Length in centimetres'), '180,5');
    await chooseByKeyboard(page, page.getByRole('radiogroup', { name: 'How would you like to receive the order?' }), 'Collect', 1);
    await typeInto(page, textbox(page, 'Delivery address'), 'Dorpsstraat 1');
    await chooseByKeyboard(page, page.getByRole('radiogroup', { name: 'Colour' }), 'Red', 0);
    await expectAccessible(page, 'keuze-objecten in het Engels');
    await next(page, 'stap3', 'Next');

    expect(await reviewRows(reviewSection(page, 'Order'))).toMatchObject({
      'Choose what applies to you': 'Option 1',
      'Length in centimetres': '180.5',
      'How would you like to receive the order?': 'Home delivery',
      Colour: 'Red',
    });
    expect(await reviewRows(reviewSection(page, 'Identification'))).toMatchObject({ 'How would you like to identify yourself?': 'With your customer number' });
    const { sent } = await submitAndPrint(page, FLOW, { send: 'Send', download: 'Download form', keyboard: true });
    expect(sent.bestelling).toEqual({ lengte: { centimeter: 180.5 }, bezorging: { bezorgadres: 'Dorpsstraat 1' }, kleur: '#ff0000' });
  });
});
