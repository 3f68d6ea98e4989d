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
  /** Whether the field holds text (lengths apply). */
  text: boolean;
  /** Pointers of the places this field's settings live; a finding under one of them belongs to the field. */
  pointers: string[];
}

export interface StepSummary {
  index: number;
  id: string;
  title: string;
  /** Where the step's answers live in the model (its fields' model paths start with it). */
  dataKey: string;
  fields: FieldSummary[];
}

type Json = Record<string, unknown>;

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOr = (value: unknown) => (typeof value === 'number' ? value : undefined);
const textOr = (value: unknown) => (typeof value === 'string' ? value : undefined);

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
      return {
        index,
        id: textOr(step.id) ?? `stap${index + 1}`,
        title: textOr(step.title) ?? `Stap ${index + 1}`,
        dataKey: textOr(step.dataKey) ?? '',
        fields: Object.entries(properties)
          .filter((entry): entry is [string, Json] => isObject(entry[1]))
          .map(([key, field]) => {
            const fieldUi = isObject(ui[key]) ? ui[key] : {};
            const fieldMessages = isObject(messages[key]) ? messages[key] : {};
            return {
              step: index,
              key,
              title: textOr(field.title),
              required: required.includes(key),
              requiredMessage: textOr(fieldMessages.required),
              help: textOr(fieldUi['ui:help']),
              minLength: numberOr(field.minLength),
              maxLength: numberOr(field.maxLength),
              text: field.type === 'string' || 'minLength' in field || 'maxLength' in field,
              pointers: [`/steps/${index}/schema/properties/${key}`, `/steps/${index}/uiSchema/${key}`, `/steps/${index}/messages/${key}`],
            };
          }),
      };
    }),
  };
}

/** Sets (or, with undefined, removes) the value at `path`, creating the objects on the way. */
export function setAt(text: string, path: JSONPath, value: unknown): string {
  return applyEdits(text, modify(text, path, value, FORMAT));
}

export type FieldSetting = 'title' | 'help' | 'requiredMessage' | 'minLength' | 'maxLength';

const PATHS: Record<FieldSetting, (step: number, key: string) => JSONPath> = {
  title: (step, key) => ['steps', step, 'schema', 'properties', key, 'title'],
  minLength: (step, key) => ['steps', step, 'schema', 'properties', key, 'minLength'],
  maxLength: (step, key) => ['steps', step, 'schema', 'properties', key, 'maxLength'],
  help: (step, key) => ['steps', step, 'uiSchema', key, 'ui:help'],
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
  const document = parse(text, errors) as { steps?: { schema?: { required?: unknown } }[] } | undefined;
  if (errors.length > 0 || !document) return text;
  const current = document.steps?.[step]?.schema?.required;
  const list = Array.isArray(current) ? (current as string[]) : [];
  const next = required ? (list.includes(key) ? list : [...list, key]) : list.filter((name) => name !== key);
  return setAt(text, ['steps', step, 'schema', 'required'], next.length > 0 || list.length > 0 ? next : undefined);
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
