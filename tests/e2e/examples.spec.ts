/**
 * The example flows (`flows/voorbeelden/`, one per JSON Schema construct) in Debian Chromium, each
 * filled in as an applicant does, to the review, the confirmation and the printed form: every value
 * shown as entered (labels, not codes; items as sub-sections), a password never shown or printed,
 * the repeating group and the multiple choices by keyboard alone, a choice between groups of fields
 * that keeps the other answers on screen but sends only the chosen ones, defaults and choice texts
 * in English, and a Dutch-only form under an English portal. axe finds nothing on any page, also
 * with an item added and removed and with messages shown.
 */
import type { Locator } from '@playwright/test';
import { chooseLanguage } from './sweepPlan';
import { reviewRows as rows, reviewSection as section, recordSubmits, startExample as start, submitAndPrint, textbox } from './exampleSupport';
import { expect, expectAccessible, expectFocusOnContent, fieldError, next, pressNext, tabTo, test, typeInto } from './support';

const MASKED = 'Ingevuld (wordt niet getoond)';

/** The sub-section of one item of a repeating group in the review (under its heading). */
function item(scope: Locator, heading: string): Locator {
  return scope.locator('.renderer-review__group').filter({ has: scope.page().getByRole('heading', { level: 3, name: heading, exact: true }) });
}

