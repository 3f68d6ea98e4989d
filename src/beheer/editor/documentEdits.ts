/**
 * What the structured editor reads from a flow document and how it writes a change back: by
 * `jsonc-parser`'s edits on the text, so everything the administrator did not touch (order,
 * layout, other keys) stays exactly as written, and the JSON view shows the same document.
 */
import { applyEdits, modify, parse, printParseErrorCode, type JSONPath, type ParseError } from 'jsonc-parser';

export interface FieldSummary {
  /** Position of the step in `steps`. */
  step: number;
  key: string;
  title?: string;
  required: boolean;
  /** The step's own message for a missing value (`messages.<key>.required`). */
  requiredMessage?: string;
  help?: string;
  minLength?: number;
  maxLength?: number;
  /** The field's own pattern (a regular expression), when it has one. */
  pattern?: string;
  /** Whether the field holds text (lengths apply). */
  text: boolean;
  /** Pointers of the places this field's settings live; a finding under one of them belongs to the field. */
  pointers: string[];
  /** The step's rule for showing this field (json-logic), when it has one. */
  visibleIf?: unknown;
  /** The shared definition it is built on (`urn:uzi-portaal:veld:…`). */
  ref?: string;
  /** Its JSON type when the field says so itself (else its definition does). */
  type?: string;
  /** Fixed options (`oneOf` with `const`, or `enum`). */
  options?: { value: string | number | boolean; label: string }[];
  /** The reference list its options come from (`x-options`). */
  list?: string;
}

export interface StepSummary {
  index: number;
  id: string;
  title: string;
  /** Where the step's answers live in the model (its fields' model paths start with it). */
  dataKey: string;
  /** The step's introduction (content blocks). */
  intro: unknown[];
  fields: FieldSummary[];
}

type Json = Record<string, unknown>;

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOr = (value: unknown) => (typeof value === 'number' ? value : undefined);
const textOr = (value: unknown) => (typeof value === 'string' ? value : undefined);

type OptionValue = string | number | boolean;
const isOptionValue = (value: unknown): value is OptionValue => ['string', 'number', 'boolean'].includes(typeof value);

/**
 * A field's fixed options with the texts applicants read: `oneOf` of `{ const, title }`, or `enum`
 * labelled by `ui:enumNames` (a list or a map by value) or `x-enumNames`; a value without a label is its own.
 */
export function optionsOf(field: Json, ui: Json = {}): { value: OptionValue; label: string }[] | undefined {
  if (Array.isArray(field.oneOf) && field.oneOf.every((option) => isObject(option) && isOptionValue(option.const))) {
    return (field.oneOf as Json[]).map((option) => ({ value: option.const as OptionValue, label: textOr(option.title) ?? String(option.const) }));
  }
  if (!Array.isArray(field.enum) || !field.enum.every(isOptionValue)) return undefined;
  const names = ui['ui:enumNames'] ?? field['x-enumNames'];
  const labelOf = (value: OptionValue, index: number) =>
    textOr(Array.isArray(names) ? names[index] : isObject(names) ? names[String(value)] : undefined) ?? String(value);
  return (field.enum as OptionValue[]).map((value, index) => ({ value, label: labelOf(value, index) }));
}

/** The parts of a step that speak of its fields, by (dotted) field key. */
interface StepParts {
  ui: Json;
  messages: Json;
  rules: Json;
}

/** What the editor shows of one field; `key` is dotted for a field of a repeating group. */
function summaryOf(index: number, key: string, field: Json, required: boolean, parts: StepParts): FieldSummary {
  const fieldUi = isObject(parts.ui[key]) ? (parts.ui[key] as Json) : {};
  const fieldMessages = isObject(parts.messages[key]) ? (parts.messages[key] as Json) : {};
  const pointer = (path: JSONPath) => `/steps/${index}/${path.join('/')}`;
  return {
    step: index,
    key,
    title: textOr(field.title),
    required,
    requiredMessage: textOr(fieldMessages.required),
    help: textOr(fieldUi['ui:help']),
    minLength: numberOr(field.minLength),
    maxLength: numberOr(field.maxLength),
    pattern: textOr(field.pattern),
    text: field.type === 'string' || 'minLength' in field || 'maxLength' in field,
    pointers: [pointer(['schema', ...propertyPath(key)]), pointer(['uiSchema', ...uiPath(key)]), pointer(['messages', key]), pointer(['visibleIf', key])],
    ...(key in parts.rules ? { visibleIf: parts.rules[key] } : {}),
    ...(typeof field.$ref === 'string' ? { ref: field.$ref } : {}),
    ...(typeof field.type === 'string' ? { type: field.type } : {}),
    ...(optionsOf(field, fieldUi) ? { options: optionsOf(field, fieldUi) } : {}),
    ...(typeof field['x-options'] === 'string' ? { list: field['x-options'] } : {}),
  };
}

