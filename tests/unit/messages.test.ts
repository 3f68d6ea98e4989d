import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorField, mapError, type RawError } from '../../renderer/core/messages';
import type { JsonSchema, StepDefinition } from '../../renderer/core/types';
import { t } from './support';

const step: StepDefinition = {
  id: 'stap1',
  title: 'Gegevens pashouder',
  dataKey: 'pashouder',
  schema: {
    type: 'object',
    required: ['achternaam', 'toestemming', 'documenten'],
    properties: {
      persoonsgegevens: {
        type: 'object',
        title: 'Persoonsgegevens',
        required: ['bsn', 'geboortedatum'],
        properties: {
          bsn: { type: 'string', title: 'BSN', format: 'bsn' },
          geboortedatum: { type: 'string', title: 'Geboortedatum', format: 'datum-verleden' },
        },
      },
      achternaam: { type: 'string', title: 'Achternaam', maxLength: 200, format: 'achternaam' },
      zonderTitel: { type: 'string', minLength: 3 },
      toestemming: { type: 'boolean', title: 'Toestemming', const: true },
      soort: { type: 'string', title: 'Soort', const: 'vast' },
      telefoonnummer: {
        type: 'string',
        title: 'Mobiel nummer',
        format: 'telefoonnummer',
        'x-messages': { format: 'Vul bij {label} een mobiel nummer in.', required: 'Uit de definitie: {label}.' },
      },
      documenten: {
        type: 'array',
        title: 'Documenten',
        minItems: 1,
        maxItems: 6,
        items: { type: 'object' },
        'x-files': { accept: ['pdf'], maxFileSize: 10, maxFiles: 6 },
      },
      aantal: { type: 'integer', title: 'Aantal', minimum: 1, maximum: 10, multipleOf: 2 },
      bedrag: { type: 'number', title: 'Bedrag', exclusiveMinimum: 0, exclusiveMaximum: 1000 },
      talen: { type: 'array', title: 'Talen', minItems: 2, maxItems: 3, uniqueItems: true, items: { type: 'string', enum: ['nl', 'en', 'de', 'fr'] } },
      personen: { type: 'array', title: 'Personen', minItems: 2, maxItems: 4, items: { type: 'object' } },
      bijlagen: { type: 'array', title: 'Bijlagen', minItems: 2, items: { type: 'object' } },
    },
  },
};

const required = (missingProperty: string, instancePath = ''): RawError => ({
  instancePath,
  keyword: 'required',
  params: { missingProperty },
});
const format = (instancePath: string, name: string): RawError => ({ instancePath, keyword: 'format', params: { format: name } });

describe('errorField', () => {
  it('names a missing property at the root', () => {
    expect(errorField(required('achternaam'))).toBe('achternaam');
  });

  it('names a missing property of a nested object with a dotted path', () => {
    expect(errorField(required('bsn', '/persoonsgegevens'))).toBe('persoonsgegevens.bsn');
  });

  it('uses the instance path of other keywords', () => {
    expect(errorField(format('/persoonsgegevens/bsn', 'bsn'))).toBe('persoonsgegevens.bsn');
    expect(errorField({ instancePath: '/achternaam', keyword: 'maxLength', params: { limit: 200 } })).toBe('achternaam');
  });

  it('ends the path at an array index (a file list is one field)', () => {
    expect(errorField({ instancePath: '/documenten/2/name', keyword: 'minLength', params: { limit: 1 } })).toBe('documenten');
    expect(errorField({ instancePath: '/documenten/0', keyword: 'type', params: { type: 'object' } })).toBe('documenten');
  });

  it('does not append the missing property of an array item', () => {
    expect(errorField(required('id', '/documenten/0'))).toBe('documenten');
  });

  it('decodes JSON-pointer escapes', () => {
    expect(errorField({ instancePath: '/a~1b', keyword: 'type', params: {} })).toBe('a/b');
    expect(errorField({ instancePath: '/a~0b', keyword: 'type', params: {} })).toBe('a~b');
    expect(errorField({ instancePath: '/a~01', keyword: 'type', params: {} })).toBe('a~1');
  });
});

