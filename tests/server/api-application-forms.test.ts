/**
 * The application-form downloads of the flows whose answers stay with the applicant (POST
 * .../bevestiging with the whole model): the server validates the model with the same flow document
 * (variant, hidden fields, cross-field rules, address against the lookup) before it answers a PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowDocument } from '../../renderer/core/types';
import { catalogueMessage, derivedValue, fieldTitle, fill, referenceLabel, ruleOf, servedFlow, variableText } from '../helpers/flowTexts';
import { pdfInfo, pdfText } from '../helpers/poppler';
import { expectError, startServer, type Session, type TestServer } from '../helpers/server';

let server: TestServer;
let session: Session;
/** The served documents of the provider registration and the pass request. */
let zorgverlenerFlow: FlowDocument;
let pasFlow: FlowDocument;

beforeAll(async () => {
  server = await startServer();
  session = await server.session();
  zorgverlenerFlow = await servedFlow(server, 'abonneeregistratie-zorgverlener');
  pasFlow = await servedFlow(server, 'aanvraag-zorgverlenerpas');
});
afterAll(() => server.close());

const adres = { land: 'NL', postcode: '2511CV', huisnummer: '5', straatnaam: 'Lange Voorhout', woonplaats: "'s-Gravenhage" };
const persoon = { bsn: '111222333', geboortedatum: '01-02-1980', voornamen: 'Łukasz', geboortenaam: 'Żółć' };
const zorgverlener = {
  gegevensZorgverlener: {
    persoonsgegevens: persoon,
    correspondentienaam: { isGelijkAanGeboortenaam: true },
    toestemmingVerwerkingPersoonsgegevens: true,
    verklaringSolistischWerkendZorgVerlener: true,
    bezoekadresGegevens: adres,
    postadresIsGelijkAanBezoekAdres: true,
    telefoonNummer: '0612345678',
    emailAdres: 'lukasz@example.nl',
  },
  gemachtigdAanvrager: { gemachtigdAanvragerAanwijzen: false },
  toetsingsGegevens: { beroepsArtikel: 2, kwaliteitsregister: 2, inschrijfnummerKwaliteitsregister: '123456' },
};

/** The register's abbreviation: the text between brackets of its option (the flow's `registerAfkorting`). */
function registerAbbreviation(register: number): string {
  const abbreviation = /\(([^)]*)\)/.exec(referenceLabel('abonneeregistratie-zorgverlener', 'Kwaliteitsregisters', register))?.[1];
  if (!abbreviation) throw new Error(`kwaliteitsregister ${register} heeft geen afkorting`);
  return abbreviation;
}

/** The label of the register number for a register: '… {registerAfkorting} …' filled in. */
function registerNumberLabel(register: number): string {
  return fill(fieldTitle(zorgverlenerFlow, 'toetsingsGegevens.inschrijfnummerKwaliteitsregister'), { registerAfkorting: registerAbbreviation(register) });
}

async function postForm(flowUrl: string, model: unknown): Promise<Response> {
  return server.postJson(flowUrl, model, session);
}

