/**
 * The differences between two versions of a flow in words: variants of the real flow files, each
 * with one kind of edit, give the exact sentences an administrator reads (labels and titles taken
 * from the flow files, so a corrected text does not break a test), in document order, with where
 * and the JSON pointer of each change. A flow compared with itself has no changes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALERT_TYPES } from '../../src/beheer/editor/blockEdits';
import { describeChanges, INVALID_JSON_TEXT, type Change, type FlowSourceTexts } from '../../src/server/beheer/flowDiff';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free edits of a parsed document

const FLOWS_DIR = path.join(process.cwd(), 'flows');

/** Every flow file (the examples too) with its English, as stored. */
function allSources(): { file: string; source: FlowSourceTexts }[] {
  return [FLOWS_DIR, path.join(FLOWS_DIR, 'voorbeelden')].flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.flow.json'))
      .sort()
      .map((name) => {
        const englishFile = path.join(dir, 'i18n', name.replace(/\.flow\.json$/, '.en.json'));
        const english = existsSync(englishFile) ? readFileSync(englishFile, 'utf8') : undefined;
        return {
          file: path.relative(FLOWS_DIR, path.join(dir, name)),
          source: { document: readFileSync(path.join(dir, name), 'utf8'), ...(english ? { english } : {}) },
        };
      }),
  );
}

function source(id: string): FlowSourceTexts {
  const englishFile = path.join(FLOWS_DIR, 'i18n', `${id}.en.json`);
  return { document: readFileSync(path.join(FLOWS_DIR, `${id}.flow.json`), 'utf8'), english: readFileSync(englishFile, 'utf8') };
}

const DOCUMENTS = 'aanleveren-documenten';
const PKCS10 = 'aanleveren-pkcs-10-bestand';

/** The flow as parsed, to read its labels and titles. */
const parsed = (id: string): Json => JSON.parse(source(id).document) as Json;

/** The flow's source with its document edited (written back as the editor would, indented). */
function edited(id: string, change: (document: Json) => void): FlowSourceTexts {
  const original = source(id);
  const document = JSON.parse(original.document) as Json;
  change(document);
  return { ...original, document: `${JSON.stringify(document, null, 2)}\n` };
}

/** The flow's source with its English edited. */
function editedEnglish(id: string, change: (english: Json) => void): FlowSourceTexts {
  const original = source(id);
  const english = JSON.parse(original.english as string) as Json;
  change(english);
  return { ...original, english: JSON.stringify(english, null, 2) };
}

const changes = (id: string, after: FlowSourceTexts): Change[] => describeChanges(source(id), after);
const texts = (list: Change[]): string[] => list.map((change) => change.text);