describe('mapError: catalogue messages (doc 2 §5)', () => {
  it('required', () => {
    expect(mapError(step, {}, required('achternaam'), t)).toBe("Het veld 'Achternaam' is niet ingevuld.");
  });

  it('required at a nested object uses the nested field label', () => {
    expect(mapError(step, { persoonsgegevens: {} }, required('bsn', '/persoonsgegevens'), t)).toBe("Het veld 'BSN' is niet ingevuld.");
  });

  it('maxLength with its limit', () => {
    const error: RawError = { instancePath: '/achternaam', keyword: 'maxLength', params: { limit: 200 } };
    expect(mapError(step, { achternaam: 'x'.repeat(201) }, error, t)).toBe("Het veld 'Achternaam' is ongeldig. Er mogen maximaal 200 tekens ingevuld worden.");
  });

  it('maxItems with its limit', () => {
    const error: RawError = { instancePath: '/documenten', keyword: 'maxItems', params: { limit: 6 } };
    expect(mapError(step, { documenten: new Array(7).fill({}) }, error, t)).toBe(
      "Het veld 'Documenten' is ongeldig. Er mogen maximaal 6 bestanden toegevoegd worden.",
    );
  });

  it('names the limit of every number, length and list keyword in the spec voice', () => {
    const cases: [RawError, string][] = [
      [
        { instancePath: '/aantal', keyword: 'minimum', params: { comparison: '>=', limit: 1 } },
        "Het veld 'Aantal' is ongeldig. De waarde mag niet kleiner zijn dan 1.",
      ],
      [
        { instancePath: '/aantal', keyword: 'maximum', params: { comparison: '<=', limit: 10 } },
        "Het veld 'Aantal' is ongeldig. De waarde mag niet groter zijn dan 10.",
      ],
      [{ instancePath: '/aantal', keyword: 'multipleOf', params: { multipleOf: 2 } }, "Het veld 'Aantal' is ongeldig. De waarde moet een veelvoud zijn van 2."],
      [{ instancePath: '/aantal', keyword: 'type', params: { type: 'integer' } }, "Het veld 'Aantal' is ongeldig. Vul een geheel getal in."],
      [
        { instancePath: '/bedrag', keyword: 'exclusiveMinimum', params: { comparison: '>', limit: 0 } },
        "Het veld 'Bedrag' is ongeldig. De waarde moet groter zijn dan 0.",
      ],
      [
        { instancePath: '/bedrag', keyword: 'exclusiveMaximum', params: { comparison: '<', limit: 1000 } },
        "Het veld 'Bedrag' is ongeldig. De waarde moet kleiner zijn dan 1000.",
      ],
      [{ instancePath: '/bedrag', keyword: 'type', params: { type: 'number' } }, "Het veld 'Bedrag' is ongeldig. Vul een getal in."],
      [
        { instancePath: '/achternaam', keyword: 'minLength', params: { limit: 2 } },
        "Het veld 'Achternaam' is ongeldig. Er moeten minimaal 2 tekens ingevuld worden.",
      ],
      [{ instancePath: '/talen', keyword: 'minItems', params: { limit: 2 } }, "Het veld 'Talen' is ongeldig. Er moeten minimaal 2 keuzes aangevinkt worden."],
      [{ instancePath: '/talen', keyword: 'maxItems', params: { limit: 3 } }, "Het veld 'Talen' is ongeldig. Er mogen maximaal 3 keuzes aangevinkt worden."],
      [{ instancePath: '/talen', keyword: 'uniqueItems', params: { i: 1, j: 0 } }, "Het veld 'Talen' is ongeldig. Elke keuze mag maar één keer voorkomen."],
      [
        { instancePath: '/personen', keyword: 'minItems', params: { limit: 2 } },
        "Het veld 'Personen' is ongeldig. Er moeten minimaal 2 items toegevoegd worden.",
      ],
      [
        { instancePath: '/personen', keyword: 'maxItems', params: { limit: 4 } },
        "Het veld 'Personen' is ongeldig. Er mogen maximaal 4 items toegevoegd worden.",
      ],
      [
        { instancePath: '/documenten', keyword: 'minItems', params: { limit: 2 } },
        "Het veld 'Documenten' is ongeldig. Er moeten minimaal 2 bestanden toegevoegd worden.",
      ],
    ];
    for (const [error, message] of cases) expect(mapError(step, {}, error, t), error.keyword).toBe(message);
  });

  it('a flow or field override still wins over the keyword message', () => {
    const withOverride: StepDefinition = { ...step, messages: { aantal: { minimum: 'Minstens {limit} voor {label}.' } } };
    expect(mapError(withOverride, {}, { instancePath: '/aantal', keyword: 'minimum', params: { limit: 1 } }, t)).toBe('Minstens 1 voor Aantal.');
  });

  it('const: true (a consent checkbox) reads as not filled in', () => {
    const error: RawError = { instancePath: '/toestemming', keyword: 'const', params: { allowedValue: true } };
    expect(mapError(step, { toestemming: false }, error, t)).toBe("Het veld 'Toestemming' is niet ingevuld.");
  });

  it('const with another value is the generic message', () => {
    const error: RawError = { instancePath: '/soort', keyword: 'const', params: { allowedValue: 'vast' } };
    expect(mapError(step, { soort: 'los' }, error, t)).toBe("Het veld 'Soort' is ongeldig.");
  });

  it('minItems 1 reads as not filled in', () => {
    const error: RawError = { instancePath: '/documenten', keyword: 'minItems', params: { limit: 1 } };
    expect(mapError(step, { documenten: [] }, error, t)).toBe("Het veld 'Documenten' is niet ingevuld.");
  });

  it('minItems above 1 is not a required message: it names the limit', () => {
    const error: RawError = { instancePath: '/bijlagen', keyword: 'minItems', params: { limit: 2 } };
    expect(mapError(step, { bijlagen: [{}] }, error, t)).toBe("Het veld 'Bijlagen' is ongeldig. Er moeten minimaal 2 items toegevoegd worden.");
  });

  it('minLength 1 reads as not filled in', () => {
    const error: RawError = { instancePath: '/achternaam', keyword: 'minLength', params: { limit: 1 } };
    expect(mapError(step, { achternaam: '' }, error, t)).toBe("Het veld 'Achternaam' is niet ingevuld.");
  });

  it('an unknown keyword gets the generic message', () => {
    const error: RawError = { instancePath: '/achternaam', keyword: 'pattern', params: { pattern: '^x$' } };
    expect(mapError(step, { achternaam: 'y' }, error, t)).toBe("Het veld 'Achternaam' is ongeldig.");
  });

  it('falls back to the last path segment when a field has no title', () => {
    const error: RawError = { instancePath: '/zonderTitel', keyword: 'minLength', params: { limit: 3 } };
    expect(mapError(step, { zonderTitel: 'a' }, error, t)).toBe("Het veld 'zonderTitel' is ongeldig. Er moeten minimaal 3 tekens ingevuld worden.");
  });

  it('never returns ajv English or a missing-key marker', () => {
    const error: RawError = { instancePath: '/achternaam', keyword: 'if', params: { failingKeyword: 'then' } };
    const message = mapError(step, { achternaam: 'x' }, error, t);
    expect(message).toBe("Het veld 'Achternaam' is ongeldig.");
    expect(message).not.toContain('undefined');
  });
});

