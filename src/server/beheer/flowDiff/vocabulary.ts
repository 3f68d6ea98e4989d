/** The Dutch names of the flow format's keywords, as the sentences use them. */

export const TYPE_NAMES: Record<string, string> = {
  string: 'tekst',
  integer: 'geheel getal',
  number: 'getal',
  boolean: 'ja/nee',
  object: 'groep',
  array: 'lijst',
  null: 'leeg',
};

/** JSON Schema keywords of a field with a Dutch name; the sentence reads "<name> van veld ‘X’ …". */
export const KEYWORD_NAMES: Record<string, string> = {
  maxLength: 'maximale lengte',
  minLength: 'minimale lengte',
  pattern: 'patroon',
  format: 'formaat',
  minimum: 'minimum',
  maximum: 'maximum',
  exclusiveMinimum: 'ondergrens (niet inbegrepen)',
  exclusiveMaximum: 'bovengrens (niet inbegrepen)',
  multipleOf: 'stapgrootte',
  minItems: 'minimaal aantal',
  maxItems: 'maximaal aantal',
  uniqueItems: 'unieke waarden',
  minProperties: 'minimaal aantal velden',
  maxProperties: 'maximaal aantal velden',
  default: 'standaardwaarde',
  const: 'vaste waarde',
  readOnly: 'alleen lezen',
  writeOnly: 'alleen schrijven',
  deprecated: 'verouderd',
  examples: 'voorbeelden',
  description: 'beschrijving',
};

/** The keyword of a message ('required', 'format.email', 'minItems.files') in Dutch. */
export function messageKeyword(keyword: string): string {
  const [head, ...rest] = keyword.split('.');
  const names: Record<string, string> = {
    ...KEYWORD_NAMES,
    required: 'verplicht',
    type: 'type',
    enum: 'keuzelijst',
    oneOf: 'keuze',
    anyOf: 'keuze',
    dependencies: 'afhankelijk verplicht',
    dependentRequired: 'afhankelijk verplicht',
  };
  const parts: Record<string, string> = { files: 'bestanden', choices: 'keuzes', items: 'items', ...TYPE_NAMES };
  const name = names[head] ?? head;
  return rest.length ? `${name} (${rest.map((part) => parts[part] ?? part).join(', ')})` : name;
}

export const BOX_TYPES: Record<string, string> = { info: 'informatie', warning: 'waarschuwing', error: 'fout', success: 'succes' };
