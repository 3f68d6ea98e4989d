/**
 * The generic questions an administrator can add besides the shared field definitions, each as the
 * JSON Schema and ui hints the engine shows, checks, reviews and prints (docs/flow-author.md 'JSON
 * Schema the engine understands'): short and long text, a number, a date (dd-mm-jjjj, like the
 * shared date field), yes/no, a choice with its own options, a multiple choice, and a repeating
 * group with its first field. A required multiple choice or group needs at least one item
 * (`minItems: 1`), as a `required` list alone is met by an empty list.
 */
import type { JSONPath } from 'jsonc-parser';
import { setAt, setRequired } from './documentEdits';

type Json = Record<string, unknown>;

/** A kind of question, by its Dutch name in the editor's data. */
export type QuestionKind = 'kort' | 'lang' | 'getal' | 'datum' | 'janee' | 'keuze' | 'meerkeuze' | 'groep';
/** The kinds a repeating group's first field can be. */
export type SimpleKind = Exclude<QuestionKind, 'keuze' | 'meerkeuze' | 'groep'>;

export const QUESTION_KINDS: readonly { kind: QuestionKind; label: string; hint: string }[] = [
  { kind: 'kort', label: 'Korte tekst', hint: 'Eén regel tekst, tot 200 tekens.' },
  { kind: 'lang', label: 'Lange tekst', hint: 'Een tekstvak van meerdere regels, tot 2000 tekens.' },
  { kind: 'getal', label: 'Getal', hint: 'Een getal; grenzen en hele getallen stelt u daarna in.' },
  { kind: 'datum', label: 'Datum', hint: 'Een datum als dd-mm-jjjj.' },
  { kind: 'janee', label: 'Ja/nee', hint: 'Twee keuzerondjes: Ja en Nee.' },
  { kind: 'keuze', label: 'Keuze uit eigen opties', hint: 'Eén antwoord uit de opties die u hieronder typt.' },
  { kind: 'meerkeuze', label: 'Meerkeuze', hint: 'Eén of meer antwoorden uit de opties die u hieronder typt.' },
  { kind: 'groep', label: 'Herhalende groep', hint: 'Een groep velden die de aanvrager één of meer keren invult, met een eerste veld.' },
];

export const SIMPLE_KINDS: readonly QuestionKind[] = ['kort', 'lang', 'getal', 'datum', 'janee'];

export interface QuestionOption {
  value: string;
  label: string;
}

export interface Question {
  kind: QuestionKind;
  label: string;
  required: boolean;
  /** The options of a choice or multiple choice. */
  options?: QuestionOption[];
  /** The first field of a repeating group, with its name in the data. */
  first?: { kind: SimpleKind; label: string; required: boolean; key: string };
}

/** The schema and ui hints of a question of a kind that has no options or fields of its own. */
function simple(kind: SimpleKind, label: string): { schema: Json; ui?: Json } {
  switch (kind) {
    case 'kort':
      return { schema: { type: 'string', title: label, maxLength: 200 } };
    case 'lang':
      return { schema: { type: 'string', title: label, maxLength: 2000 }, ui: { 'ui:widget': 'Textarea' } };
    case 'getal':
      return { schema: { type: 'number', title: label } };
    case 'datum':
      return { schema: { type: 'string', title: label, format: 'datum' }, ui: { 'ui:widget': 'DateInput' } };
    case 'janee':
      return { schema: { type: 'boolean', title: label }, ui: { 'ui:widget': 'YesNo' } };
  }
}

const constants = (options: QuestionOption[]) => options.map((option) => ({ const: option.value, title: option.label }));

/** The schema and ui hints of a question (without its place in the step's `required`). */
export function questionSchema(question: Question): { schema: Json; ui?: Json } {
  const { kind, label } = question;
  switch (kind) {
    case 'keuze':
      return { schema: { type: 'string', title: label, oneOf: constants(question.options ?? []) }, ui: { 'ui:widget': 'RadioGroup' } };
    case 'meerkeuze':
      return {
        schema: {
          type: 'array',
          title: label,
          uniqueItems: true,
          ...(question.required ? { minItems: 1 } : {}),
          items: { type: 'string', oneOf: constants(question.options ?? []) },
        },
      };
    case 'groep': {
      const first = question.first ?? { kind: 'kort', label, required: false, key: 'veld' };
      const inner = simple(first.kind, first.label);
      return {
        schema: {
          type: 'array',
          title: label,
          ...(question.required ? { minItems: 1 } : {}),
          items: { type: 'object', ...(first.required ? { required: [first.key] } : {}), properties: { [first.key]: inner.schema } },
        },
        ...(inner.ui ? { ui: { items: { [first.key]: inner.ui } } } : {}),
      };
    }
    default:
      return simple(kind, label);
  }
}

/** What is missing or wrong in a question before it can be added, per part; empty when it can be added. */
export function questionProblems(question: Question): { label?: string; options?: string; first?: string } {
  const problems: { label?: string; options?: string; first?: string } = {};
  if (question.label.trim() === '') problems.label = "Het veld 'Vraag' is niet ingevuld.";
  if (question.kind === 'keuze' || question.kind === 'meerkeuze') {
    const options = question.options ?? [];
    const values = options.map((option) => option.value);
    if (options.length < 2) problems.options = 'Geef ten minste twee opties.';
    else if (options.some((option) => option.label.trim() === '')) problems.options = 'Elke optie heeft een tekst nodig.';
    else if (values.some((value) => value.trim() === '')) problems.options = 'Elke optie heeft een waarde nodig.';
    else if (new Set(values).size !== values.length) problems.options = 'Twee opties hebben dezelfde waarde; geef elke optie een eigen waarde.';
  }
  if (question.kind === 'groep' && (question.first?.label.trim() ?? '') === '') problems.first = "Het veld 'Vraag van het eerste veld' is niet ingevuld.";
  return problems;
}

/** Adds the question under `key` at the end of a step's fields, with its ui hints and required or not. */
export function addQuestion(text: string, step: number, key: string, question: Question): string {
  const { schema, ui } = questionSchema(question);
  const path: JSONPath = ['steps', step];
  let next = setAt(text, [...path, 'schema', 'properties', key], schema);
  if (ui) next = setAt(next, [...path, 'uiSchema', key], ui);
  return question.required ? setRequired(next, step, key, true) : next;
}
