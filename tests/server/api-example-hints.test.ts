/**
 * voorbeeld-afleiding over real HTTP: a form written as forms for rjsf are — examples as
 * suggestions, fields made of allOf parts, choices without a type, a field of type null and choices
 * that are objects — is checked by the server as the browser shows it, stored as sent and printed
 * (pdftotext) with the labels of its choices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleFixture, exampleFlowClient, refusedFields as refused } from '../helpers/exampleFlows';
import { startServer, type Session, type TestServer } from '../helpers/server';

const FLOW = 'voorbeeld-afleiding';
const full = exampleFixture(FLOW, '01-geldig-volledig').data as { praktijk: Record<string, unknown> };

let server: TestServer;
let session: Session;
beforeAll(async () => {
  server = await startServer();
  session = await server.session();
});
afterAll(() => server.close());

const client = exampleFlowClient(FLOW, () => ({ server, session }));
const submit = (praktijk: Record<string, unknown>) => client.submit({ praktijk });
const { printed } = client;

describe('voorbeeld-afleiding on the server', () => {
  it('stores the object chosen as sent and prints the labels of the choices, not the null field', async () => {
    const response = await submit(full.praktijk);
    expect(response.status).toBe(200);
    const { kenmerk } = (await response.json()) as { kenmerk: string };
    expect((await server.storage.getSubmission(kenmerk))?.data).toEqual(full);
    const text = await printed(kenmerk);
    expect(text).toContain('Uw beroep Huisarts');
    expect(text).toContain('Aantal medewerkers 10');
    expect(text).toContain('Soort praktijk Groepspraktijk');
    expect(text).toContain('Ik wil de nieuwsbrief ontvangen Ja');
    expect(text).toContain('Hoe wilt u bericht krijgen? Per e-mail');
    expect(text).toContain('Bij welke vestiging werkt u? Amsterdam');
    expect(text).toContain('Waar wilt u langskomen? Vestiging Utrecht');
    // A field of type null asks nothing: it is not on the printed form.
    expect(text).not.toContain('Over uw vestiging');
    expect(text).not.toContain('vestigingscode');
  });

  it('takes any text beside the examples: they are suggestions, no constraint', async () => {
    const response = await submit({ ...full.praktijk, beroep: 'Verloskundige', medewerkers: 7 });
    expect(response.status).toBe(200);
  });

  it('finds a choice that is an object by its entries, in whatever order they come, and refuses one off by one value', async () => {
    expect((await submit({ ...full.praktijk, vestiging: { vestigingscode: 'AM02', plaats: 'Amsterdam' } })).status).toBe(200);
    expect(await refused(await submit({ ...full.praktijk, vestiging: { plaats: 'Amsterdam', vestigingscode: 'AM03' } }))).toEqual({
      'praktijk.vestiging': "Het veld 'Bij welke vestiging werkt u?' is ongeldig.",
    });
    expect(Object.keys(await refused(await submit({ ...full.praktijk, bezoek: { plaats: 'Utrecht', vestigingscode: 'UT01', extra: 1 } })))).toEqual([
      'praktijk.bezoek',
    ]);
  });

  it('checks a field made of allOf parts as the field they make: a yes/no question takes true or false, not text', async () => {
    expect((await submit({ ...full.praktijk, nieuwsbrief: false })).status).toBe(200);
    expect(Object.keys(await refused(await submit({ ...full.praktijk, nieuwsbrief: 'false' })))).toEqual(['praktijk.nieuwsbrief']);
    expect(Object.keys(await refused(await submit({ ...full.praktijk, soort: 'ziekenhuis' })))).toEqual(['praktijk.soort']);
  });

  it('takes null or nothing for the field of type null, and refuses an answer to it', async () => {
    const { uitleg: _uitleg, ...without } = full.praktijk;
    expect((await submit(without)).status).toBe(200);
    expect(Object.keys(await refused(await submit({ ...full.praktijk, uitleg: 'tekst' })))).toEqual(['praktijk.uitleg']);
  });

  it('infers the type of choices written without one: a value of another kind is refused', async () => {
    expect(Object.keys(await refused(await submit({ ...full.praktijk, bericht: 1 })))).toEqual(['praktijk.bericht']);
  });
});
