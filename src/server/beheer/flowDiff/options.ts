/**
 * The options of a field: its option list (enum, a reference list, or a oneOf/anyOf of constants),
 * the texts of the options, the question above them, and a filter on the list.
 */
import { quote } from './format';
import type { Pos } from './location';
import type { Sentences } from './sentences';
import { get, has, list, titleOf } from './values';
import { namesOf } from './vocabulary';

const FIELD = namesOf('field');

/** A `oneOf`/`anyOf` that lists the options of one field (each with `const`) rather than groups of fields. */
export function isOptionList(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every((option) => has(option, 'const'));
}

/** The options of such a list as one text: their titles (or values), joined. */
function optionsText(value: unknown): string {
  const optionText = (option: unknown): string => {
    const constant = get(option, 'const');
    return (
      titleOf(option) ??
      (typeof constant === 'string' || typeof constant === 'number' || typeof constant === 'boolean' ? String(constant) : (JSON.stringify(constant) ?? '?'))
    );
  };
  return quote(list(value).map(optionText).join(', '));
}

/** A field's options written as a oneOf/anyOf of constants: told as its option list (`enum`) is, with the options' titles. */
export function describeOptionList(out: Sentences, before: unknown, after: unknown, pos: Pos, field: string | undefined, owner: string): void {
  out.value({ name: `${FIELD.enum} van ${owner}`, setting: true, format: optionsText }, before, after, pos, field);
}

/** A keyword about the options of a field (enum, x-options, x-enumNames, x-choiceLabel, x-optionsFilter). */
export function describeOptionKeyword(out: Sentences, key: string, before: unknown, after: unknown, pos: Pos, field: string, owner: string): void {
  switch (key) {
    case 'enum':
    case 'x-options':
      out.value({ name: `${FIELD[key]} van ${owner}`, setting: true }, before, after, pos, field);
      return;
    case 'x-enumNames':
      out.value({ name: `${FIELD['x-enumNames']} van ${owner}`, setting: true }, before, after, pos, field);
      return;
    case 'x-choiceLabel':
      out.value({ name: `${FIELD['x-choiceLabel']} van ${owner}` }, before, after, pos, field);
      return;
    case 'x-optionsFilter':
      if (before === undefined) out.emit('toegevoegd', `${FIELD['x-optionsFilter']} van ${owner} toegevoegd.`, pos, { field });
      else if (after === undefined) out.emit('verwijderd', `${FIELD['x-optionsFilter']} van ${owner} verwijderd.`, pos, { field });
      else out.emit('gewijzigd', `${FIELD['x-optionsFilter']} van ${owner} gewijzigd.`, pos, { field });
      return;
  }
}