describe('mapError: format messages per format', () => {
  const cases: [string, string, string, string][] = [
    ['bsn', 'BSN', '123456789', "Het veld 'BSN' is ongeldig."],
    ['email', 'E-mailadres', 'jan@', "Het veld 'E-mailadres' is ongeldig."],
    ['telefoonnummer', 'Telefoonnummer', '06123', "Het veld 'Telefoonnummer' is ongeldig."],
    ['achternaam', 'Achternaam', 'Jansen3', "Het veld 'Achternaam' is ongeldig."],
    ['organisatienaam', 'Naam organisatie', '<x>', "Het veld 'Naam organisatie' is ongeldig."],
    ['postcode', 'Postcode', '1234 SS', "Het veld 'Postcode' is niet geldig."],
    ['huisnummer', 'Huisnummer', '0', "Het veld 'Huisnummer' is niet geldig."],
    ['huisnummertoevoeging', 'Toevoeging', '!', "Het veld 'Toevoeging' is niet geldig."],
    ['voornamen', 'Voornamen', 'Jan2', "Het veld 'Voornamen' bevat één of meerdere ongeldige karakters."],
    ['voorletters', 'Voorletters', 'J1', "Het veld 'Voorletters' bevat één of meerdere ongeldige karakters."],
    ['tussenvoegsel', 'Tussenvoegsel', 'v.d.', "Het veld 'Tussenvoegsel' bevat één of meerdere ongeldige karakters."],
    ['kvknummer', 'KVK-nummer', '123', "Het veld 'KVK-nummer' moet exact 8 cijfers bevatten."],
    ['bignummer', 'BIG-nummer', '123', "Het veld 'BIG-nummer' is ongeldig. Het moet uit 10 of 11 cijfers bestaan."],
    ['abonneenummer', 'Abonneenummer', '10000', "Het veld 'Abonneenummer' moet bestaan uit minimaal 5 tot maximaal 8 cijfers."],
    ['domeinnaam', 'Volledige domeinnaam', 'example.nl', "Het veld 'Volledige domeinnaam' is ongeldig, controleer de invoer."],
    ['vestigingsnummer', 'Vestigingsnummer', '123', "Het veld 'Vestigingsnummer' is ongeldig. Het moet uit exact 12 cijfers bestaan."],
    ['agbcode', 'AGB-code', '123', "Het veld 'AGB-code' is ongeldig. Het moet uit 7 of 8 cijfers bestaan."],
    ['datum', 'Afgiftedatum vergunning', '31-02-2024', "Het veld 'Afgiftedatum vergunning' bevat geen geldige datum."],
    ['uri', 'Website', 'geen uri', "Het veld 'Website' bevat geen volledig webadres, bijvoorbeeld https://www.uziregister.nl."],
    ['time', 'Aanvangstijd', '25:00:00', "Het veld 'Aanvangstijd' bevat geen geldige tijd, bijvoorbeeld 14:30."],
    ['date-time', 'Afspraak', '29-03-2026 14:30', "Het veld 'Afspraak' bevat geen geldige datum en tijd, bijvoorbeeld 29-03-2026 14:30."],
    [
      'date-time',
      'Afspraak',
      '2026-03-29T02:30:00',
      "Het veld 'Afspraak' bevat een tijd die in Nederland niet bestaat: in de nacht waarin de zomertijd ingaat, gaat de klok om 02:00 meteen naar 03:00. Kies een tijd vóór 02:00 of vanaf 03:00.",
    ],
    ['date', 'Geboortedatum', '1980--9', "Het veld 'Geboortedatum' is niet volledig ingevuld. Vul een dag, een maand en een jaar in."],
    ['date', 'Geboortedatum', '1980-02-30', "Het veld 'Geboortedatum' bevat geen geldige datum."],
  ];

  it.each(cases)('%s', (name, label, value, expected) => {
    const single: StepDefinition = {
      id: 's',
      title: 'S',
      dataKey: 's',
      schema: { type: 'object', properties: { veld: { type: 'string', title: label, format: name } } },
    };
    expect(mapError(single, { veld: value }, format('/veld', name), t)).toBe(expected);
  });
});

