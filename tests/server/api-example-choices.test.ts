/**
 * Choices between objects as rjsf forms write them (voorbeeld-keuze-objecten) over real HTTP: the
 * server finds the option in effect from the data alone — the first option one of whose own fields
 * is answered and whose schema the data meets —, validates that option on its own, stores what was
 * sent and prints the question with the option chosen ('Optie 2' for an option without a title).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleFixture, exampleFlowClient, refusedFields } from '../helpers/exampleFlows';
import { expectError, startServer, type Session, type TestServer } from '../helpers/server';

const FLOW = 'voorbeeld-keuze-objecten';

const fixture = (name: string) => exampleFixture(FLOW, name).data as Record<string, unknown>;

let server: TestServer;
let session: Session;
beforeAll(async () => {
  server = await startServer();
  session = await server.session();
});
afterAll(() => server.close());

const { submit, storedAndPrinted: stored } = exampleFlowClient(FLOW, () => ({ server, session }));

/** The refused fields of a refused submit, with their messages; nothing is stored. */
async function refused(data: unknown): Promise<Record<string, string>> {
  const before = await server.storage.countSubmissions();
  const fields = await refusedFields(await submit(data));
  expect(await server.storage.countSubmissions()).toBe(before);
  return fields;
}

describe('choices between objects on the server', () => {
  it('stores and prints the option each choice is in, by its title or as Optie n', async () => {
    const { text } = await stored(fixture('02-geldig-geboortedatum-voet'));
    expect(text).toContain('Hoe wilt u zich bekendmaken? Met uw geboortedatum en woonplaats');
    expect(text).toContain('Geboortedatum 17-05-1980');
    expect(text).toMatch(/Lengte Kies wat op u van toepassing is Optie 2 Voet 5 Duim 11/);
    // The label wraps beside the option.
    expect(text).toContain('Bezorging Hoe wilt u de bestelling Thuisbezorgen ontvangen? Bezorgadres Dorpsstraat 1 8011 AA Zwolle');
    expect(text).toContain('Kleur Rood');
    expect(text).not.toContain('Klantnummer');
    expect(text).not.toContain('centimeter');
  });

  it('takes an option without required fields by the one own question answered', async () => {
    const { text } = await stored(fixture('03-geldig-een-antwoord-van-de-keuze'));
    expect(text).toContain('Hoe wilt u zich bekendmaken? Met uw geboortedatum en woonplaats');
    expect(text).toContain('Woonplaats Zwolle');
    expect(text).toMatch(/Geboortedatum -- Niet ingevuld/);
  });

  it('refuses data that answers no option: the choice is not filled in', async () => {
    expect(await refused({ ...fixture('01-geldig-klantnummer-centimeter'), bekendmaken: { naam: 'Jansen' } })).toEqual({
      bekendmaken: "Het veld 'Hoe wilt u zich bekendmaken?' is niet ingevuld.",
    });
  });

  it('checks the option in effect on its own, though the anyOf holds by the other option', async () => {
    const data = fixture('01-geldig-klantnummer-centimeter');
    expect(await refused({ ...data, bekendmaken: { naam: 'Jansen', klantnummer: '12' } })).toEqual({
      'bekendmaken.klantnummer': "Het veld 'Klantnummer' is ongeldig. Vul zes cijfers in.",
    });
  });

  it('refuses a constant that is no option, written as an enum of one value', async () => {
    const data = fixture('01-geldig-klantnummer-centimeter');
    const fields = await refused({ ...data, bestelling: { ...(data.bestelling as object), kleur: '#123456' } });
    expect(Object.keys(fields)).toEqual(['bestelling.kleur']);
  });

  it('refuses the answers of an option not in effect like data of a hidden field', async () => {
    const body = await expectError(await submit(fixture('06-antwoorden-van-twee-keuzes')), 400);
    expect(body.errors.map((item) => [item.code, item.extraInfo[0]]).sort()).toEqual([
      ['UVAL-02', 'bekendmaken.klantnummer'],
      ['UVAL-02', 'bestelling.lengte.voet'],
    ]);
  });
});
