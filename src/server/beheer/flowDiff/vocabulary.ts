/**
 * The Dutch names the change sentences give the flow format's keywords ("Maximale lengte van veld
 * ‘X’ …", "Kopniveau van tekstblok 2 …"). A keyword that the flow schema (schemas/flow.schema.json)
 * describes is named by the `title` of its description there, so that the schema is the one place
 * where the administrators' word for it is written; a test fails when a keyword named here has no
 * title. Titles are written as a sentence starts with them; where a name stands within a sentence,
 * its first letter is made small.
 *
 * Some names cannot come from the schema and are written here instead:
 * - the values of a field's `type` and of a block's or box's `type` ('integer', 'warning'): the
 *   schema lists them in an enum, which has no place for a name per value;
 * - what follows the dot in the keyword of a message ('minItems.files'): the keys of `x-messages`
 *   and of a step's `messages` are free in the schema;
 * - the display settings of the uiSchema ('ui:help', 'ui:options'): they are rjsf's, and the flow
 *   schema takes any object as a field's display without describing its keys.
 * Sentences that describe what a keyword does rather than name it ("Velden die veld ‘X’
 * leegmaken", "Kader ‘k’ staat nu na veld ‘Y’") stay with their describer, as do the words for
 * the parts themselves (stap, veld, tekstblok, kader) and for entries whose keys are data rather
 * than keywords (a calculated text, an error code, the keyword of a message).
 *
 * A key or value from the document is looked up in these tables with `nameOf` (values.ts), which
 * finds only their own entries: a message keyword `constructor` has no name and is shown as written.
 */
import flowSchema from '../../../../schemas/flow.schema.json' with { type: 'json' };
import { get, isObj, list, nameOf } from './values';

/** Where each part of the format is described in the flow schema (a JSON pointer). */
const PARTS = {
  form: '',
  intro: '/properties/intro',
  review: '/properties/review',
  submit: '/properties/submit',
  confirmation: '/properties/confirmation',
  download: '/properties/confirmation/properties/download',
  signer: '/properties/confirmation/properties/download/properties/signers/items',
  variant: '/properties/variants/items',
  step: '/definitions/step',
  rule: '/definitions/step/properties/rules/items',
  box: '/definitions/step/properties/boxes/items',
  block: '/definitions/block',
  document: '/definitions/requiredDocument',
  field: '/definitions/field',
  files: '/definitions/field/properties/x-files',
} as const;

/** Keywords of a field told as "<name> van veld ‘X’ …" by keywords.ts when nothing more specific is said of them. */
const PLAIN_KEYWORDS = [
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'default',
  'const',
  'readOnly',
  'writeOnly',
  'deprecated',
  'examples',
  'description',
] as const;

/** Keywords of a field that a message belongs to (its key in x-messages), besides the plain ones. */
const MESSAGE_KEYWORDS = ['required', 'type', 'enum', 'oneOf', 'anyOf', 'dependencies', 'dependentRequired'] as const;

/** The keywords of each part that the sentences name. */
const NAMED = {
  form: ['title', 'headerName', 'scenarios', 'languages', 'baseData'],
  intro: ['title', 'startLabel'],
  review: ['title', 'submitLabel', 'changeLabel'],
  submit: ['kind', 'url', 'failureMessage', 'codeHeading'],
  confirmation: ['title'],
  download: ['errorMessage', 'errorSrText'],
  signer: ['title', 'visibleIf'],
  variant: ['title'],
  step: ['title', 'dataKey'],
  rule: ['message', 'assert'],
  box: ['text', 'title', 'type', 'visibleIf'],
  block: ['text', 'title', 'kind', 'href', 'url', 'level', 'type', 'visibleIf'],
  document: ['visibleIf'],
  field: [
    ...PLAIN_KEYWORDS,
    ...MESSAGE_KEYWORDS,
    'title',
    '$ref',
    'x-options',
    'x-enumNames',
    'x-choiceLabel',
    'x-widget',
    'x-addressCheck',
    'x-optionsFilter',
    'x-visibleIf',
  ],
  files: ['accept', 'maxFileSize', 'maxFiles', 'check', 'checkField'],
} as const satisfies Record<keyof typeof PARTS, readonly string[]>;

export type Part = keyof typeof NAMED;
export type Keyword<P extends Part> = (typeof NAMED)[P][number];

const schema: unknown = flowSchema;