describe('mapError: birth date (datum-verleden) reasons', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2024, 5, 15, 12, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const error = format('/persoonsgegevens/geboortedatum', 'datum-verleden');

  it('an invalid date', () => {
    expect(mapError(step, { persoonsgegevens: { geboortedatum: '31-02-2000' } }, error, t)).toBe("Het veld 'Geboortedatum' is niet geldig.");
  });

  it('a date in the future', () => {
    expect(mapError(step, { persoonsgegevens: { geboortedatum: '16-06-2024' } }, error, t)).toBe("Het veld 'Geboortedatum' heeft een waarde in de toekomst.");
  });

  it('a reason-specific step override (pass-flow wording) applies to its reason only', () => {
    const withWording: StepDefinition = {
      ...step,
      messages: {
        'persoonsgegevens.geboortedatum': {
          'format.datum-verleden.future': "Het veld 'Geboortedatum wettelijk vertegenwoordiger' heeft een waarde in de toekomst.",
        },
      },
    };
    expect(mapError(withWording, { persoonsgegevens: { geboortedatum: '16-06-2024' } }, error, t)).toBe(
      "Het veld 'Geboortedatum wettelijk vertegenwoordiger' heeft een waarde in de toekomst.",
    );
    expect(mapError(withWording, { persoonsgegevens: { geboortedatum: '31-02-2000' } }, error, t)).toBe("Het veld 'Geboortedatum' is niet geldig.");
  });
});

