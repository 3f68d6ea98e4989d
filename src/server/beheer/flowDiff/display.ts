/** How a step shows its fields (its uiSchema): help texts, input elements, placeholders, order and display options. */
import { fieldLabel, fieldRemoved, type StepContext } from './context';
import { changedKeys, childDelta, diff } from './delta';
import { quote, show } from './format';
import { sub, type Pos } from './location';
import type { Sentences } from './sentences';
import { get, isObj, join, nameOf, text } from './values';
import { DISPLAY_NAMES, DISPLAY_OPTION_NAMES, HELP_TEXT_LABEL_NAME } from './vocabulary';

/** The uiSchema of a step, or of a field within it (`path`), key by key. */
export function describeDisplay(out: Sentences, delta: unknown, before: unknown, after: unknown, pos: Pos, step: StepContext, path: string): void {
  for (const key of changedKeys(delta, before, after)) {
    const [old, now, at, d] = [get(before, key), get(after, key), sub(pos, key), childDelta(delta, key, before, after)];
    if (key.startsWith('ui:')) {
      if (now === undefined && path && fieldRemoved(step, path)) continue;
      uiSetting(out, key, d, old, now, at, step, path);
    } else if (isObj(old) || isObj(now)) {
      // `items` holds the display of a repeating group's fields (they have no index in a path).
      describeDisplay(out, d ?? diff(old, now), old, now, at, step, key === 'items' ? path : join(path, key));
    } else out.generic(d, old, now, at, path || undefined);
  }
}

/** One ui: setting of a field, or of the step when `path` is empty. */
function uiSetting(out: Sentences, key: string, delta: unknown, before: unknown, after: unknown, pos: Pos, step: StepContext, path: string): void {
  const owner = path ? `veld ${quote(fieldLabel(step, path))}` : `stap ${quote(step.name)}`;
  const field = path || undefined;
  const subject = `${nameOf(DISPLAY_NAMES, key) ?? `Weergave-instelling ${quote(key)} van`} ${owner}`;
  switch (key) {
    case 'ui:help':
    case 'ui:description':
    case 'ui:placeholder':
    case 'ui:title':
      out.value({ name: subject }, before, after, pos, field);
      return;
    case 'ui:widget':
    case 'ui:enumNames':
    case 'ui:order':
      out.value({ name: subject, setting: true }, before, after, pos, field);
      return;
    case 'ui:helpText':
      // An expandable help text: { label, text }.
      if (isObj(before) && isObj(after)) {
        for (const part of changedKeys(delta ?? diff(before, after), before, after)) {
          const name = part === 'label' ? `${HELP_TEXT_LABEL_NAME} ${owner}` : part === 'text' ? subject : `${subject} (${part})`;
          out.value({ name }, get(before, part), get(after, part), sub(pos, part), field);
        }
      } else {
        const words = (help: unknown) => (isObj(help) ? quote(text(help.label) ?? text(help.text) ?? '') : show(help));
        out.value({ name: subject, format: words }, before, after, pos, field);
      }
      return;
    case 'ui:options': {
      for (const option of changedKeys(delta ?? diff(before, after), before, after)) {
        const [old, now, name] = [get(before, option), get(after, option), nameOf(DISPLAY_OPTION_NAMES, option)];
        if (now === undefined && path && fieldRemoved(step, path)) continue;
        out.value({ name: `${name ?? `Weergave-optie ${quote(option)} van`} ${owner}`, setting: name === undefined }, old, now, sub(pos, option), field);
      }
      return;
    }
    default:
      out.value({ name: subject, setting: true }, before, after, pos, field);
  }
}