describe('describeChanges', () => {
  const flow = parsed(DOCUMENTS);
  const [gegevens, documenten] = flow.steps as Json[];
  const label = (step: Json, name: string): string => step.schema.properties[name].title as string;

  it('names a changed label by the field name, with the old and the new label', () => {
    const result = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => (document.steps[0].schema.properties.abonneeNaam.title = 'Naam van de abonnee')),
    );
    expect(result).toEqual([
      {
        kind: 'gewijzigd',
        where: `Stap 1 ‘${gegevens.title}’ › veld ‘Naam van de abonnee’`,
        text: `Label van veld ‘abonneeNaam’ gewijzigd van ‘${label(gegevens, 'abonneeNaam')}’ naar ‘Naam van de abonnee’.`,
        path: '/steps/0/schema/properties/abonneeNaam/title',
      },
    ]);
  });

  it('tells of an added field, then all that comes with it: required, display, visibility rule', () => {
    const result = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => {
        const step = document.steps[1];
        step.schema.properties.toelichting = { type: 'string', title: 'Toelichting', maxLength: 500 };
        step.schema.required.push('toelichting');
        step.uiSchema.toelichting = { 'ui:widget': 'textarea', 'ui:help': 'Leg kort uit wat u meestuurt.' };
        step.visibleIf.toelichting = { '==': [{ var: 'documenten.aanvraagType' }, 4] };
      }),
    );
    expect(result[0]).toEqual({
      kind: 'toegevoegd',
      where: `Stap 2 ‘${documenten.title}’ › veld ‘Toelichting’`,
      text: `Veld ‘Toelichting’ toegevoegd aan stap ‘${documenten.title}’.`,
      path: '/steps/1/schema/properties/toelichting',
    });
    expect(texts(result)).toEqual([
      `Veld ‘Toelichting’ toegevoegd aan stap ‘${documenten.title}’.`,
      'Veld ‘Toelichting’ is verplicht.',
      'Invoerelement van veld ‘Toelichting’ ingesteld op ‘textarea’.',
      'Hulptekst van veld ‘Toelichting’ toegevoegd: ‘Leg kort uit wat u meestuurt.’.',
      'Regel voor tonen van veld ‘Toelichting’ toegevoegd: tonen als documenten.aanvraagType = 4.',
    ]);
    expect(result.map((change) => change.kind)).toEqual(['toegevoegd', 'gewijzigd', 'toegevoegd', 'toegevoegd', 'toegevoegd']);
    expect(result.at(-1)?.path).toBe('/steps/1/visibleIf/toelichting');
  });

  it('tells of a removed field once, not of its requirement and visibility rule that went with it', () => {
    const result = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => {
        const step = document.steps[1];
        delete step.schema.properties.aanvraagTypeAnders;
        step.schema.required = step.schema.required.filter((name: string) => name !== 'aanvraagTypeAnders');
        delete step.visibleIf.aanvraagTypeAnders;
      }),
    );
    expect(result).toEqual([
      {
        kind: 'verwijderd',
        where: `Stap 2 ‘${documenten.title}’ › veld ‘${label(documenten, 'aanvraagTypeAnders')}’`,
        text: `Veld ‘${label(documenten, 'aanvraagTypeAnders')}’ verwijderd uit stap ‘${documenten.title}’.`,
        path: '/steps/1/schema/properties/aanvraagTypeAnders',
      },
    ]);
  });

  it('tells when a field becomes required and when it no longer is, in the order of the steps', () => {
    const result = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => {
        document.steps[1].schema.required = document.steps[1].schema.required.filter((name: string) => name !== 'aanvraagType');
        document.steps[0].schema.required.push('abonneeNummer');
      }),
    );
    expect(result).toEqual([
      {
        kind: 'gewijzigd',
        where: `Stap 1 ‘${gegevens.title}’ › veld ‘${label(gegevens, 'abonneeNummer')}’`,
        text: `Veld ‘${label(gegevens, 'abonneeNummer')}’ is nu verplicht.`,
        path: `/steps/0/schema/required/${gegevens.schema.required.length}`,
      },
      {
        kind: 'gewijzigd',
        where: `Stap 2 ‘${documenten.title}’ › veld ‘${label(documenten, 'aanvraagType')}’`,
        text: `Veld ‘${label(documenten, 'aanvraagType')}’ is niet meer verplicht.`,
        path: `/steps/1/schema/required/${(documenten.schema.required as string[]).indexOf('aanvraagType')}`,
      },
    ]);
  });

  it('tells of a changed and an added message, with the keyword in Dutch', () => {
    const pkcs10 = parsed(PKCS10);
    const [step] = pkcs10.steps as Json[];
    const before = step.messages.bestanden.maxItems as string;
    const result = changes(
      PKCS10,
      edited(PKCS10, (document) => {
        document.steps[0].messages.bestanden.maxItems = 'U kunt maar één bestand toevoegen.';
        document.steps[0].messages.fullDomainname = { required: 'Vul de volledige domeinnaam in.' };
      }),
    );
    const bestanden = step.schema.properties.bestanden.title as string;
    const domeinnaam = step.schema.properties.fullDomainname.title as string;
    expect(result).toEqual([
      {
        kind: 'toegevoegd',
        where: `Stap 1 ‘${step.title}’ › veld ‘${domeinnaam}’`,
        text: `Melding bij ‘verplicht’ van veld ‘${domeinnaam}’ toegevoegd: ‘Vul de volledige domeinnaam in.’.`,
        path: '/steps/0/messages/fullDomainname/required',
      },
      {
        kind: 'gewijzigd',
        where: `Stap 1 ‘${step.title}’ › veld ‘${bestanden}’`,
        text: `Melding bij ‘maximaal aantal’ van veld ‘${bestanden}’ gewijzigd van ‘${before}’ naar ‘U kunt maar één bestand toevoegen.’.`,
        path: '/steps/0/messages/bestanden/maxItems',
      },
    ]);
  });

  it('tells of a changed maximum length with the numbers', () => {
    const field = documenten.schema.properties.aanvraagTypeWijziging as Json;
    const result = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => (document.steps[1].schema.properties.aanvraagTypeWijziging.maxLength = 100)),
    );
    expect(result).toEqual([
      {
        kind: 'gewijzigd',
        where: `Stap 2 ‘${documenten.title}’ › veld ‘${field.title}’`,
        text: `Maximale lengte van veld ‘${field.title}’ gewijzigd van ${field.maxLength} naar 100.`,
        path: '/steps/1/schema/properties/aanvraagTypeWijziging/maxLength',
      },
    ]);
  });

  it('tells of a changed step title', () => {
    const result = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => (document.steps[1].title = 'Bestanden')),
    );
    expect(result).toEqual([
      {
        kind: 'gewijzigd',
        where: 'Stap 2 ‘Bestanden’',
        text: `Titel van stap 2 gewijzigd van ‘${documenten.title}’ naar ‘Bestanden’.`,
        path: '/steps/1/title',
      },
    ]);
  });

  it('matches steps by id: two steps swapped are one step moved, and its own changes follow', () => {
    const result = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => {
        document.steps.reverse();
        document.steps[0].schema.properties.aanvraagTypeWijziging.maxLength = 150;
      }),
    );
    const field = documenten.schema.properties.aanvraagTypeWijziging as Json;
    expect(result).toEqual([
      { kind: 'verplaatst', where: `Stap 1 ‘${documenten.title}’`, text: `Stap ‘${documenten.title}’ verplaatst van positie 2 naar 1.`, path: '/steps/0' },
      {
        kind: 'gewijzigd',
        where: `Stap 1 ‘${documenten.title}’ › veld ‘${field.title}’`,
        text: `Maximale lengte van veld ‘${field.title}’ gewijzigd van ${field.maxLength} naar 150.`,
        path: '/steps/0/schema/properties/aanvraagTypeWijziging/maxLength',
      },
    ]);
  });

  it('tells of a changed intro block of a step, showing the part of a long text that changed', () => {
    const pkcs10 = parsed(PKCS10);
    const [step] = pkcs10.steps as Json[];
    const link = step.intro[1].text as string;
    const shortEdit = changes(
      PKCS10,
      edited(PKCS10, (document) => (document.steps[0].intro[1].text = 'Zo maakt u een PKCS#10 bestand')),
    );
    expect(shortEdit).toEqual([
      {
        kind: 'gewijzigd',
        where: `Stap 1 ‘${step.title}’ › inleiding › tekstblok 2`,
        text: `Tekstblok 2 van de inleiding van stap ‘${step.title}’ gewijzigd van ‘${link}’ naar ‘Zo maakt u een PKCS#10 bestand’.`,
        path: '/steps/0/intro/1/text',
      },
    ]);

    const long =
      'Dit is een lange inleiding die over meer dan tachtig tekens gaat, zodat niet de hele tekst in de zin past. Hier verandert één woord aan het eind.';
    const before = edited(DOCUMENTS, (document) => (document.steps[0].intro[0].text = long));
    const after = edited(DOCUMENTS, (document) => (document.steps[0].intro[0].text = long.replace('één woord', 'een enkel woord')));
    expect(texts(describeChanges(before, after))).toEqual([
      `Tekstblok 1 van de inleiding van stap ‘${gegevens.title}’ gewijzigd van ‘…zin past. Hier verandert één woord aan het eind.’ naar ‘…zin past. Hier verandert een enkel woord aan het eind.’.`,
    ]);
  });

  it('tells of a block inserted above others as one block added, not as every block after it changed', () => {
    const blocks = flow.confirmation.blocks as Json[];
    const result = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => document.confirmation.blocks.unshift({ kind: 'paragraph', text: 'Bedankt voor het aanleveren.' })),
    );
    expect(result).toEqual([
      {
        kind: 'toegevoegd',
        where: 'Bevestigingspagina › tekstblok 1',
        text: 'Tekstblok 1 toegevoegd aan de bevestigingspagina: ‘Bedankt voor het aanleveren.’.',
        path: '/confirmation/blocks/0',
      },
    ]);
    const removed = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => document.confirmation.blocks.splice(1, 1)),
    );
    expect(removed).toEqual([
      {
        kind: 'verwijderd',
        where: 'Bevestigingspagina › tekstblok 2',
        text: `Tekstblok 2 verwijderd uit de bevestigingspagina (was ‘${(blocks[1].text as string).slice(0, 79).trimEnd()}…’).`,
        path: '/confirmation/blocks/1',
      },
    ]);
  });

  it('finds blocks, points and signers by their ids: a moved block is moved, an inserted block does not take the changes of the next', () => {
    const blocks = flow.confirmation.blocks as Json[];
    const moved = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => document.confirmation.blocks.unshift(document.confirmation.blocks.splice(2, 1)[0])),
    );
    expect(moved).toEqual([
      {
        kind: 'verplaatst',
        where: 'Bevestigingspagina › tekstblok 1',
        text: `Tekstblok ‘${blocks[2].text}’ van de bevestigingspagina verplaatst van positie 3 naar 1.`,
        path: '/confirmation/blocks/0',
      },
    ]);
    // A block inserted before one whose text is corrected: the correction stays with its own block.
    const both = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => {
        document.confirmation.blocks[1].text = 'Bewaar de bevestiging.';
        document.confirmation.blocks.splice(1, 0, { kind: 'paragraph', text: 'Nieuw.' });
      }),
    );
    expect(texts(both)).toEqual([
      'Tekstblok 2 toegevoegd aan de bevestigingspagina: ‘Nieuw.’.',
      expect.stringMatching(
        new RegExp(`^Tekstblok 3 van de bevestigingspagina gewijzigd van ‘${(blocks[1].text as string).slice(0, 40)}.*’ naar ‘Bewaar de bevestiging\\.’\\.$`),
      ),
    ]);
    // Points of a list, by their ids.
    const point = (id: string, text: string) => ({ id, text });
    const withList = edited(DOCUMENTS, (document) =>
      document.confirmation.blocks.push({ id: 'lijst', kind: 'list', items: [point('een', 'Een'), point('twee', 'Twee'), point('drie', 'Drie')] }),
    );
    const listMoved = edited(DOCUMENTS, (document) =>
      document.confirmation.blocks.push({
        id: 'lijst',
        kind: 'list',
        items: [point('drie', 'Drie'), point('nul', 'Nul'), point('een', 'Eén'), point('twee', 'Twee')],
      }),
    );
    expect(texts(describeChanges(withList, listMoved))).toEqual([
      'Punt ‘Drie’ van tekstblok 5 van de bevestigingspagina verplaatst van positie 3 naar 1.',
      'Punt 2 toegevoegd aan tekstblok 5 van de bevestigingspagina: ‘Nul’.',
      'Punt 3 van tekstblok 5 van de bevestigingspagina gewijzigd van ‘Een’ naar ‘Eén’.',
    ]);
  });

  it('names the kind of message call-to-action of an alert block as the block editor does', () => {
    const callToAction = ALERT_TYPES.find((alert) => alert.type === 'call-to-action')?.label.toLowerCase();
    expect(callToAction).toBe('actie gevraagd');
    const result = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => (document.confirmation.blocks[0].type = 'call-to-action')),
    );
    expect(result).toEqual([
      {
        kind: 'gewijzigd',
        where: 'Bevestigingspagina › tekstblok 1',
        text: `Soort melding van tekstblok 1 van de bevestigingspagina gewijzigd van ‘succes’ naar ‘${callToAction}’.`,
        path: '/confirmation/blocks/0/type',
      },
    ]);
  });

  it('has no changes between a version written before parts had ids and the same flow with its ids and English keys', () => {
    const current = source(DOCUMENTS);
    const old = JSON.parse(current.document) as Json;
    for (const block of old.confirmation.blocks as Json[]) delete block.id;
    for (const block of old.steps[0].intro as Json[]) delete block.id;
    const english = JSON.parse(current.english as string) as Json;
    const positional = Object.fromEntries(
      Object.entries(english).map(([key, entry]) => [
        key.replace(
          /^confirmation\.blocks\.([a-z0-9-]+)\./,
          (_, id: string) =>
            `confirmation.blocks.${(old.confirmation.blocks as Json[]).findIndex((block, index) => (flow.confirmation.blocks as Json[])[index].id === id)}.`,
        ),
        entry,
      ]),
    );
    expect(Object.keys(positional)).toContain('confirmation.blocks.0.text');
    expect(describeChanges({ document: JSON.stringify(old, null, 2), english: JSON.stringify(positional) }, current)).toEqual([]);
  });

  it('tells of a changed visibility rule in brief words, and only that it changed when the rule is not simple', () => {
    const wijziging = label(documenten, 'aanvraagTypeWijziging');
    const anders = label(documenten, 'aanvraagTypeAnders');
    const result = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => {
        document.steps[1].visibleIf.aanvraagTypeWijziging = { '==': [{ var: 'documenten.aanvraagType' }, 3] };
        document.steps[1].visibleIf.aanvraagTypeAnders = { some: [{ var: 'documenten.documenten' }, { '!!': [{ var: '' }] }] };
      }),
    );
    expect(texts(result)).toEqual([
      `Regel voor tonen van veld ‘${wijziging}’ gewijzigd: nu tonen als documenten.aanvraagType = 3 (was tonen als documenten.aanvraagType = 4).`,
      `Regel voor tonen van veld ‘${anders}’ gewijzigd.`,
    ]);
    const removed = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => delete document.steps[1].visibleIf.aanvraagTypeAnders),
    );
    expect(removed).toEqual([
      {
        kind: 'verwijderd',
        where: `Stap 2 ‘${documenten.title}’ › veld ‘${anders}’`,
        text: `Regel voor tonen van veld ‘${anders}’ verwijderd; het wordt altijd getoond.`,
        path: '/steps/1/visibleIf/aanvraagTypeAnders',
      },
    ]);
  });

  it('tells of a field that changed place within its step', () => {
    const result = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => {
        const { abonneeNaam, ...rest } = document.steps[0].schema.properties;
        document.steps[0].schema.properties = { ...rest, abonneeNaam };
      }),
    );
    const last = Object.keys(gegevens.schema.properties).at(-1) as string;
    expect(result).toEqual([
      {
        kind: 'verplaatst',
        where: `Stap 1 ‘${gegevens.title}’ › veld ‘${label(gegevens, 'abonneeNaam')}’`,
        text: `Veld ‘${label(gegevens, 'abonneeNaam')}’ verplaatst in stap ‘${gegevens.title}’; het staat nu na veld ‘${label(gegevens, last)}’.`,
        path: '/steps/0/schema/properties/abonneeNaam',
      },
    ]);
  });

  it('gives a generic sentence with a readable path for what has no sentence of its own', () => {
    const result = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => (document.steps[1].schema.properties.documenten.readOnly = true)),
    );
    const field = label(documenten, 'documenten');
    expect(result).toEqual([
      {
        kind: 'toegevoegd',
        where: `Stap 2 ‘${documenten.title}’ › veld ‘${field}’`,
        text: `Alleen lezen van veld ‘${field}’ ingesteld op ja.`,
        path: '/steps/1/schema/properties/documenten/readOnly',
      },
    ]);
    const generic = changes(
      DOCUMENTS,
      edited(DOCUMENTS, (document) => (document.confirmation.download.url = '/api/aanleveren-documenten/ontvangstbewijs')),
    );
    expect(generic).toEqual([
      {
        kind: 'gewijzigd',
        where: 'Bevestigingspagina › download',
        text: `Gewijzigd: Bevestigingspagina › download › url van ‘${flow.confirmation.download.url}’ naar ‘/api/aanleveren-documenten/ontvangstbewijs’.`,
        path: '/confirmation/download/url',
      },
    ]);
  });

  describe('keys named like a member of every object (constructor, toString, __proto__)', () => {
    /** Sets `key` as the object's own key, also `__proto__` (which an assignment would take as the prototype). */
    const setOwn = (target: Record<string, unknown>, key: string, value: unknown): void => {
      Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    };
    /** The change sentences between two edits of the flow, each way round. */
    const both = (one: (document: Json) => void, other: (document: Json) => void): [string[], string[]] => {
      const [first, second] = [edited(DOCUMENTS, one), edited(DOCUMENTS, other)];
      return [texts(describeChanges(first, second)), texts(describeChanges(second, first))];
    };
    const step = `stap ‘${documenten.title}’`;

    it('tells of a field named constructor as of any other field, with its display and visibility rule', () => {
      const result = changes(
        DOCUMENTS,
        edited(DOCUMENTS, (document) => {
          const edit = document.steps[1];
          setOwn(edit.schema.properties, 'constructor', { type: 'string', maxLength: 50 });
          setOwn(edit.uiSchema, 'constructor', { 'ui:widget': 'textarea' });
          setOwn(edit.visibleIf, 'constructor', { '==': [{ var: 'documenten.aanvraagType' }, 4] });
        }),
      );
      expect(result[0]).toEqual({
        kind: 'toegevoegd',
        where: `Stap 2 ‘${documenten.title}’ › veld ‘constructor’`,
        text: `Veld ‘constructor’ toegevoegd aan ${step}.`,
        path: '/steps/1/schema/properties/constructor',
      });
      expect(texts(result)).toEqual([
        `Veld ‘constructor’ toegevoegd aan ${step}.`,
        'Invoerelement van veld ‘constructor’ ingesteld op ‘textarea’.',
        'Regel voor tonen van veld ‘constructor’ toegevoegd: tonen als documenten.aanvraagType = 4.',
      ]);

      const field = label(documenten, 'aanvraagTypeWijziging');
      const [added, removed] = both(
        () => undefined,
        (document) => setOwn(document.steps[1].schema.properties.aanvraagTypeWijziging, 'constructor', 'x'),
      );
      expect(added).toEqual([`Toegevoegd: Stap 2 ‘${documenten.title}’ › veld ‘${field}’ › constructor (‘x’).`]);
      expect(removed).toEqual([`Verwijderd: Stap 2 ‘${documenten.title}’ › veld ‘${field}’ › constructor (was ‘x’).`]);
      const [changed] = both(
        (document) => setOwn(document.steps[1].schema.properties.aanvraagTypeWijziging, 'toString', 1),
        (document) => setOwn(document.steps[1].schema.properties.aanvraagTypeWijziging, 'toString', 2),
      );
      expect(changed).toEqual([`Gewijzigd: Stap 2 ‘${documenten.title}’ › veld ‘${field}’ › toString van 1 naar 2.`]);
    });

    it('tells of a removed field named constructor once, without throwing', () => {
      const result = describeChanges(
        edited(DOCUMENTS, (document) => {
          setOwn(document.steps[1].schema.properties, 'constructor', { type: 'string' });
          setOwn(document.steps[1].uiSchema, 'constructor', { 'ui:widget': 'textarea' });
        }),
        source(DOCUMENTS),
      );
      expect(texts(result)).toEqual([`Veld ‘constructor’ verwijderd uit ${step}.`]);
    });

    it('tells of a message under the keyword toString with that keyword quoted', () => {
      const field = label(documenten, 'aanvraagTypeWijziging');
      const messages = (extra: Record<string, string>) => (document: Json) => {
        const target = document.steps[1].schema.properties.aanvraagTypeWijziging;
        target['x-messages'] = { maxLength: 'Gebruik hoogstens 200 tekens.' };
        for (const [key, value] of Object.entries(extra)) setOwn(target['x-messages'], key, value);
      };
      const [added, removed] = both(messages({}), messages({ toString: 'Vul een soort wijziging in.' }));
      expect(added).toEqual([`Melding bij ‘toString’ van veld ‘${field}’ toegevoegd: ‘Vul een soort wijziging in.’.`]);
      expect(removed).toEqual([`Melding bij ‘toString’ van veld ‘${field}’ verwijderd (was ‘Vul een soort wijziging in.’).`]);
      const [changed] = both(messages({ toString: 'Vul een soort wijziging in.' }), messages({ toString: 'Welke wijziging?' }));
      expect(changed).toEqual([`Melding bij ‘toString’ van veld ‘${field}’ gewijzigd van ‘Vul een soort wijziging in.’ naar ‘Welke wijziging?’.`]);
      // A keyword followed by a part after its dot, and a message written in the step.
      const [parts] = both(messages({}), messages({ 'required.constructor': 'Vul dit in.' }));
      expect(parts).toEqual([`Melding bij ‘verplicht (constructor)’ van veld ‘${field}’ toegevoegd: ‘Vul dit in.’.`]);
      const [inStep] = both(
        () => undefined,
        (document) => (document.steps[1].messages = JSON.parse('{ "aanvraagTypeWijziging": { "toString": "Vul dit in." } }') as Json),
      );
      expect(inStep).toEqual([`Melding bij ‘toString’ van veld ‘${field}’ toegevoegd: ‘Vul dit in.’.`]);
    });

    it('tells of a display option constructor or __proto__ with its key quoted', () => {
      const field = label(documenten, 'documenten');
      const options = (key: string, value?: string) => (document: Json) => {
        if (value !== undefined) setOwn(document.steps[1].uiSchema.documenten['ui:options'], key, value);
      };
      for (const key of ['constructor', '__proto__']) {
        const [added, removed] = both(options(key), options(key, 'compact'));
        expect(added, key).toEqual([`Weergave-optie ‘${key}’ van veld ‘${field}’ ingesteld op ‘compact’.`]);
        expect(removed, key).toEqual([`Weergave-optie ‘${key}’ van veld ‘${field}’ verwijderd (was ‘compact’).`]);
        const [changed] = both(options(key, 'compact'), options(key, 'ruim'));
        expect(changed, key).toEqual([`Weergave-optie ‘${key}’ van veld ‘${field}’ gewijzigd van ‘compact’ naar ‘ruim’.`]);
      }
    });

    it('shows a type, an option value and a block kind __proto__ or constructor as written', () => {
      const field = label(documenten, 'aanvraagTypeWijziging');
      const result = changes(
        DOCUMENTS,
        edited(DOCUMENTS, (document) => {
          const target = document.steps[1].schema.properties.aanvraagTypeWijziging;
          target.type = '__proto__';
          target.enum = ['adres', '__proto__'];
        }),
      );
      expect(texts(result)).toEqual([
        `Type van veld ‘${field}’ gewijzigd van ‘tekst’ naar ‘__proto__’.`,
        `Keuzelijst van veld ‘${field}’ ingesteld op ‘adres, __proto__’.`,
      ]);
      const kind = changes(
        DOCUMENTS,
        edited(DOCUMENTS, (document) => (document.confirmation.blocks[1].kind = 'constructor')),
      );
      expect(texts(kind)).toEqual(['Soort van tekstblok 2 van de bevestigingspagina gewijzigd van ‘alinea’ naar ‘constructor’.']);
    });
  });

  it('tells of changed, added and removed English texts after the changes of the document', () => {
    const english = JSON.parse(source(DOCUMENTS).english as string) as Json;
    const result = changes(
      DOCUMENTS,
      editedEnglish(DOCUMENTS, (file) => {
        file['steps.stap1.title'].en = 'Your information';
        delete file.headerName;
        file['steps.stap2.uiSchema.documenten.ui:help'] = { nl: 'Voeg de documenten toe.', en: 'Add the documents.' };
      }),
    );
    expect(result).toEqual([
      {
        kind: 'verwijderd',
        where: 'Engelse vertaling › Formulier',
        text: `Engelse vertaling van ‘headerName’ verwijderd (was ‘${english.headerName.en}’).`,
        path: '/headerName',
      },
      {
        kind: 'gewijzigd',
        where: `Engelse vertaling › Stap 1 ‘${gegevens.title}’`,
        text: `Engelse vertaling van ‘steps.stap1.title’ gewijzigd van ‘${english['steps.stap1.title'].en}’ naar ‘Your information’.`,
        path: '/steps.stap1.title/en',
      },
      {
        kind: 'toegevoegd',
        where: 'Engelse vertaling',
        text: 'Engelse vertaling van ‘steps.stap2.uiSchema.documenten.ui:help’ toegevoegd: ‘Add the documents.’.',
        path: '/steps.stap2.uiSchema.documenten.ui:help',
      },
    ]);

    const both = describeChanges(source(DOCUMENTS), {
      document: edited(DOCUMENTS, (document) => (document.title = 'Documenten aanleveren')).document,
      english: editedEnglish(DOCUMENTS, (file) => (file.title = { nl: 'Documenten aanleveren', en: 'Send documents' })).english,
    });
    expect(texts(both)).toEqual([
      `Titel van het formulier gewijzigd van ‘${flow.title}’ naar ‘Documenten aanleveren’.`,
      `Engelse vertaling van ‘title’ gewijzigd van ‘${english.title.en}’ naar ‘Send documents’.`,
    ]);
  });

  it('gives one change instead of throwing when a text is not valid JSON', () => {
    const broken = { ...source(DOCUMENTS), document: '{ "id": "aanleveren-documenten", ' };
    expect(describeChanges(source(DOCUMENTS), broken)).toEqual([{ kind: 'gewijzigd', where: 'Broncode', text: INVALID_JSON_TEXT, path: '' }]);
    expect(describeChanges(broken, source(DOCUMENTS))).toEqual([{ kind: 'gewijzigd', where: 'Broncode', text: INVALID_JSON_TEXT, path: '' }]);
    const brokenEnglish = { ...source(DOCUMENTS), english: '{ "title": ' };
    expect(describeChanges(source(DOCUMENTS), brokenEnglish)).toEqual([{ kind: 'gewijzigd', where: 'Engelse vertaling', text: INVALID_JSON_TEXT, path: '' }]);
    expect(INVALID_JSON_TEXT).toBe('De broncode is geen geldige JSON; verschillen kunnen niet worden getoond.');
  });

  it('has no changes for the same flow, also when only the layout of the text differs', () => {
    expect(changes(DOCUMENTS, source(DOCUMENTS))).toEqual([]);
    expect(
      changes(
        DOCUMENTS,
        edited(DOCUMENTS, () => undefined),
      ),
    ).toEqual([]);
    const { english, ...withoutEnglish } = source(DOCUMENTS);
    expect(english).toBeDefined();
    expect(describeChanges(withoutEnglish, { ...withoutEnglish, english: '  ' })).toEqual([]);
  });

  it('has no changes between each flow and itself', () => {
    const sources = allSources();
    expect(sources.length).toBeGreaterThan(6);
    for (const { file, source: flowSource } of sources) {
      expect(describeChanges(flowSource, flowSource), file).toEqual([]);
      expect(describeChanges(flowSource, { ...flowSource, document: JSON.stringify(JSON.parse(flowSource.document)) }), file).toEqual([]);
    }
  });

  it('describes the difference between any two flows without failing, each change a sentence with its place', () => {
    const sources = allSources();
    for (const a of sources) {
      for (const b of sources) {
        if (a === b) continue;
        const result = describeChanges(a.source, b.source);
        expect(result.length, `${a.file} -> ${b.file}`).toBeGreaterThan(0);
        for (const change of result) {
          expect(change.text, `${a.file} -> ${b.file}`).toMatch(/^\p{Lu}.*\.$/u);
          expect(change.where).not.toBe('');
          expect(change.path === '' || change.path.startsWith('/')).toBe(true);
          expect(`${change.text} ${change.where}`).not.toMatch(/undefined|\[object Object\]/);
        }
      }
      expect(() => describeChanges(a.source, { document: '{}' })).not.toThrow();
      expect(() => describeChanges({ document: '[]' }, a.source)).not.toThrow();
    }
  });
});