describe('provider registration form', () => {
  it('answers a tagged PDF with the applicant and the derived training title', async () => {
    const response = await postForm('/api/abonneeregistratie-zorgverlener/bevestiging', zorgverlener);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="aanvraagformulier-abonneeregistratie-zorgverlener.pdf"');
    const pdf = Buffer.from(await response.arrayBuffer());
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Żółć');
    // Register 2: the label names the register, and the training title is the one the flow derives.
    expect(text).toContain(registerNumberLabel(2));
    const derived = derivedValue(zorgverlenerFlow, 'toetsingsGegevens', 'opleidingstitel');
    expect(text).toContain(referenceLabel('abonneeregistratie-zorgverlener', 'Opleidingstitels', derived));
    expect(pdfInfo(pdf).Tagged).toBe('yes');
  });

  it('refuses a register number of the wrong length with the register-specific message', async () => {
    const model = {
      ...zorgverlener,
      toetsingsGegevens: { beroepsArtikel: 2, kwaliteitsregister: 1, inschrijfnummerKwaliteitsregister: '123456', opleidingstitel: 2 },
    };
    const body = await expectError(await postForm('/api/abonneeregistratie-zorgverlener/bevestiging', model), 400);
    // Register 1 asks for 11 digits; the rule's message names the register and the length.
    const registerNaam = `${registerAbbreviation(1)}-register`;
    const message = fill(ruleOf(zorgverlenerFlow, 'toetsingsGegevens', 'inschrijfnummer-lengte').message, { registerNaam, registerLengte: 11 });
    expect(body.errors).toContainEqual({ code: 'UVAL-01', extraInfo: ['toetsingsGegevens.inschrijfnummerKwaliteitsregister', message] });
  });

  it('refuses a specialism that does not belong to the professional title', async () => {
    const model = { ...zorgverlener, toetsingsGegevens: { beroepsArtikel: 1, beroepstitel: 6, specialisme: 7, bigNummer: '12345678901' } };
    const body = await expectError(await postForm('/api/abonneeregistratie-zorgverlener/bevestiging', model), 400);
    expect(body.errors[0].extraInfo[0]).toBe('toetsingsGegevens.specialisme');
  });

  it('refuses a street and town that contradict the postcode lookup', async () => {
    const model = {
      ...zorgverlener,
      gegevensZorgverlener: { ...zorgverlener.gegevensZorgverlener, bezoekadresGegevens: { ...adres, straatnaam: 'Kalverstraat' } },
    };
    const body = await expectError(await postForm('/api/abonneeregistratie-zorgverlener/bevestiging', model), 400);
    expect(body.errors[0].extraInfo[0]).toBe('gegevensZorgverlener.bezoekadresGegevens.straatnaam');
  });

  it('accepts manual entry when the lookup does not know the address', async () => {
    const unknown = { land: 'NL', postcode: '9999ZZ', huisnummer: '1', straatnaam: 'Nieuwe Laan', woonplaats: 'Ergens' };
    const model = { ...zorgverlener, gegevensZorgverlener: { ...zorgverlener.gegevensZorgverlener, bezoekadresGegevens: unknown } };
    expect((await postForm('/api/abonneeregistratie-zorgverlener/bevestiging', model)).status).toBe(200);
  });
});

describe('pass request form', () => {
  const pas = {
    gegevensAanvrager: {
      isAbonnee: true,
      abonneeNaam: 'Zorggroep',
      abonneeNummer: '123456',
      aangevraagdDoorWettelijkVertegenwoordiger: false,
      geboorteNaamAanvrager: 'Jansen',
      geboorteDatumAanvrager: '2999-01-01',
      voornamenAanvrager: 'Piet',
    },
    gegevensPashouder: {
      persoonsgegevens: persoon,
      correspondentienaam: { isGelijkAanGeboortenaam: true },
      toestemmingVerwerkingPersoonsgegevens: true,
      opleidingstitel: 2,
      kwaliteitsregister: 4,
    },
    contactGegevensPashouder: { mobielNummer: '0612345678', emailAdres: 'pas@example.nl', adresGegevens: adres },
  };

  it('names the applicant role in messages and needs the variant', async () => {
    const noVariant = await expectError(await postForm('/api/aanvraag-zorgverlener-pas/bevestiging', pas), 400);
    expect(noVariant.errors[0].extraInfo).toEqual(['variant']);
    const body = await expectError(await postForm('/api/aanvraag-zorgverlener-pas/bevestiging', { ...pas, variant: { isArtikel34: 1 } }), 400);
    // Not applied for by the legal representative: the label names the authorised applicant.
    const label = fill(fieldTitle(pasFlow, 'gegevensAanvrager.geboorteDatumAanvrager'), { aanvrager: variableText(pasFlow, 'aanvrager', 'else') });
    expect(body.errors).toContainEqual({
      code: 'UVAL-01',
      extraInfo: ['gegevensAanvrager.geboorteDatumAanvrager', catalogueMessage('validation.format.datum-verleden.invalid', { label })],
    });
  });

  it('refuses data of a field the variant hides (BIG number in article 34)', async () => {
    const model = {
      ...pas,
      variant: { isArtikel34: 1 },
      gegevensAanvrager: { ...pas.gegevensAanvrager, geboorteDatumAanvrager: '01-01-1970' },
      gegevensPashouder: { ...pas.gegevensPashouder, bigNummer: '12345678901' },
    };
    const body = await expectError(await postForm('/api/aanvraag-zorgverlener-pas/bevestiging', model), 400);
    expect(body.errors).toEqual([{ code: 'UVAL-02', extraInfo: ['gegevensPashouder.bigNummer'] }]);
    const valid = { ...model, gegevensPashouder: pas.gegevensPashouder };
    expect((await postForm('/api/aanvraag-zorgverlener-pas/bevestiging', valid)).status).toBe(200);
  });
});
