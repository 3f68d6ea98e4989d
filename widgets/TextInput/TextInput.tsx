// Single-line text input (NL Design System Textbox) for strings and numbers. Exists so every
// text field trims on blur, reports undefined when empty and links the template's ids.
import { useState, type ChangeEvent, type FocusEvent, type HTMLAttributes } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { textboxAttributes, textboxState, useControlAria } from '../shared/aria';
import { useTyping } from '../shared/typing';
import { useT } from '../shared/useT';
import { orEmpty } from '../shared/emptyValue';
import { hasSuggestions, Suggestions, suggestionsId } from '../shared/suggestions';

type InputMode = HTMLAttributes<HTMLInputElement>['inputMode'];

/** Input types TextInput supports through `options.inputType`. */
export type TextInputType = 'text' | 'email' | 'tel' | 'url';

function isNumeric(schemaType: unknown): 'number' | 'integer' | undefined {
  const types = Array.isArray(schemaType) ? schemaType : [schemaType];
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  return undefined;
}

/** Converts typed text to the form value: undefined when empty, a number for numeric schemas when it parses. */
export function toValue(text: string, numeric: boolean): string | number | undefined {
  if (text === '') return undefined;
  if (!numeric) return text;
  const normalised = text.trim().replace(',', '.');
  const number = normalised === '' ? Number.NaN : Number(normalised);
  // Text that is not a number stays text, so the schema validation can report it.
  return Number.isFinite(number) ? number : text;
}

function inputTypeOf(value: unknown): TextInputType {
  return value === 'email' || value === 'tel' || value === 'url' ? value : 'text';
}

/**
 * rjsf widget for a single-line text. Options: `inputType` (text | email | tel | url), `autocomplete`,
 * `inputMode`. `schema.maxLength` is deliberately not enforced: validation shows the message. The
 * field's `examples` are suggestions (a datalist, in the flow's language; numbers in the page's notation).
 */
export function TextInput(props: WidgetProps) {
  const { id, htmlName, value, required, placeholder, options, schema, rawErrors } = props;
  const { onChange, onBlur, onFocus, registry } = props;
  const { tx, lang } = useT(registry);
  const numeric = isNumeric(schema.type);
  // Keeps what the user typed for numbers, so '1,' or '1.0' do not jump to '1' while typing.
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const typing = useTyping(registry, id);

  const type = inputTypeOf(options.inputType);
  let display = value === undefined || value === null ? '' : String(value);
  if (numeric && typed !== undefined && toValue(typed, true) === value) display = typed;
  display = typing.shown(display);

  const defaultInputMode: InputMode =
    type === 'email' ? 'email' : type === 'tel' ? 'tel' : type === 'url' ? 'url' : numeric === 'integer' ? 'numeric' : numeric ? 'decimal' : undefined;
  const inputMode = (typeof options.inputMode === 'string' ? options.inputMode : defaultInputMode) as InputMode;
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : undefined;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    setTyped(text);
    typing.type(text, () => onChange(orEmpty(toValue(text, Boolean(numeric)), options)));
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    typing.settle();
    const trimmed = event.target.value.trim();
    const next = orEmpty(toValue(trimmed, Boolean(numeric)), options);
    setTyped(trimmed);
    if (trimmed !== event.target.value || next !== value) onChange(next);
    onBlur(id, next);
  };

  const aria = useControlAria({ id, rawErrors, required });
  const suggestions = hasSuggestions(schema);
  // The NL Design System textbox's markup, written here (see textboxAttributes): no component
  // between the field and its input.
  return (
    <>
      <input
        id={id}
        name={htmlName || id}
        type={type}
        value={display}
        inputMode={inputMode}
        autoComplete={autoComplete}
        placeholder={placeholder ? tx(placeholder) : undefined}
        {...textboxAttributes(textboxState(props, aria))}
        onChange={handleChange}
        onBlur={handleBlur}
        onFocus={(event) => onFocus(id, toValue(event.target.value, Boolean(numeric)))}
        list={suggestions ? suggestionsId(id) : undefined}
      />
      {suggestions ? <Suggestions id={id} schema={schema} lang={lang} /> : null}
    </>
  );
}

/** TextInput as `<input type="email">` (rjsf's EmailWidget). */
export function EmailInput(props: WidgetProps) {
  return <TextInput {...props} options={{ ...props.options, inputType: 'email' }} />;
}

/** TextInput as `<input type="url">` (rjsf's URLWidget, for `format: uri`). */
export function UrlInput(props: WidgetProps) {
  return <TextInput {...props} options={{ ...props.options, inputType: 'url' }} />;
}

/** TextInput as `<input type="tel">`. */
export function TelInput(props: WidgetProps) {
  return <TextInput {...props} options={{ ...props.options, inputType: 'tel' }} />;
}
