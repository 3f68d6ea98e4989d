/**
 * The names an administrator knows the settings of a flow by: what the back office's fields call
 * them, not the JSON keyword. Findings name a setting this way ("Minimale lengte (50) is groter dan
 * Maximale lengte (10) bij 'Soort wijziging'"); the JSON path stays for the source view.
 */

const SETTING_NAMES: Record<string, string> = {
  title: 'Label',
  description: 'Beschrijving',
  type: 'Soort antwoord',
  format: 'Soort tekst',
  minLength: 'Minimale lengte',
  maxLength: 'Maximale lengte',
  pattern: 'Patroon',
  minimum: 'Minimum',
  maximum: 'Maximum',
  exclusiveMinimum: 'Ondergrens (niet toegestaan)',
  exclusiveMaximum: 'Bovengrens (niet toegestaan)',
  multipleOf: 'Veelvoud van',
  minItems: 'Minimaal aantal',
  maxItems: 'Maximaal aantal',
  uniqueItems: 'Elke keuze één keer',
  enum: 'Keuzes',
  const: 'Vaste waarde',
  default: 'Standaardwaarde',
  required: 'Verplichte velden',
  items: 'Onderdelen van de lijst',
  properties: 'Velden',
  $ref: 'Soort veld',
  oneOf: 'Keuze tussen onderdelen',
  anyOf: 'Keuze tussen onderdelen',
  if: 'Voorwaarde',
  then: 'Velden als de voorwaarde geldt',
  else: 'Velden als de voorwaarde niet geldt',
  dependencies: 'Afhankelijke velden',
  'x-options': 'Keuzelijst',
  'x-enumNames': 'Teksten van de keuzes',
  'x-files': 'Bestanden',
  'x-messages': 'Meldingen',
  'x-optionsFilter': 'Beperking van de keuzes',
  'x-resetOn': 'Leegmaken bij wijziging',
  'x-addressCheck': 'Adrescontrole',
  'x-choiceLabel': 'Vraag bij de keuze',
  'x-widget': 'Weergave',
  'ui:widget': 'Weergave',
  'ui:field': 'Weergave',
  'ui:options': 'Weergave-instellingen',
  'ui:enumNames': 'Teksten van de keuzes',
  'ui:help': 'Helptekst',
  'ui:helpText': 'Uitklapbare helptekst',
  'ui:placeholder': 'Voorbeeldtekst in het veld',
  'ui:order': 'Volgorde van de velden',
  'ui:title': 'Label',
  'ui:description': 'Beschrijving',
  visibleIf: 'Wanneer tonen',
  rules: 'Controles',
  messages: 'Meldingen',
  boxes: 'Kaders',
  derive: 'Vaste antwoorden',
  intro: 'Inleiding',
  outro: 'Tekst onder de vragen',
  blocks: 'Tekstblokken',
  dataKey: 'Naam van de stap in de gegevens',
  id: 'Code',
  headerName: 'Naam in de kop',
  scenarios: 'Scenario’s',
  baseData: 'Referentiegegevens',
  variables: 'Variabelen',
  submit: 'Versturen',
  submitLabel: 'Tekst van de verstuurknop',
  startLabel: 'Tekst van de startknop',
  text: 'Tekst',
  href: 'Adres van de link',
  url: 'Adres',
  nameFrom: 'Naam uit de gegevens',
  valueFrom: 'Keuze uit de gegevens',
  list: 'Lijst',
  kind: 'Soort blok',
  level: 'Niveau van de kop',
};

/** The Dutch name of a setting (a JSON keyword or flow property), or undefined when it has none. */
export function settingName(keyword: string): string | undefined {
  return Object.hasOwn(SETTING_NAMES, keyword) ? SETTING_NAMES[keyword] : undefined;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'tekst',
  number: 'getal',
  integer: 'geheel getal',
  boolean: 'ja of nee',
  object: 'groep velden',
  array: 'lijst',
  null: 'leeg (null)',
};

/** A JSON type in words: 'integer' -> 'geheel getal'. */
export function typeName(type: string): string {
  return Object.hasOwn(TYPE_NAMES, type) ? TYPE_NAMES[type] : type;
}

/** A value as a finding quotes it: text between quotes, true/false as ja/nee, numbers with a decimal comma. */
export function quoted(value: unknown): string {
  if (typeof value === 'string') return `‘${value}’`;
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (value === true) return 'ja (true)';
  if (value === false) return 'nee (false)';
  if (value === null) return 'leeg (null)';
  return JSON.stringify(value);
}
