import { describe, expect, it } from 'vitest';
import { addField, fieldKeyFrom, moveStep, readSteps, removeField, setBlocks, setField, setRequired, setVisibleIf } from './documentEdits';

const DOCUMENT = `{
  "id": "proef",
  "steps": [
    {
      "id": "stap1",
      "title": "Uw gegevens",
      "schema": {
        "type": "object",
        "required": ["naam"],
        "properties": {
          "naam": { "type": "string", "title": "Naam", "maxLength": 200 },
          "nummer": { "$ref": "urn:uzi-portaal:veld:abonneenummer", "title": "Abonneenummer" }
        }
      },
      "uiSchema": { "nummer": { "ui:help": "Als u het weet." } }
    }
  ]
}
`;

describe('the structured editor on the document text', () => {
  it('reads steps and fields with their settings and the pointers where they live', () => {
    const read = readSteps(DOCUMENT);
    if ('problem' in read) throw new Error(read.problem);
    expect(read.steps[0]).toMatchObject({ index: 0, id: 'stap1', title: 'Uw gegevens' });
    expect(read.steps[0].fields).toEqual([
      expect.objectContaining({ key: 'naam', title: 'Naam', required: true, maxLength: 200, text: true }),
      expect.objectContaining({ key: 'nummer', title: 'Abonneenummer', required: false, help: 'Als u het weet.', text: false }),
    ]);
    expect(read.steps[0].fields[0].pointers[0]).toBe('/steps/0/schema/properties/naam');
  });

  it('says where the text stops being JSON', () => {
    expect(readSteps('{ "id": ')).toEqual({ problem: expect.stringMatching(/positie \d+/) });
  });

  it('writes a label, a message and a help text, and leaves everything else as written', () => {
    let text = setField(DOCUMENT, 0, 'naam', 'title', 'Volledige naam');
    text = setField(text, 0, 'naam', 'requiredMessage', 'Vul uw naam in.');
    text = setField(text, 0, 'nummer', 'help', '');
    const read = readSteps(text);
    if ('problem' in read) throw new Error(read.problem);
    expect(read.steps[0].fields[0]).toMatchObject({ title: 'Volledige naam', requiredMessage: 'Vul uw naam in.' });
    expect(read.steps[0].fields[1].help).toBeUndefined();
    expect(text).toContain('"nummer": { "$ref": "urn:uzi-portaal:veld:abonneenummer", "title": "Abonneenummer" }');
    expect(JSON.parse(text).steps[0].messages).toEqual({ naam: { required: 'Vul uw naam in.' } });
  });

  it('makes a field required or optional, and sets or removes a length', () => {
    let text = setRequired(DOCUMENT, 0, 'nummer', true);
    text = setRequired(text, 0, 'naam', false);
    expect(JSON.parse(text).steps[0].schema.required).toEqual(['nummer']);
    text = setField(text, 0, 'naam', 'maxLength', undefined);
    text = setField(text, 0, 'naam', 'minLength', 2);
    expect(JSON.parse(text).steps[0].schema.properties.naam).toEqual({ type: 'string', title: 'Naam', minLength: 2 });
  });

  it('adds a field from a shared definition with a rule for showing it, and removes it with everything said about it', () => {
    const rule = { '==': [{ var: 'gegevens.naam' }, 'x'] };
    let text = addField(DOCUMENT, 0, fieldKeyFrom('Naam van de praktijk', ['naam', 'nummer']), {
      ref: 'urn:uzi-portaal:veld:organisatienaam',
      title: 'Naam van de praktijk',
      required: false,
    });
    text = setVisibleIf(text, 0, 'naamVanDePraktijk', rule);
    text = setField(text, 0, 'naamVanDePraktijk', 'help', 'Zoals in het KvK-register.');
    const read = readSteps(text);
    if ('problem' in read) throw new Error(read.problem);
    expect(read.steps[0].fields.at(-1)).toMatchObject({
      key: 'naamVanDePraktijk',
      ref: 'urn:uzi-portaal:veld:organisatienaam',
      title: 'Naam van de praktijk',
      required: false,
      visibleIf: rule,
      help: 'Zoals in het KvK-register.',
    });
    const removed = removeField(text, 0, 'naamVanDePraktijk');
    expect(JSON.parse(removed)).toEqual(JSON.parse(DOCUMENT));
    expect(JSON.parse(removeField(DOCUMENT, 0, 'naam')).steps[0].schema).toEqual({
      type: 'object',
      required: [],
      properties: { nummer: { $ref: 'urn:uzi-portaal:veld:abonneenummer', title: 'Abonneenummer' } },
    });
  });

  it('sets and removes the own pattern of a field', () => {
    const withPattern = setField(DOCUMENT, 0, 'naam', 'pattern', '^[A-Za-z ]+$');
    const read = readSteps(withPattern);
    if ('problem' in read) throw new Error(read.problem);
    expect(read.steps[0].fields[0].pattern).toBe('^[A-Za-z ]+$');
    expect(JSON.parse(setField(withPattern, 0, 'naam', 'pattern', ''))).toEqual(JSON.parse(DOCUMENT));
  });

  it('makes a unique property name from a label', () => {
    expect(fieldKeyFrom('Naam van de praktijk', [])).toBe('naamVanDePraktijk');
    expect(fieldKeyFrom('E-mailadres (privé)', [])).toBe('eMailadresPrive');
    expect(fieldKeyFrom('Naam', ['naam'])).toBe('naam2');
    expect(fieldKeyFrom('2e adres', [])).toBe('veld2eAdres');
    expect(fieldKeyFrom('!!', [])).toBe('veld');
  });

  it('moves a step and sets a step introduction; the first step cannot go earlier', () => {
    const two = setAt2(DOCUMENT);
    const moved = JSON.parse(moveStep(two, 1, -1)) as { steps: { id: string }[] };
    expect(moved.steps.map((step) => step.id)).toEqual(['stap2', 'stap1']);
    expect(moveStep(two, 0, -1)).toBe(two);
    const intro = setBlocks(DOCUMENT, ['steps', 0, 'intro'], [{ kind: 'paragraph', text: 'Welkom.' }]);
    expect(JSON.parse(intro).steps[0].intro).toEqual([{ kind: 'paragraph', text: 'Welkom.' }]);
    expect(JSON.parse(setBlocks(intro, ['steps', 0, 'intro'], [])).steps[0].intro).toBeUndefined();
  });
});

/** The test document with a second step. */
function setAt2(text: string): string {
  const document = JSON.parse(text) as { steps: unknown[] };
  document.steps.push({ id: 'stap2', title: 'Tweede', schema: { type: 'object', properties: {} } });
  return JSON.stringify(document, null, 2);
}
