/**
 * The example flow voorbeeld-datum-tijd over real HTTP: a date of three boxes, a date and time, a
 * time and a switch are stored exactly as sent, and printed as the applicant reads them (pdftotext):
 * a date and time as Dutch wall time (Europe/Amsterdam) whatever offset it was stored with, a time
 * without its zero seconds. What is no date, no time, or a time that does not exist in the
 * Netherlands is refused field by field, in Dutch and in English, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleFixture, exampleFlowClient, refusedFields } from '../helpers/exampleFlows';
import { startServer, type Session, type TestServer } from '../helpers/server';

const FLOW = 'voorbeeld-datum-tijd';

let server: TestServer;
let session: Session;
beforeAll(async () => {
  server = await startServer();
  session = await server.session();
});
afterAll(() => server.close());

const fixture = (name: string) => exampleFixture(FLOW, name).data;

const client = exampleFlowClient(FLOW, () => ({ server, session }));
const { submit } = client;

/** Submits, expects it stored as sent, and answers the printed form's text on one line. */
const storedAndPrinted = async (data: unknown): Promise<string> => (await client.storedAndPrinted(data)).text;

/** Submits, expects a refusal with nothing stored, and answers field -> message. */
async function refused(afspraak: Record<string, unknown>, lang?: 'en'): Promise<Record<string, string>> {
  const before = await server.storage.countSubmissions();
  const fields = await refusedFields(await submit({ afspraak }, lang));
  expect(await server.storage.countSubmissions()).toBe(before);
  return fields;
}

const VALID = { geboortedatum: '1980-03-09', moment: '2026-03-29T14:30:00+02:00' };

describe('dates and times (voorbeeld-datum-tijd)', () => {
  it('stores each value as sent, and prints the date, the Dutch wall time, the time and the switch as the applicant reads them', async () => {
    const text = await storedAndPrinted(fixture('01-geldig-volledig.json'));
    expect(text).toContain('Geboortedatum 09-03-1980');
    expect(text).toContain('Datum en tijd van de afspraak 29-03-2026 14:30');
    expect(text).toContain('Hoe laat mogen wij u bellen? 09:15');
    expect(text).toContain('Stuur mij een herinnering per e-mail Ja');
    expect(text).not.toContain('+02:00');
  });

  it('prints a moment stored in UTC, or with another offset, in Dutch time (summer and winter)', async () => {
    const summer = await storedAndPrinted({ afspraak: { ...VALID, moment: '2026-07-01T08:05:00Z' } });
    expect(summer).toContain('Datum en tijd van de afspraak 01-07-2026 10:05');
    const winter = await storedAndPrinted({ afspraak: { ...VALID, moment: '2026-12-31T18:00:00-05:00' } });
    expect(winter).toContain('Datum en tijd van de afspraak 01-01-2027 00:00');
  });

  it('takes both occurrences of the autumn hour, each as the instant its offset says', async () => {
    const text = await storedAndPrinted(fixture('02-geldig-herfst-en-utc.json'));
    expect(text).toContain('Datum en tijd van de afspraak 25-10-2026 02:30');
    expect(text).toContain('Hoe laat mogen wij u bellen? 17:45:30Z');
    expect(text).toContain('Stuur mij een herinnering per e-mail Nee');
  });

  it('refuses the spring hour the Dutch clock skips, by name, in Dutch and in English', async () => {
    expect(await refused({ ...VALID, moment: '2026-03-29T02:30:00' })).toEqual({
      'afspraak.moment':
        "Het veld 'Datum en tijd van de afspraak' bevat een tijd die in Nederland niet bestaat: in de nacht waarin de zomertijd ingaat, gaat de klok om 02:00 meteen naar 03:00. Kies een tijd vóór 02:00 of vanaf 03:00.",
    });
    expect(await refused({ ...VALID, moment: '2026-03-29T02:30:00' }, 'en')).toEqual({
      'afspraak.moment':
        "The field 'Date and time of the appointment' contains a time that does not exist in the Netherlands: on the night summer time starts, the clock goes straight from 02:00 to 03:00. Choose a time before 02:00 or from 03:00.",
    });
  });

  it('refuses a date and time without offset or as typed text, a time that is none, an incomplete or impossible date, and a switch that is not on or off', async () => {
    const noDateTime = "Het veld 'Datum en tijd van de afspraak' bevat geen geldige datum en tijd, bijvoorbeeld 29-03-2026 14:30.";
    expect(await refused({ ...VALID, moment: '2026-06-01T14:30:00' })).toEqual({ 'afspraak.moment': noDateTime });
    expect(await refused({ ...VALID, moment: '29-03-2026 14:30' })).toEqual({ 'afspraak.moment': noDateTime });
    expect(await refused({ ...VALID, terugbellen: '14:30' })).toEqual({
      'afspraak.terugbellen': "Het veld 'Hoe laat mogen wij u bellen?' bevat geen geldige tijd, bijvoorbeeld 14:30.",
    });
    expect(await refused({ ...VALID, geboortedatum: '1980--9' })).toEqual({
      'afspraak.geboortedatum': "Het veld 'Geboortedatum' is niet volledig ingevuld. Vul een dag, een maand en een jaar in.",
    });
    expect(await refused({ ...VALID, geboortedatum: '1980-02-30' })).toEqual({
      'afspraak.geboortedatum': "Het veld 'Geboortedatum' bevat geen geldige datum.",
    });
    expect(Object.keys(await refused({ ...VALID, herinnering: 'ja' }))).toEqual(['afspraak.herinnering']);
  });
});
