/**
 * What a single field sets: its label, definition, type, limits and other plain keywords, files,
 * messages and visibility (its options are told by options.ts). A keyword without a sentence of
 * its own gets the generic one.
 */
import type { NodeContext } from './context';
import { changedKeys, childDelta, diff } from './delta';
import { bytes, capital, named, quote, show } from './format';
import { sub, type Pos } from './location';
import { describeOptionKeyword } from './options';
import type { Sentences, Subject } from './sentences';
import { get, isObj, nameOf } from './values';
import { describeVisibility } from './visibility';
import { KEYWORD_NAMES, messageKeyword, namesOf, TYPE_NAMES } from './vocabulary';

const FIELD = namesOf('field');
const FILES = namesOf('files');

/** A keyword of a field: its label, limits, options, files, messages, visibility. */
export function describeKeyword(
  out: Sentences,
  key: string,
  delta: unknown,
  before: unknown,
  after: unknown,
  pos: Pos,
  context: NodeContext,
  fieldInfo: { name: string; label: string },
): void {
  const field = context.path;
  const owner = `veld ${quote(fieldInfo.label)}`;
  switch (key) {
    case 'title':
      out.value({ name: `${FIELD.title} van veld ${quote(fieldInfo.name)}` }, before, after, pos, field);
      return;
    case '$ref':
      out.value(
        {
          name: `${FIELD.$ref} van ${owner}`,
          setting: true,
          format: (ref) => (typeof ref === 'string' ? quote(ref.replace(/^urn:uzi-portaal:veld:/, '')) : show(ref)),
        },
        before,
        after,
        pos,
        field,
      );
      return;
    case 'type':
      out.value({ name: `${FIELD.type} van ${owner}`, setting: true, format: named(TYPE_NAMES) }, before, after, pos, field);
      return;
    case 'enum':
    case 'x-options':
    case 'x-enumNames':
    case 'x-choiceLabel':
    case 'x-optionsFilter':
      describeOptionKeyword(out, key, before, after, pos, field, owner);
      return;
    case 'x-widget':
      out.value({ name: `${FIELD['x-widget']} van ${owner}`, setting: true }, before, after, pos, field);
      return;
    case 'x-resetOn':
      out.value({ name: `Velden die ${owner} leegmaken`, setting: true }, before, after, pos, field);
      return;
    case 'x-addressCheck':
      out.value({ name: `${FIELD['x-addressCheck']} van ${owner}`, setting: true }, before, after, pos, field);
      return;
    case 'x-visibleIf':
      describeVisibility(out, FIELD['x-visibleIf'], owner, before, after, pos, field);
      return;
    case 'x-messages':
      for (const keyword of changedKeys(delta ?? diff(before, after), before, after)) {
        out.value({ name: `Melding bij ${quote(messageKeyword(keyword))} van ${owner}` }, get(before, keyword), get(after, keyword), sub(pos, keyword), field);
      }
      return;
    case 'x-files': {
      if (!isObj(before) || !isObj(after)) {
        if (before === undefined) out.emit('toegevoegd', `${capital(owner)} is nu een bestandsveld.`, pos, { field });
        else if (after === undefined) out.emit('verwijderd', `${capital(owner)} is geen bestandsveld meer.`, pos, { field });
        else out.generic(delta, before, after, pos, field);
        return;
      }
      const names: Record<string, Subject> = {
        accept: { name: `${FILES.accept} van ${owner}`, setting: true },
        maxFileSize: { name: `${FILES.maxFileSize} van ${owner}`, setting: true, format: bytes },
        maxFiles: { name: `${FILES.maxFiles} van ${owner}`, setting: true },
        check: { name: `${FILES.check} van ${owner}`, setting: true },
        checkField: { name: `${FILES.checkField} van ${owner}`, setting: true },
      };
      for (const option of changedKeys(delta ?? diff(before, after), before, after)) {
        const [old, now, subject] = [get(before, option), get(after, option), nameOf(names, option)];
        if (subject) out.value(subject, old, now, sub(pos, option), field);
        else out.generic(childDelta(delta, option, before, after), old, now, sub(pos, option), field);
      }
      return;
    }
    default: {
      const name = nameOf(KEYWORD_NAMES, key);
      if (name !== undefined && !isObj(before) && !isObj(after)) {
        out.value({ name: `${capital(name)} van ${owner}`, setting: key !== 'description' && key !== 'pattern' }, before, after, pos, field);
      } else out.generic(delta, before, after, pos, field);
    }
  }
}