const at = (pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .reduce((node: unknown, key) => get(node, key), schema);

/**
 * The descriptions of a keyword of a part in the flow schema: the one under the part's
 * `properties` first, then those under the `properties` of its conditional branches
 * (`allOf[].then`, as sending has one per kind).
 */
export function keywordSchemas(part: Part, keyword: string): unknown[] {
  const node = at(PARTS[part]);
  const branches = list(get(node, 'allOf')).map((branch) => get(branch, 'then'));
  return [node, ...branches].map((owner) => get(get(owner, 'properties'), keyword)).filter(isObj);
}

/** Every keyword the sentences name, by part. */
export const namedKeywords = (): { part: Part; keyword: string }[] =>
  (Object.keys(NAMED) as Part[]).flatMap((part) => NAMED[part].map((keyword: string) => ({ part, keyword })));

/** The title of a keyword's first description; the keyword itself should it have none (which the tests do not let pass). */
function titleOf(part: Part, keyword: string): string {
  const title = keywordSchemas(part, keyword)
    .map((description) => get(description, 'title'))
    .find((value) => typeof value === 'string' && value !== '');
  return typeof title === 'string' ? title : keyword;
}

const lowerFirst = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);

const NAMES = Object.fromEntries(
  (Object.keys(NAMED) as Part[]).map((part) => [part, Object.fromEntries(NAMED[part].map((keyword: string) => [keyword, titleOf(part, keyword)]))]),
) as { [P in Part]: Readonly<Record<Keyword<P>, string>> };

/** The names of a part's keywords as a sentence starts with them: `namesOf('block').level` is 'Kopniveau'. */
export function namesOf<P extends Part>(part: P): Readonly<Record<Keyword<P>, string>> {
  return NAMES[part];
}

/** The plain keywords of a field, named as within a sentence ('maximale lengte'). */
export const KEYWORD_NAMES: Record<string, string> = Object.fromEntries(PLAIN_KEYWORDS.map((keyword) => [keyword, lowerFirst(NAMES.field[keyword])]));

/** The values of a field's `type` (not described one by one in the schema: an enum). */
export const TYPE_NAMES: Record<string, string> = {
  string: 'tekst',
  integer: 'geheel getal',
  number: 'getal',
  boolean: 'ja/nee',
  object: 'groep',
  array: 'lijst',
  null: 'leeg',
};

const MESSAGE_NAMES: Record<string, string> = {
  ...KEYWORD_NAMES,
  ...Object.fromEntries(MESSAGE_KEYWORDS.map((keyword) => [keyword, lowerFirst(NAMES.field[keyword])])),
};

/** What may follow the dot in the keyword of a message (free in the schema). */
const MESSAGE_PARTS: Record<string, string> = { files: 'bestanden', choices: 'keuzes', items: 'items', ...TYPE_NAMES };

/** The keyword of a message ('required', 'format.email', 'minItems.files') in Dutch. */
export function messageKeyword(keyword: string): string {
  const [head, ...rest] = keyword.split('.');
  const name = nameOf(MESSAGE_NAMES, head) ?? head;
  return rest.length ? `${name} (${rest.map((part) => nameOf(MESSAGE_PARTS, part) ?? part).join(', ')})` : name;
}

/** The values of the `type` of a block or box (an enum in the schema); 'call-to-action' as the block editor names it. */
export const BOX_TYPES: Record<string, string> = {
  info: 'informatie',
  warning: 'waarschuwing',
  error: 'fout',
  success: 'succes',
  'call-to-action': 'actie gevraagd',
};

/**
 * The display settings of the uiSchema (not described in the flow schema), each as the sentence
 * starts up to the field or step it belongs to, as the word before that differs ("Voorbeeldtekst
 * in veld ‘X’", "Tussenkop boven veld ‘X’").
 */
export const DISPLAY_NAMES: Record<string, string> = {
  'ui:help': 'Hulptekst van',
  'ui:helpText': 'Uitklaptekst van',
  'ui:description': 'Beschrijving van',
  'ui:widget': 'Invoerelement van',
  'ui:placeholder': 'Voorbeeldtekst in',
  'ui:title': 'Getoond label van',
  'ui:enumNames': 'Keuzeteksten van',
  'ui:order': 'Volgorde van de velden van',
};

/** The heading of an expandable help text (`ui:helpText`'s label). */
export const HELP_TEXT_LABEL_NAME = 'Kop van de uitklaptekst van';

/** The options of `ui:options` with a name of their own, as `DISPLAY_NAMES`. */
export const DISPLAY_OPTION_NAMES: Record<string, string> = {
  heading: 'Tussenkop boven',
  legend: 'Kop boven de keuzes van',
  label: 'Getoond label van',
  checkboxLabel: 'Tekst bij het vinkje van',
  itemTitle: 'Titel van elk item van',
  addLabel: 'Tekst van de knop om een item toe te voegen aan',
};