/** Where a field's schema lives within the step's schema: a dotted key leads through the group's `items`. */
function propertyPath(key: string): JSONPath {
  const [group, sub] = key.split('.', 2);
  return sub === undefined ? ['properties', group] : ['properties', group, 'items', 'properties', sub];
}

/** Where a field's display settings live within the step's uiSchema. */
function uiPath(key: string): JSONPath {
  const [group, sub] = key.split('.', 2);
  return sub === undefined ? [group] : [group, 'items', sub];
}

/** The `required` list a field belongs to (its group's for a dotted key) and its name in it. */
function requiredPlace(key: string): { path: JSONPath; name: string } {
  const [group, sub] = key.split('.', 2);
  return sub === undefined ? { path: ['schema', 'required'], name: group } : { path: ['schema', 'properties', group, 'items', 'required'], name: sub };
}

/** The steps and their fields, or the first syntax problem when the text is no JSON. */
export function readSteps(text: string): { steps: StepSummary[] } | { problem: string } {
  const errors: ParseError[] = [];
  const document = parse(text, errors, { allowTrailingComma: false, disallowComments: true }) as unknown;
  if (errors.length > 0 || !isObject(document)) {
    const first = errors[0];
    return { problem: first ? `${printParseErrorCode(first.error)} op positie ${first.offset}` : 'geen object' };
  }
  const steps = Array.isArray(document.steps) ? document.steps : [];
  return {
    steps: steps.filter(isObject).map((step, index) => {
      const schema = isObject(step.schema) ? step.schema : {};
      const properties = isObject(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required : [];
      const ui = isObject(step.uiSchema) ? step.uiSchema : {};
      const messages = isObject(step.messages) ? step.messages : {};
      const rules = isObject(step.visibleIf) ? step.visibleIf : {};
      return {
        index,
        id: textOr(step.id) ?? `stap${index + 1}`,
        title: textOr(step.title) ?? `Stap ${index + 1}`,
        dataKey: textOr(step.dataKey) ?? '',
        intro: Array.isArray(step.intro) ? step.intro : [],
        fields: Object.entries(properties)
          .filter((entry): entry is [string, Json] => isObject(entry[1]))
          .flatMap(([key, field]) => {
            const own = summaryOf(index, key, field, required.includes(key), { ui, messages, rules });
            // The fields of a repeating group follow it, by dotted key ('personen.naam').
            const items = isObject(field.items) ? field.items : undefined;
            if (field.type !== 'array' || !items || !isObject(items.properties)) return [own];
            const inner = Array.isArray(items.required) ? items.required : [];
            const groupUi = isObject(ui[key]) && isObject((ui[key] as Json).items) ? ((ui[key] as Json).items as Json) : {};
            return [
              own,
              ...Object.entries(items.properties)
                .filter((entry): entry is [string, Json] => isObject(entry[1]))
                .map(([sub, child]) =>
                  summaryOf(index, `${key}.${sub}`, child, inner.includes(sub), { ui: { [`${key}.${sub}`]: groupUi[sub] }, messages, rules }),
                ),
            ];
          }),
      };
    }),
  };
}

/** Sets (or, with undefined, removes) the value at `path`, creating the objects on the way. */
export function setAt(text: string, path: JSONPath, value: unknown): string {
  return applyEdits(text, modify(text, path, value, FORMAT));
}

export type FieldSetting = 'title' | 'help' | 'requiredMessage' | 'minLength' | 'maxLength' | 'pattern';

const PATHS: Record<FieldSetting, (step: number, key: string) => JSONPath> = {
  title: (step, key) => ['steps', step, 'schema', ...propertyPath(key), 'title'],
  minLength: (step, key) => ['steps', step, 'schema', ...propertyPath(key), 'minLength'],
  maxLength: (step, key) => ['steps', step, 'schema', ...propertyPath(key), 'maxLength'],
  pattern: (step, key) => ['steps', step, 'schema', ...propertyPath(key), 'pattern'],
  help: (step, key) => ['steps', step, 'uiSchema', ...uiPath(key), 'ui:help'],
  requiredMessage: (step, key) => ['steps', step, 'messages', key, 'required'],
};

/** Changes one setting of a field; an empty text or a missing number removes it. */
export function setField(text: string, step: number, key: string, setting: FieldSetting, value: string | number | undefined): string {
  const empty = value === undefined || value === '';
  return setAt(text, PATHS[setting](step, key), empty ? undefined : value);
}

/** Makes a field required or optional (the step's `required` list); text that is no JSON stays as it is. */
export function setRequired(text: string, step: number, key: string, required: boolean): string {
  const errors: ParseError[] = [];
  const document = parse(text, errors) as unknown;
  if (errors.length > 0 || !isObject(document)) return text;
  const place = requiredPlace(key);
  const path: JSONPath = ['steps', step, ...place.path];
  let current: unknown = document;
  for (const segment of path) current = isObject(current) || Array.isArray(current) ? (current as Record<string | number, unknown>)[segment] : undefined;
  const list = Array.isArray(current) ? (current as string[]) : [];
  const next = required ? (list.includes(place.name) ? list : [...list, place.name]) : list.filter((name) => name !== place.name);
  return setAt(text, path, next.length > 0 || list.length > 0 ? next : undefined);
}

/** The label of each field by its model path ('gegevens.abonneeNaam' -> 'Naam abonnee'), and of each step by id. */
export function modelLabels(text: string): { fields: Map<string, string>; steps: Map<string, string> } {
  const read = readSteps(text);
  const fields = new Map<string, string>();
  const steps = new Map<string, string>();
  if ('problem' in read) return { fields, steps };
  for (const step of read.steps) {
    steps.set(step.id, step.title);
    for (const field of step.fields) fields.set(`${step.dataKey}.${field.key}`, field.title ?? field.key);
  }
  return { fields, steps };
}

/** The parsed document, or undefined when the text is no JSON object. */
function parsed(text: string): Json | undefined {
  const errors: ParseError[] = [];
  const document = parse(text, errors) as unknown;
  return errors.length === 0 && isObject(document) ? document : undefined;
}

/** Sets (or, with undefined, removes) the rule for showing a field; an emptied `visibleIf` goes too. */
export function setVisibleIf(text: string, step: number, key: string, logic: unknown): string {
  const rules = parsed(text)?.steps;
  const current = Array.isArray(rules) && isObject(rules[step]) && isObject((rules[step] as Json).visibleIf) ? ((rules[step] as Json).visibleIf as Json) : {};
  if (logic === undefined && Object.keys(current).every((name) => name === key)) return setAt(text, ['steps', step, 'visibleIf'], undefined);
  return setAt(text, ['steps', step, 'visibleIf', key], logic);
}

/** A property name from a label: 'Naam van de praktijk' -> 'naamVanDePraktijk', unique among `taken`. */
export function fieldKeyFrom(label: string, taken: readonly string[]): string {
  const words = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const base = words.map((word, index) => (index === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1).toLowerCase())).join('') || 'veld';
  const start = /^[0-9]/.test(base) ? `veld${base}` : base;
  let key = start;
  for (let n = 2; taken.includes(key); n++) key = `${start}${n}`;
  return key;
}