test.describe('Voorbeeldformulieren', () => {
  test.beforeEach(async ({ page }) => recordSubmits(page));

  test("widgets: rjsf's names on the portal's widgets; a password masked on screen and in the review, never printed; a hidden value sent", async ({ page }) => {
    await start(page, 'voorbeeld-widgets');
    await expectAccessible(page, 'widgets leeg');
    await pressNext(page);
    await expect(fieldError(page, 'U moet akkoord gaan met de voorwaarden.')).toBeVisible();
    await expect(fieldError(page, "Het veld 'Aantal deelnemers' is niet ingevuld.")).toBeVisible();
    await expectAccessible(page, 'widgets met meldingen');

    await textbox(page, 'Naam').fill('Jansen');
    await textbox(page, 'Toelichting').fill('Een korte toelichting.');
    const password = page.locator('#velden_wachtwoord');
    await password.fill('geheim123');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Wachtwoord tonen' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Wachtwoord verbergen' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await textbox(page, 'E-mailadres').fill('j.jansen@example.nl');
    await textbox(page, 'Aantal deelnemers').fill('3');
    await textbox(page, 'Bedrag in euro').fill('12,5');
    const slider = page.getByRole('slider', { name: 'Hoe tevreden bent u, van 0 tot 10?' });
    await slider.focus();
    for (let i = 0; i < 7; i += 1) await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue('7');
    await page.getByRole('radio', { name: 'Wijziging' }).check();
    await page.getByRole('combobox', { name: 'Provincie' }).selectOption({ label: 'Utrecht' });
    await page.getByRole('group', { name: 'Wilt u de nieuwsbrief ontvangen?' }).getByRole('radio', { name: 'Ja' }).check();
    await textbox(page, 'Startdatum').fill('01-02-2027');
    await page.getByRole('checkbox', { name: 'Ik ga akkoord met de voorwaarden.' }).check();
    await next(page, 'stap2');

    const shown = await rows(section(page, 'Alle soorten velden'));
    expect(shown).toMatchObject({
      Naam: 'Jansen',
      Wachtwoord: MASKED,
      'Aantal deelnemers': '3',
      'Bedrag in euro': '12,5',
      'Hoe tevreden bent u, van 0 tot 10?': '7',
      'Soort aanvraag': 'Wijziging',
      Provincie: 'Utrecht',
      'Wilt u de nieuwsbrief ontvangen?': 'Ja',
      Startdatum: '01-02-2027',
    });
    expect(Object.keys(shown)).not.toContain('Bron');
    await expect(page.getByText('geheim123')).toHaveCount(0);
    await expectAccessible(page, 'widgets overzicht');

    const { pdf, sent } = await submitAndPrint(page, 'voorbeeld-widgets');
    expect(sent.velden).toMatchObject({ wachtwoord: 'geheim123', bedrag: 12.5, tevredenheid: 7, provincie: 'ut', startdatum: '2027-02-01', bron: 'portaal' });
    for (const text of ['Jansen', 'Wijziging', 'Utrecht', '12,5', '01-02-2027', MASKED]) expect(pdf).toContain(text);
    expect(pdf).not.toContain('geheim123');
    expect(pdf).not.toContain('portaal');
  });

  test('multiple choice by keyboard alone: a checkbox group with a minimum and a multiple select, stored as lists, listed by label', async ({ page }) => {
    await start(page, 'voorbeeld-meerkeuze');
    const professions = page.getByRole('group', { name: 'Voor welke beroepen vraagt u passen aan?' });
    await tabTo(page, professions.getByRole('checkbox', { name: 'Arts', exact: true }));
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stap1$/);
    await expect(
      fieldError(page, "Het veld 'Voor welke beroepen vraagt u passen aan?' is ongeldig. Er moeten minimaal 2 keuzes aangevinkt worden."),
    ).toBeVisible();
    await expectAccessible(page, 'meerkeuze met melding');
    await tabTo(page, professions.getByRole('checkbox', { name: 'Tandarts' }));
    await page.keyboard.press('Space');
    await expect(professions.getByRole('checkbox', { name: 'Tandarts' })).toBeChecked();

    const languages = page.getByRole('listbox', { name: 'In welke talen kunnen wij u schrijven?' });
    await tabTo(page, languages);
    // In a multiple select: the arrow selects one option, Shift+arrow adds the next one.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    expect(await languages.evaluate((select: HTMLSelectElement) => Array.from(select.selectedOptions).map((option) => option.text))).toEqual([
      'Nederlands',
      'Engels',
    ]);

    const days = page.getByRole('group', { name: 'Op welke dagen bent u bereikbaar?' });
    for (const day of ['Maandag', 'Woensdag', 'Vrijdag']) {
      await tabTo(page, days.getByRole('checkbox', { name: day, exact: true }));
      await page.keyboard.press('Space');
    }
    await tabTo(page, page.getByRole('button', { name: 'Volgende' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stap2$/);
    await expectFocusOnContent(page);

    const shown = await rows(section(page, 'Meerdere keuzes'));
    expect(shown).toEqual({
      'Voor welke beroepen vraagt u passen aan?': 'Arts | Tandarts',
      'In welke talen kunnen wij u schrijven?': 'Nederlands | Engels',
      'Op welke dagen bent u bereikbaar?': 'Maandag | Woensdag | Vrijdag',
    });
    await expectAccessible(page, 'meerkeuze overzicht');
    const { pdf, sent } = await submitAndPrint(page, 'voorbeeld-meerkeuze');
    expect(sent.keuzes).toEqual({ beroepen: ['arts', 'tandarts'], talen: ['nl', 'en'], dagen: [1, 3, 5] });
    for (const text of ['Arts', 'Tandarts', 'Nederlands', 'Engels', 'Maandag', 'Woensdag', 'Vrijdag']) expect(pdf).toContain(text);
  });

  test('a repeating group by keyboard alone: add, move and remove items with named buttons, focus kept, item rules and messages per item', async ({ page }) => {
    await start(page, 'voorbeeld-herhalende-groep');
    const people = page.getByRole('group', { name: 'Personen', exact: true });
    const person = (n: number) => people.getByRole('group', { name: `Persoon ${n}`, exact: true });

    // One item to begin with (minItems 1); its BSN only once it says it has one (visibleIf ./heeftBsn).
    await expect(person(1)).toBeVisible();
    await expect(textbox(person(1), 'BSN')).toHaveCount(0);
    await typeInto(page, textbox(person(1), 'Naam'), 'Jansen');
    await tabTo(page, person(1).getByRole('radio', { name: 'Ja' }));
    await page.keyboard.press('Space');
    await expect(textbox(person(1), 'BSN')).toBeVisible();
    await typeInto(page, textbox(person(1), 'BSN'), '111222333');

    // Add: the new item's first field takes the focus, and the page says so.
    await tabTo(page, page.getByRole('button', { name: 'Persoon toevoegen' }));
    await page.keyboard.press('Enter');
    await expect(textbox(person(2), 'Naam')).toBeFocused();
    await expect(people.getByRole('status')).toHaveText('Persoon 2 is toegevoegd.');
    await expectAccessible(page, 'personen met een item toegevoegd');

    // 'Volgende' with the new item empty: the messages are at the item's own fields.
    await tabTo(page, page.getByRole('button', { name: 'Volgende' }));
    await page.keyboard.press('Enter');
    await expect(person(2).locator('.utrecht-form-field-error-message').filter({ hasText: 'Vul de naam van de persoon in.' })).toBeVisible();
    await expect(
      person(2).locator('.utrecht-form-field-error-message').filter({ hasText: "Het veld 'Heeft deze persoon een BSN?' is niet ingevuld." }),
    ).toBeVisible();
    await expect(person(1).locator('.utrecht-form-field-error-message')).toHaveCount(0);
    await expectAccessible(page, 'personen met meldingen');

    await typeInto(page, textbox(person(2), 'Naam'), 'de Vries');
    // Into the radio group with Tab, to 'Nee' with an arrow key (that also chooses it).
    await tabTo(page, person(2).getByRole('radio', { name: 'Ja' }));
    await page.keyboard.press('ArrowDown');
    await expect(person(2).getByRole('radio', { name: 'Nee' })).toBeChecked();

    // A third item, moved up above the second, then removed again.
    await tabTo(page, page.getByRole('button', { name: 'Persoon toevoegen' }));
    await page.keyboard.press('Enter');
    await page.keyboard.type('Bakker');
    await tabTo(page, page.getByRole('button', { name: 'Verplaats persoon 3 omhoog' }));
    await page.keyboard.press('Enter');
    await expect(textbox(person(2), 'Naam')).toHaveValue('Bakker');
    await expect(textbox(person(3), 'Naam')).toHaveValue('de Vries');
    await expect(page.getByRole('button', { name: 'Verplaats persoon 2 omhoog' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(textbox(person(1), 'Naam')).toHaveValue('Bakker');
    await expect(textbox(person(2), 'Naam')).toHaveValue('Jansen');
    await expect(textbox(person(2), 'BSN')).toHaveValue('111222333');
    await tabTo(page, page.getByRole('button', { name: 'Verwijder persoon 1' }));
    await page.keyboard.press('Enter');
    await expect(person(3)).toHaveCount(0);
    await expect(textbox(person(1), 'Naam')).toHaveValue('Jansen');
    // The item now in the removed one's place takes the focus.
    await expect.poll(() => person(1).evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expect(people.getByRole('status')).toHaveText('Persoon 1 is verwijderd.');
    await expectAccessible(page, 'personen met een item verwijderd');

    await tabTo(page, page.getByRole('button', { name: 'Volgende' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stap2$/);

    // Tasks: no item to begin with; one added with its defaults.
    await tabTo(page, page.getByRole('button', { name: 'Taak toevoegen' }));
    await page.keyboard.press('Enter');
    await page.keyboard.type('Formulier invullen');
    await typeInto(page, textbox(page, 'Omschrijving'), 'Alle stappen doorlopen.');
    await tabTo(page, page.getByRole('button', { name: 'Volgende' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stap3$/);

    const review = section(page, 'Personen');
    expect(await rows(item(review, 'Persoon 1'))).toEqual({ Naam: 'Jansen', 'Heeft deze persoon een BSN?': 'Ja', BSN: '111222333' });
    expect(await rows(item(review, 'Persoon 2'))).toEqual({ Naam: 'de Vries', 'Heeft deze persoon een BSN?': 'Nee' });
    expect(await rows(item(section(page, 'Taken'), 'Taak 1'))).toMatchObject({
      Titel: 'Formulier invullen',
      Omschrijving: 'Alle stappen doorlopen.',
      Klaar: 'Nee',
    });
    await expect(page.getByText('[object Object]')).toHaveCount(0);
    await expectAccessible(page, 'herhalende groep overzicht');

    const { pdf, sent } = await submitAndPrint(page, 'voorbeeld-herhalende-groep');
    expect(sent.personen).toEqual({
      personen: [
        { naam: 'Jansen', heeftBsn: true, bsn: '111222333' },
        { naam: 'de Vries', heeftBsn: false },
      ],
    });
    expect(pdf).toMatch(/Persoon 1 .*Jansen.*111222333.*Persoon 2 .*de Vries/);
    expect(pdf).toContain('Taak 1');
    expect(pdf).not.toContain('[object Object]');
  });

  test('lists of values by keyboard alone: each value named by its place, its message at the value, moved and removed; listed in the review and on the form', async ({
    page,
  }) => {
    await start(page, 'voorbeeld-lijsten');
    const phones = page.getByRole('group', { name: 'Telefoonnummers', exact: true });
    const phone = (n: number) => textbox(phones, `Telefoonnummer ${n}`);

    // One value to begin with (minItems 1), typed as a telephone number with its autocomplete.
    await expect(phone(1)).toHaveAttribute('type', 'tel');
    await expect(phone(1)).toHaveAttribute('autocomplete', 'tel');
    await typeInto(page, phone(1), '0612345678');
    await tabTo(page, phones.getByRole('button', { name: 'Telefoonnummer toevoegen' }));
    await page.keyboard.press('Enter');
    await expect(phone(2)).toBeFocused();
    await expect(phones.getByRole('status')).toHaveText('Telefoonnummer 2 is toegevoegd.');
    await page.keyboard.type('abc');
    await expectAccessible(page, 'lijsten met een waarde toegevoegd');

    // A wrong value and one left empty: each message at its own value, named by its place.
    await tabTo(page, phones.getByRole('button', { name: 'Telefoonnummer toevoegen' }));
    await page.keyboard.press('Enter');
    await pressNext(page);
    await expect(phones.locator('[data-field="telefoonnummers.1"]').locator('.utrecht-form-field-error-message')).toHaveText(
      /Het veld 'Telefoonnummer 2' is ongeldig\./,
    );
    await expect(fieldError(page, "Het veld 'Telefoonnummer 3' is niet ingevuld.")).toBeVisible();
    await expect(phone(2)).toHaveAttribute('aria-invalid', 'true');
    await expect(phone(1)).not.toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'lijsten met meldingen');

    // Fix the second, move the third above it, then remove the wrong one.
    await phone(2).fill('0201234567');
    await typeInto(page, phone(3), '0301234567');
    await tabTo(page, page.getByRole('button', { name: 'Verplaats telefoonnummer 3 omhoog' }));
    await page.keyboard.press('Enter');
    await expect(phone(2)).toHaveValue('0301234567');
    await expect(phone(3)).toHaveValue('0201234567');
    await tabTo(page, page.getByRole('button', { name: 'Verwijder telefoonnummer 2' }));
    await page.keyboard.press('Enter');
    await expect(phone(3)).toHaveCount(0);
    await expect(phone(2)).toHaveValue('0201234567');
    await expect(phones.getByRole('status')).toHaveText('Telefoonnummer 2 is verwijderd.');

    // Fixed positions, each under its own title, then further values that can be added and removed.
    const reach = page.getByRole('group', { name: 'Bereikbaarheid', exact: true });
    await typeInto(page, textbox(reach, 'Telefoonnummer overdag'), '0201234567');
    await tabTo(page, reach.getByRole('radio', { name: 'Ja' }));
    await page.keyboard.press('ArrowDown');
    await expect(reach.getByRole('radio', { name: 'Nee' })).toBeChecked();
    await expect(reach.getByRole('button', { name: /Verwijder/ })).toHaveCount(0);
    await tabTo(page, reach.getByRole('button', { name: 'Ander telefoonnummer toevoegen' }));
    await page.keyboard.press('Enter');
    await expect(textbox(reach, 'Ander telefoonnummer 3')).toBeFocused();
    await page.keyboard.type('0612345670');

    // An e-mail address, the value list's own item title.
    const mails = page.getByRole('group', { name: 'E-mailadressen', exact: true });
    await tabTo(page, mails.getByRole('button', { name: 'E-mailadres toevoegen' }));
    await page.keyboard.press('Enter');
    await expect(textbox(mails, 'E-mailadres 1')).toBeFocused();
    await page.keyboard.type('j.jansen@example.nl');
    await next(page, 'stap2');

    // Keywords: a value twice is refused for the list; dates as the date field; numbers with their limit.
    const words = page.getByRole('group', { name: 'Trefwoorden', exact: true });
    for (const word of ['spoed', 'spoed']) {
      await tabTo(page, words.getByRole('button', { name: 'Trefwoord toevoegen' }));
      await page.keyboard.press('Enter');
      await page.keyboard.type(word);
    }
    await expect(words.getByRole('button', { name: /omhoog|omlaag/ })).toHaveCount(0);
    const dates = page.getByRole('group', { name: 'Beschikbare data', exact: true });
    await tabTo(page, dates.getByRole('button', { name: 'Datum toevoegen' }));
    await page.keyboard.press('Enter');
    await page.keyboard.type('15-01-2027');
    const counts = page.getByRole('group', { name: 'Aantallen per locatie', exact: true });
    await tabTo(page, counts.getByRole('button', { name: 'Aantal toevoegen' }));
    await page.keyboard.press('Enter');
    await page.keyboard.type('0');
    await pressNext(page);
    await expect(fieldError(page, "Het veld 'Trefwoorden' is ongeldig. Elke waarde mag maar één keer voorkomen.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'Aantal 1' is ongeldig. De waarde mag niet kleiner zijn dan 1.")).toBeVisible();
    await expectAccessible(page, 'lijsten stap 2 met meldingen');
    await textbox(words, 'Trefwoord 2').fill('huisarts');
    await textbox(counts, 'Aantal 1').fill('12');
    await next(page, 'stap3');

    expect(await rows(section(page, 'Contactgegevens'))).toEqual({
      Telefoonnummers: '0612345678 | 0201234567',
      Bereikbaarheid: '0201234567 | Nee | 0612345670',
      'E-mailadressen': 'j.jansen@example.nl',
    });
    expect(await rows(section(page, 'Trefwoorden en data'))).toEqual({
      Trefwoorden: 'spoed | huisarts',
      'Beschikbare data': '15-01-2027',
      'Aantallen per locatie': '12',
    });
    await expectAccessible(page, 'lijsten overzicht');
    const { pdf, sent } = await submitAndPrint(page, 'voorbeeld-lijsten');
    expect(sent.contact).toEqual({
      telefoonnummers: ['0612345678', '0201234567'],
      bereikbaarheid: ['0201234567', false, '0612345670'],
      emailadressen: ['j.jansen@example.nl'],
    });
    expect(sent.overig).toEqual({ trefwoorden: ['spoed', 'huisarts'], datums: ['2027-01-15'], aantallen: [12] });
    for (const text of ['Telefoonnummers', '0612345678', '0201234567', 'j.jansen@example.nl', 'spoed', 'huisarts', '15-01-2027']) expect(pdf).toContain(text);
  });

  test('numbers with the Dutch decimal comma, limits named in the messages', async ({ page }) => {
    await start(page, 'voorbeeld-getallen');
    await textbox(page, 'Een geheel getal van 1 tot en met 100').fill('101');
    await textbox(page, 'Een getal groter dan 0 en kleiner dan 10').fill('10');
    await textbox(page, 'Een veelvoud van 0,5').fill('1,2');
    await textbox(page, 'Een tekst van 3 tot 10 tekens').fill('ab');
    await pressNext(page);
    await expect(fieldError(page, "Het veld 'Een geheel getal van 1 tot en met 100' is ongeldig. De waarde mag niet groter zijn dan 100.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'Een getal groter dan 0 en kleiner dan 10' is ongeldig. De waarde moet kleiner zijn dan 10.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'Een veelvoud van 0,5' is ongeldig. De waarde moet een veelvoud zijn van 0,5.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'Een tekst van 3 tot 10 tekens' is ongeldig. Er moeten minimaal 3 tekens ingevuld worden.")).toBeVisible();
    await expectAccessible(page, 'getallen met meldingen');

    await textbox(page, 'Een geheel getal van 1 tot en met 100').fill('42');
    await textbox(page, 'Een getal groter dan 0 en kleiner dan 10').fill('2,5');
    await textbox(page, 'Een veelvoud van 0,5').fill('1,5');
    await textbox(page, 'Een tekst van 3 tot 10 tekens').fill('abcdef');
    await page.getByRole('radio', { name: '2,5' }).check();
    await next(page, 'stap2');
    expect(await rows(section(page, 'Getallen'))).toEqual({
      'Een geheel getal van 1 tot en met 100': '42',
      'Een getal groter dan 0 en kleiner dan 10': '2,5',
      'Een veelvoud van 0,5': '1,5',
      'Een tekst van 3 tot 10 tekens': 'abcdef',
      'Kies een getal': '2,5',
    });
    const { pdf, sent } = await submitAndPrint(page, 'voorbeeld-getallen');
    expect(sent.getallen).toEqual({ geheel: 42, decimaal: 2.5, veelvoud: 1.5, tekst: 'abcdef', getalKeuze: 2.5 });
    for (const text of ['42', '2,5', '1,5', 'abcdef']) expect(pdf).toContain(text);
  });

  test('ui hints: the fields, the messages, the review and the form follow ui:order; titles and descriptions of the step and a group shown; autocomplete; an emptied remark sent as ui:emptyValue', async ({
    page,
  }) => {
    await start(page, 'voorbeeld-weergave');
    // The step schema's own title and description, and a group's description, stand on the page.
    await expect(page.getByRole('heading', { level: 2, name: 'Hoe bereiken wij u?' })).toBeVisible();
    await expect(page.getByText('Wij gebruiken deze gegevens alleen om u over dit voorbeeld te bereiken.')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Adres' })).toHaveAccessibleDescription('Het adres waar wij post naartoe sturen.');
    const controls = () =>
      page
        .locator('main form :is(input, textarea)')
        .evaluateAll((elements) =>
          elements.map((element) => [(element as HTMLInputElement).labels?.[0]?.textContent?.replace('*', '').trim(), element.getAttribute('autocomplete')]),
        );
    expect(await controls()).toEqual([
      ['Naam', 'name'],
      ['E-mailadres', 'email'],
      ['Telefoonnummer', 'tel'],
      ['Website', 'url'],
      ['Straat en huisnummer', 'street-address'],
      ['Plaats', 'address-level2'],
      ['Land', null],
      ['Opmerking', null],
    ]);
    await expectAccessible(page, 'weergave leeg');
    await pressNext(page);
    const summary = page.locator('.renderer-error-summary a');
    await expect(summary.first()).toBeVisible();
    expect((await summary.allTextContents()).slice(0, 2)).toEqual([expect.stringContaining("'Naam'"), expect.stringContaining("'E-mailadres'")]);

    await textbox(page, 'Naam').fill('J. Jansen');
    await textbox(page, 'E-mailadres').fill('j.jansen@example.nl');
    await textbox(page, 'Telefoonnummer').fill('0612345678');
    // format: uri is a URL field with the message of the portal's own check.
    const website = textbox(page, 'Website');
    await expect(website).toHaveAttribute('type', 'url');
    await website.fill('www.zorg.example.nl');
    await website.blur();
    await expect(fieldError(page, "Het veld 'Website' bevat geen volledig webadres, bijvoorbeeld https://www.uziregister.nl.")).toBeVisible();
    await website.fill('https://www.zorg.example.nl');
    await textbox(page, 'Straat en huisnummer').fill('Dorpsstraat 1');
    await textbox(page, 'Plaats').fill('Utrecht');
    // A fixed value (const) is filled in and read-only.
    await expect(textbox(page, 'Land')).toHaveValue('Nederland');
    await expect(textbox(page, 'Land')).toHaveAttribute('readonly', '');
    await textbox(page, 'Opmerking').fill('Eerst wel iets');
    await textbox(page, 'Opmerking').fill('');
    await next(page, 'stap2');
    expect(Object.entries(await rows(section(page, 'Contactgegevens')))).toEqual([
      ['Naam', 'J. Jansen'],
      ['E-mailadres', 'j.jansen@example.nl'],
      ['Telefoonnummer', '0612345678'],
      ['Website', 'https://www.zorg.example.nl'],
      ['Straat en huisnummer', 'Dorpsstraat 1'],
      ['Plaats', 'Utrecht'],
      ['Land', 'Nederland'],
      ['Opmerking', '-- Niet ingevuld'],
    ]);
    const { pdf, sent } = await submitAndPrint(page, 'voorbeeld-weergave');
    expect(sent.contact).toEqual({
      naam: 'J. Jansen',
      email: 'j.jansen@example.nl',
      telefoon: '0612345678',
      website: 'https://www.zorg.example.nl',
      adres: { straat: 'Dorpsstraat 1', plaats: 'Utrecht', land: 'Nederland' },
      opmerking: '',
    });
    const printedStep = pdf.slice(pdf.indexOf('Contactgegevens'));
    const places = ['Naam', 'E-mailadres', 'Telefoonnummer', 'Website', 'Straat en huisnummer', 'Plaats', 'Land', 'Opmerking'].map((label) =>
      printedStep.indexOf(label),
    );
    expect(places.every((place) => place >= 0)).toBe(true);
    expect([...places].sort((a, b) => a - b)).toEqual(places);
  });

  test('if/then/else: the questions follow the answers, and only the answers that apply reach the review, the server and the form', async ({ page }) => {
    await start(page, 'voorbeeld-als-dan');
    const animal = page.getByRole('radiogroup', { name: 'Welk dier heeft u?' });
    await animal.getByRole('radio', { name: 'Kat' }).check();
    await page.getByRole('radiogroup', { name: 'Wat eet uw kat?' }).getByRole('radio', { name: 'Vlees' }).check();
    await page.getByRole('radiogroup', { name: 'Heeft u ervaring met dit dier?' }).getByRole('radio', { name: 'Ja' }).check();
    await textbox(page, 'Hoeveel jaar ervaring heeft u?').fill('5');
    await expect(textbox(page, 'Welke cursus gaat u volgen?')).toHaveCount(0);

    await animal.getByRole('radio', { name: 'Vis' }).check();
    await expect(page.getByRole('radiogroup', { name: 'Wat eet uw kat?' })).toHaveCount(0);
    await pressNext(page);
    await expect(fieldError(page, "Het veld 'Wat eet uw vis?' is niet ingevuld.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'Waar leeft uw vis?' is niet ingevuld.")).toBeVisible();
    await expectAccessible(page, 'als-dan met meldingen');
    await page.getByRole('radiogroup', { name: 'Wat eet uw vis?' }).getByRole('radio', { name: 'Wormen' }).check();
    await page.getByRole('radiogroup', { name: 'Waar leeft uw vis?' }).getByRole('radio', { name: 'In een vijver' }).check();
    await page.getByRole('radiogroup', { name: 'Heeft u ervaring met dit dier?' }).getByRole('radio', { name: 'Nee' }).check();
    await expect(textbox(page, 'Hoeveel jaar ervaring heeft u?')).toHaveCount(0);
    await textbox(page, 'Welke cursus gaat u volgen?').fill('Vissen voor beginners');
    await next(page, 'stap2');

    expect(await rows(section(page, 'Uw dier'))).toEqual({
      'Welk dier heeft u?': 'Vis',
      'Heeft u ervaring met dit dier?': 'Nee',
      'Wat eet uw vis?': 'Wormen',
      'Waar leeft uw vis?': 'In een vijver',
      'Welke cursus gaat u volgen?': 'Vissen voor beginners',
    });
    await expectAccessible(page, 'als-dan overzicht');
    const { pdf, sent } = await submitAndPrint(page, 'voorbeeld-als-dan');
    expect(sent.dier).toEqual({ dier: 'vis', voer: 'wormen', water: 'vijver', ervaring: false, cursus: 'Vissen voor beginners' });
    for (const text of ['Vis', 'Wormen', 'In een vijver', 'Vissen voor beginners']) expect(pdf).toContain(text);
    expect(pdf).not.toContain('Hoeveel jaar ervaring');
  });

  test('dependencies: a question appears once the answer it depends on is given, with its own messages', async ({ page }) => {
    await start(page, 'voorbeeld-afhankelijkheden');
    await textbox(page, 'Naam').fill('Jansen');
    await expect(textbox(page, 'Wanneer bent u telefonisch bereikbaar?')).toHaveCount(0);
    await textbox(page, 'Telefoonnummer').fill('0612345678');
    await expect(textbox(page, 'Wanneer bent u telefonisch bereikbaar?')).toBeVisible();
    await textbox(page, 'Bedrijfsnaam').fill('Jansen Zorg');
    await page.getByRole('radiogroup', { name: 'Heeft u huisdieren?' }).getByRole('radio', { name: 'Ja, één' }).check();
    await expect(textbox(page, 'Hoe oud is uw huisdier?')).toBeVisible();
    await pressNext(page);
    await expect(fieldError(page, "Het veld 'Wanneer bent u telefonisch bereikbaar?' is niet ingevuld.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'KVK-nummer' is niet ingevuld.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'Hoe oud is uw huisdier?' is niet ingevuld.")).toBeVisible();
    await expectAccessible(page, 'afhankelijkheden met meldingen');
    await textbox(page, 'Wanneer bent u telefonisch bereikbaar?').fill('Op werkdagen na 17 uur');
    await textbox(page, 'KVK-nummer').fill('12345678');
    await textbox(page, 'Hoe oud is uw huisdier?').fill('4');
    await next(page, 'stap2');
    expect(await rows(section(page, 'Uw gegevens'))).toMatchObject({
      Naam: 'Jansen',
      Telefoonnummer: '0612345678',
      'Wanneer bent u telefonisch bereikbaar?': 'Op werkdagen na 17 uur',
      Bedrijfsnaam: 'Jansen Zorg',
      'KVK-nummer': '12345678',
      'Heeft u huisdieren?': 'Ja, één',
      'Hoe oud is uw huisdier?': '4',
    });
    await expectAccessible(page, 'afhankelijkheden overzicht');
    const { pdf } = await submitAndPrint(page, 'voorbeeld-afhankelijkheden');
    for (const text of ['Op werkdagen na 17 uur', '12345678', 'Ja, één']) expect(pdf).toContain(text);
  });

  test('a choice between groups of fields: switching keeps the other answers on screen, only the chosen group is sent and shown', async ({ page }) => {
    await start(page, 'voorbeeld-keuze');
    await pressNext(page);
    await expect(fieldError(page, "Het veld 'Hoe wilt u bericht van ons krijgen?' is niet ingevuld.")).toBeVisible();
    await expectAccessible(page, 'keuze met meldingen');
    await textbox(page, 'Naam').fill('Jansen');
    const how = page.getByRole('radiogroup', { name: 'Hoe wilt u bericht van ons krijgen?' });
    await how.getByRole('radio', { name: 'Per e-mail' }).check();
    await textbox(page, 'E-mailadres').fill('j.jansen@example.nl');
    await how.getByRole('radio', { name: 'Per post' }).check();
    await expect(textbox(page, 'E-mailadres')).toHaveCount(0);
    await textbox(page, 'Postadres').fill('Postbus 1\n2500 AA Den Haag');
    await how.getByRole('radio', { name: 'Per e-mail' }).check();
    await expect(textbox(page, 'E-mailadres')).toHaveValue('j.jansen@example.nl');
    await how.getByRole('radio', { name: 'Per post' }).check();
    await expect(textbox(page, 'Postadres')).toHaveValue('Postbus 1\n2500 AA Den Haag');
    await expectAccessible(page, 'keuze per post');
    await next(page, 'stap2');

    await textbox(page, 'Bedrag in euro').fill('12,5');
    await page.getByRole('radiogroup', { name: 'Hoe wilt u betalen?' }).getByRole('radio', { name: 'Per factuur' }).check();
    await textbox(page, 'IBAN').fill('NL91 ABNA');
    await pressNext(page);
    await expect(fieldError(page, "Het veld 'IBAN' is ongeldig. Vul een Nederlands IBAN in zonder spaties.")).toBeVisible();
    await textbox(page, 'IBAN').fill('NL91ABNA0417164300');
    await next(page, 'stap3');

    expect(await rows(section(page, 'Bericht'))).toEqual({
      Naam: 'Jansen',
      'Hoe wilt u bericht van ons krijgen?': 'Per post',
      Postadres: 'Postbus 1\n2500 AA Den Haag',
    });
    expect(await rows(section(page, 'Betaling'))).toEqual({ 'Bedrag in euro': '12,5', 'Hoe wilt u betalen?': 'Per factuur', IBAN: 'NL91ABNA0417164300' });
    await expectAccessible(page, 'keuze overzicht');
    const { pdf, sent } = await submitAndPrint(page, 'voorbeeld-keuze');
    expect(sent.bericht).toEqual({ naam: 'Jansen', postadres: 'Postbus 1\n2500 AA Den Haag' });
    expect(sent.betaling).toEqual({ betaling: { bedrag: 12.5, iban: 'NL91ABNA0417164300' } });
    for (const text of ['Per post', 'Postbus 1', 'Per factuur', 'NL91ABNA0417164300']) expect(pdf).toContain(text);
    expect(pdf).not.toContain('j.jansen@example.nl');
  });

  test('defaults of optional fields are filled in, and choice texts are in English, in the review and on the form', async ({ page, baseURL }) => {
    await chooseLanguage(page, 'en', baseURL);
    await start(page, 'voorbeeld-standaardwaarden', 'Start the example');
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('0');
    await expect(page.getByRole('combobox', { name: 'Country' }).locator('option:checked')).toHaveText('Netherlands');
    await expect(textbox(page, 'Number of copies')).toHaveValue('1');
    await expect(page.getByRole('radio', { name: 'By email' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Normal' })).toBeChecked();
    await expectAccessible(page, 'standaardwaarden');
    await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Belgium' });
    await page.getByRole('radio', { name: 'High' }).check();
    await next(page, 'stap2', 'Next');
    expect(await rows(section(page, 'Preferences'))).toMatchObject({
      Country: 'Belgium',
      'Number of copies': '1',
      'How would you like to be contacted?': 'By email',
      Priority: 'High',
    });
    await expectAccessible(page, 'standaardwaarden overzicht');
    const { pdf, sent } = await submitAndPrint(page, 'voorbeeld-standaardwaarden', { send: 'Send', download: 'Download form' });
    expect(sent.voorkeuren).toEqual({ land: 'be', kopieen: 1, contact: 'email', prioriteit: 'hoog' });
    for (const text of ['Belgium', 'By email', 'High']) expect(pdf).toContain(text);
  });

  test('a Dutch-only form under an English portal: shown in Dutch, marked as Dutch, with a notice and a note at the language switch', async ({
    page,
    baseURL,
  }) => {
    await chooseLanguage(page, 'en', baseURL);
    await page.goto('/uzi/voorbeeld-alleen-nederlands');
    await expect(page.getByText('This form is only available in Dutch.').first()).toBeVisible();
    const languageSwitch = page.getByRole('group', { name: 'Set website language' });
    await expect(languageSwitch).toHaveAccessibleDescription('This form is only available in Dutch.');
    await expect(page.locator('main [lang="nl"]').first()).toBeAttached();
    await page.getByRole('button', { name: 'Voorbeeld starten' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stap 1: Uw vraag');
    await expectAccessible(page, 'alleen Nederlands stap 1 onder Engels');
    await textbox(page, 'Onderwerp').fill('Passen');
    await textbox(page, 'Uw vraag').fill('Wanneer krijg ik mijn pas?');
    await next(page, 'stap2');
    expect(await rows(section(page, 'Uw vraag'))).toEqual({ Onderwerp: 'Passen', 'Uw vraag': 'Wanneer krijg ik mijn pas?' });
    await expectAccessible(page, 'alleen Nederlands overzicht');
    const { pdf } = await submitAndPrint(page, 'voorbeeld-alleen-nederlands');
    expect(pdf).toContain('Wanneer krijg ik mijn pas?');

    // Elsewhere in the portal the switch says nothing of the kind.
    await page.goto('/uzi/voorbeeld-standaardwaarden');
    await expect(page.getByRole('group', { name: 'Set website language' })).not.toHaveAccessibleDescription('This form is only available in Dutch.');
  });
});