describe('mapError: fallback chain step.messages -> x-messages -> catalogue -> generic', () => {
  const telError = format('/telefoonnummer', 'telefoonnummer');

  it('x-messages of the field definition beats the catalogue', () => {
    expect(mapError(step, { telefoonnummer: '06' }, telError, t)).toBe('Vul bij Mobiel nummer een mobiel nummer in.');
    expect(mapError(step, {}, required('telefoonnummer'), t)).toBe('Uit de definitie: Mobiel nummer.');
  });

  it('a step.messages override beats x-messages', () => {
    const overridden: StepDefinition = {
      ...step,
      messages: { telefoonnummer: { format: 'Stap: {label} klopt niet.', required: 'Stap: vul {label} in.' } },
    };
    expect(mapError(overridden, { telefoonnummer: '06' }, telError, t)).toBe('Stap: Mobiel nummer klopt niet.');
    expect(mapError(overridden, {}, required('telefoonnummer'), t)).toBe('Stap: vul Mobiel nummer in.');
  });

  it('a step.messages override beats the catalogue and fills {limit}', () => {
    const overridden: StepDefinition = {
      ...step,
      messages: { achternaam: { maxLength: 'Maximaal {limit} tekens bij {label}; {onbekend} blijft staan.' } },
    };
    const error: RawError = { instancePath: '/achternaam', keyword: 'maxLength', params: { limit: 200 } };
    expect(mapError(overridden, {}, error, t)).toBe('Maximaal 200 tekens bij Achternaam; {onbekend} blijft staan.');
  });

  it('an override for another field does not apply', () => {
    const overridden: StepDefinition = { ...step, messages: { voornamen: { required: 'Niet deze.' } } };
    expect(mapError(overridden, {}, required('achternaam'), t)).toBe("Het veld 'Achternaam' is niet ingevuld.");
  });

  it('a required override also serves const: true and minItems 1', () => {
    const overridden: StepDefinition = {
      ...step,
      messages: { toestemming: { required: 'Geef toestemming.' }, documenten: { required: 'Voeg een document toe.' } },
    };
    expect(mapError(overridden, {}, { instancePath: '/toestemming', keyword: 'const', params: {} }, t)).toBe('Geef toestemming.');
    expect(mapError(overridden, {}, { instancePath: '/documenten', keyword: 'minItems', params: { limit: 1 } }, t)).toBe('Voeg een document toe.');
  });

  it('a generic format override in x-messages serves every reason', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { d: { type: 'string', title: 'Datum', format: 'datum-verleden', 'x-messages': { format: 'Datum fout.' } } },
    };
    const single: StepDefinition = { id: 's', title: 'S', dataKey: 's', schema };
    expect(mapError(single, { d: '31-02-2000' }, format('/d', 'datum-verleden'), t)).toBe('Datum fout.');
  });
});

describe('mapError: groups, choices and dependencies', () => {
  const grouped: StepDefinition = {
    id: 'stap1',
    title: 'Uw gegevens',
    dataKey: 'gegevens',
    schema: {
      type: 'object',
      minProperties: 1,
      properties: {
        contact: { type: 'object', title: 'Contact', minProperties: 1, properties: { telefoon: { type: 'string', title: 'Telefoon' } } },
        kvkNummer: { type: 'string', title: 'KVK-nummer' },
      },
      oneOf: [{ required: ['kvkNummer'] }],
    },
  };

  it("an error of the step itself is worded for the step, with the step's title", () => {
    expect(mapError(grouped, {}, { instancePath: '', keyword: 'minProperties', params: { limit: 1 } }, t)).toBe(
      "Het onderdeel 'Uw gegevens' is niet juist ingevuld. Controleer de gegevens.",
    );
  });

  it("an error of a group of fields is worded for the group, with the group's title", () => {
    expect(mapError(grouped, {}, { instancePath: '/contact', keyword: 'minProperties', params: { limit: 1 } }, t)).toBe(
      "Het onderdeel 'Contact' is niet juist ingevuld. Controleer de gegevens.",
    );
  });

  it('a choice between groups that nobody made is the chooser not filled in (x-choiceLabel, else the default)', () => {
    const error: RawError = { instancePath: '', keyword: 'oneOf', params: { passingSchemas: null } };
    expect(mapError(grouped, {}, error, t)).toBe("Het veld 'Kies wat op u van toepassing is' is niet ingevuld.");
    const labelled: StepDefinition = { ...grouped, schema: { ...grouped.schema, 'x-choiceLabel': 'Hoe wilt u zich registreren?' } };
    expect(mapError(labelled, {}, error, t)).toBe("Het veld 'Hoe wilt u zich registreren?' is niet ingevuld.");
  });

  it('a field another answer asks for (dependencies, dependentRequired) is not filled in', () => {
    for (const keyword of ['dependencies', 'dependentRequired']) {
      const error: RawError = { instancePath: '', keyword, params: { property: 'bedrijfsnaam', missingProperty: 'kvkNummer' } };
      expect(mapError(grouped, {}, error, t)).toBe("Het veld 'KVK-nummer' is niet ingevuld.");
    }
  });
});