/** Adds a field built on a shared definition at the end of a step. */
export function addField(text: string, step: number, key: string, field: { ref: string; title: string; required: boolean }): string {
  const next = setAt(text, ['steps', step, 'schema', ...propertyPath(key)], { $ref: field.ref, title: field.title });
  return field.required ? setRequired(next, step, key, true) : next;
}

/** Removes a field with everything the step says about it: required, display, messages, rule. */
export function removeField(text: string, step: number, key: string): string {
  let next = setRequired(text, step, key, false);
  next = setAt(next, ['steps', step, 'schema', ...propertyPath(key)], undefined);
  const document = parsed(next);
  const current = Array.isArray(document?.steps) && isObject(document.steps[step]) ? (document.steps[step] as Json) : {};
  const ui = uiPath(key);
  const display = ui.slice(0, -1).reduce<unknown>((at, segment) => (isObject(at) ? at[segment as string] : undefined), current.uiSchema);
  if (isObject(display) && (ui.at(-1) as string) in display) next = setAt(next, ['steps', step, 'uiSchema', ...ui], undefined);
  if (isObject(current.messages) && key in current.messages) next = setAt(next, ['steps', step, 'messages', key], undefined);
  if (isObject(current.visibleIf) && key in current.visibleIf) next = setVisibleIf(next, step, key, undefined);
  return next;
}

/** Moves a step one place earlier (-1) or later (+1); the steps are written anew, the rest stays. */
export function moveStep(text: string, step: number, delta: -1 | 1): string {
  const steps = parsed(text)?.steps;
  if (!Array.isArray(steps) || step + delta < 0 || step + delta >= steps.length) return text;
  const next = [...steps];
  [next[step], next[step + delta]] = [next[step + delta], next[step]];
  return setAt(text, ['steps'], next);
}

/** Sets (or, with an empty list, removes) content blocks at `path`, e.g. a step's introduction. */
export function setBlocks(text: string, path: JSONPath, blocks: readonly unknown[], keepEmpty = false): string {
  return setAt(text, path, blocks.length > 0 || keepEmpty ? blocks : undefined);
}
