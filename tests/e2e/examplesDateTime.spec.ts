/**
 * The example flow voorbeeld-datum-tijd in Debian Chromium, by keyboard alone, in a browser whose
 * own time zone is not the Netherlands' (so nothing leans on it): a date as three boxes (Dag, Maand,
 * Jaar, the birth date's autocomplete), a date and a time typed the Dutch way and stored with the
 * Dutch offset, a time stored as rjsf stores it, and a switch. An incomplete date and the spring hour
 * the Dutch clock skips get their own messages; the review and the printed form show Dutch wall
 * time. axe finds nothing on any page, also with the messages shown; in English as in Dutch.
 */
import { chooseLanguage } from './sweepPlan';
import { recordSubmits, retype, reviewRows, reviewSection, startExample, submitAndPrint, textbox as box } from './exampleSupport';
import { expect, expectAccessible, fieldError, next, pressNext, tabTo, test, typeInto } from './support';

const FLOW = 'voorbeeld-datum-tijd';

test.use({ timezoneId: 'America/New_York' });

test.describe('Voorbeeldformulier datum en tijd', () => {
  test.beforeEach(async ({ page }) => recordSubmits(page));

  test('three date boxes, a Dutch date and time, a time and a switch by keyboard, to the review and the printed form in Dutch time', async ({ page }) => {
    await startExample(page, FLOW, 'Voorbeeld starten');
    const birth = page.getByRole('group', { name: 'Geboortedatum' });
    const moment = page.getByRole('group', { name: 'Datum en tijd van de afspraak' });
    const parts = ['Dag', 'Maand', 'Jaar'].map((name) => box(birth, name));
    for (const [index, part] of parts.entries()) {
      await expect(part).toHaveAttribute('inputmode', 'numeric');
      await expect(part).toHaveAttribute('autocomplete', ['bday-day', 'bday-month', 'bday-year'][index]);
    }
    for (const name of ['Datum', 'Tijd']) await expect(box(moment, name)).toHaveAccessibleDescription('In Nederlandse tijd.');
    const toggle = page.getByRole('switch', { name: 'Stuur mij een herinnering per e-mail' });
    await expect(toggle).not.toBeChecked();
    await expectAccessible(page, 'datum en tijd leeg');

    await pressNext(page);
    await expect(fieldError(page, "Het veld 'Geboortedatum' is niet ingevuld.")).toBeVisible();
    await expect(fieldError(page, "Het veld 'Datum en tijd van de afspraak' is niet ingevuld.")).toBeVisible();
    await expectAccessible(page, 'datum en tijd met meldingen');

    // A date without its month: said when focus leaves the three boxes.
    await typeInto(page, parts[0], '9');
    await typeInto(page, parts[2], '1980');
    await page.keyboard.press('Tab');
    await expect(fieldError(page, "Het veld 'Geboortedatum' is niet volledig ingevuld. Vul een dag, een maand en een jaar in.")).toBeVisible();
    await typeInto(page, parts[1], '3');

    // 02:30 on the night summer time starts does not exist in the Netherlands.
    await typeInto(page, box(moment, 'Datum'), '29032026');
    await expect(box(moment, 'Datum')).toHaveValue('29-03-2026');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0230');
    await expect(box(moment, 'Tijd')).toHaveValue('02:30');
    await page.keyboard.press('Tab');
    const gap =
      "Het veld 'Datum en tijd van de afspraak' bevat een tijd die in Nederland niet bestaat: in de nacht waarin de zomertijd ingaat, gaat de klok om 02:00 meteen naar 03:00. Kies een tijd vóór 02:00 of vanaf 03:00.";
    await expect(fieldError(page, gap)).toBeVisible();
    await expectAccessible(page, 'datum en tijd met de melding van het zomeruur');
    await retype(page, box(moment, 'Tijd'), '14.30');
    await expect(box(moment, 'Tijd')).toHaveValue('14:30');

    const callAt = box(page, 'Hoe laat mogen wij u bellen?');
    await typeInto(page, callAt, '25');
    await page.keyboard.press('Tab');
    await expect(fieldError(page, "Het veld 'Hoe laat mogen wij u bellen?' bevat geen geldige tijd, bijvoorbeeld 14:30.")).toBeVisible();
    await retype(page, callAt, '915');
    await expect(callAt).toHaveValue('09:15');

    await tabTo(page, toggle);
    await page.keyboard.press('Space');
    await expect(toggle).toBeChecked();
    await expect(page.locator('.utrecht-form-field-error-message')).toHaveCount(0);
    await expectAccessible(page, 'datum en tijd ingevuld');

    await tabTo(page, page.getByRole('button', { name: 'Volgende' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stap2$/);
    expect(await reviewRows(reviewSection(page, 'Afspraak'))).toEqual({
      Geboortedatum: '09-03-1980',
      'Datum en tijd van de afspraak': '29-03-2026 14:30',
      'Hoe laat mogen wij u bellen?': '09:15',
      'Stuur mij een herinnering per e-mail': 'Ja',
    });
    await expectAccessible(page, 'datum en tijd overzicht');

    const { sent, pdf } = await submitAndPrint(page, FLOW, { keyboard: true });
    expect(sent.afspraak).toEqual({ geboortedatum: '1980-03-09', moment: '2026-03-29T14:30:00+02:00', terugbellen: '09:15:00', herinnering: true });
    for (const text of ['09-03-1980', '29-03-2026 14:30', '09:15']) expect(pdf).toContain(text);
    expect(pdf).not.toContain('+02:00');
  });

  test('in English: the boxes named Day, Month, Year, Date and Time, the messages in English, a winter moment stored with +01:00', async ({
    page,
    baseURL,
  }) => {
    await chooseLanguage(page, 'en', baseURL);
    await startExample(page, FLOW, 'Start the example');
    const birth = page.getByRole('group', { name: 'Date of birth' });
    const moment = page.getByRole('group', { name: 'Date and time of the appointment' });
    await typeInto(page, box(birth, 'Day'), '29');
    await typeInto(page, box(birth, 'Month'), '2');
    await typeInto(page, box(birth, 'Year'), '2001');
    await typeInto(page, box(moment, 'Date'), '15-01-2027');
    await typeInto(page, box(moment, 'Time'), '9:05');
    await pressNext(page, 'Next');
    await expect(fieldError(page, "The field 'Date of birth' does not contain a valid date.")).toBeVisible();
    await expectAccessible(page, 'date and time with a message');
    await retype(page, box(birth, 'Year'), '2000');
    await expect(box(moment, 'Time')).toHaveValue('09:05');
    await next(page, 'stap2', 'Next');
    expect(await reviewRows(reviewSection(page, 'Appointment'))).toMatchObject({
      'Date of birth': '29-02-2000',
      'Date and time of the appointment': '15-01-2027 09:05',
    });
    const { sent, pdf } = await submitAndPrint(page, FLOW, { send: 'Send', download: 'Download form', keyboard: true });
    expect(sent.afspraak).toEqual({ geboortedatum: '2000-02-29', moment: '2027-01-15T09:05:00+01:00' });
    expect(pdf).toContain('15-01-2027 09:05');
  });
});
