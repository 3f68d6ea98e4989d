import { describe, expect, it } from 'vitest';
import { readSteps, setField, setRequired } from './documentEdits';

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
});
