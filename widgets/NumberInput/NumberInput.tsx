// Number typed as text (NL Design System Textbox). Exists because <input type="number"> hides
// mistakes (scroll wheel, silent 'e', no decimal comma) and is hard to use: GOV.UK and NL guidance
// ask for a text field with a numeric keyboard. A Dutch decimal comma is accepted; anything that is
// not a plain number is passed on as text, so the schema validation can say what is wrong.
import { useState, type ChangeEvent, type FocusEvent, type HTMLAttributes } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Textbox } from '@utrecht/textbox-react';
import type { Lang } from '../../renderer/core/i18n';
import { textboxState, useControlAria } from '../shared/aria';
import { useTyping } from '../shared/typing';
import { useT } from '../shared/useT';
import { orEmpty } from '../shared/emptyValue';
import { hasSuggestions, Suggestions, suggestionsId } from '../shared/suggestions';

type InputMode = HTMLAttributes<HTMLInputElement>['inputMode'];

/** A plain number: optional sign, digits with one decimal point or comma ('1,5', '-2', ',5', '1,'). */
const PLAIN_NUMBER = /^[-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/** '1.000', '12.500': in Dutch a thousand and twelve thousand five hundred, elsewhere one and twelve and a half. */
const THOUSANDS_LOOKALIKE = /^[-+]?\d{1,3}\.\d{3}$/;

/**
 * Converts typed text to the form value: undefined when empty (or only spaces), a number when the
 * text is a plain number ('1,5' and '1.5' give 1.5), else the text itself — also for '1.000',
 * which a Dutch reader means as a thousand: rather a message than a silent 1.
 */
export function parseNumber(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!PLAIN_NUMBER.test(trimmed) || THOUSANDS_LOOKALIKE.test(trimmed)) return text;
  const number = Number(trimmed.replace(',', '.'));
  return Number.isFinite(number) ? number : text;
}

/** `String(number)` without exponent notation: 1e-7 becomes '0.0000001', so it parses back. */
function plainDecimal(number: number): string {
  const text = String(number);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = '', exponent] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A number in the page's notation, without thousands separators: nl '1,5', en '1.5'. */
export function formatNumber(number: number, lang: Lang): string {
  const text = plainDecimal(number);
  return lang === 'nl' ? text.replace('.', ',') : text;
}

function numericType(schemaType: unknown): 'number' | 'integer' {
  const types = Array.isArray(schemaType) ? schemaType : [schemaType];
  return types.includes('integer') ? 'integer' : 'number';
}

/**
 * rjsf widget for a number or integer. Shows a number in the page's notation, keeps what the user
 * types while typing, trims on blur. Options: `autocomplete`, `inputMode` (default 'decimal' for a
 * number, 'numeric' for an integer). The field's `examples` are suggestions in the page's notation (a datalist).
 */
export function NumberInput(props: WidgetProps) {
  const { id, htmlName, value, required, placeholder, options, schema, rawErrors } = props;
  const { onChange, onBlur, onFocus, registry } = props;
  const { tx, lang } = useT(registry);
  // What the user typed, shown as long as it still means the value ('1,' stays '1,', not '1').
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const typing = useTyping(registry, id);

  let display = typeof value === 'number' ? formatNumber(value, lang) : value === undefined || value === null ? '' : String(value);
  if (typed !== undefined && parseNumber(typed) === value) display = typed;
  display = typing.shown(display);

  const defaultInputMode: InputMode = numericType(schema.type) === 'integer' ? 'numeric' : 'decimal';
  const inputMode = (typeof options.inputMode === 'string' ? options.inputMode : defaultInputMode) as InputMode;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    setTyped(text);
    typing.type(text, () => onChange(orEmpty(parseNumber(text), options)));
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    typing.settle();
    const next = orEmpty(parseNumber(event.target.value.trim()), options);
    // From now on a number is shown in the page's notation again.
    setTyped(undefined);
    if (next !== value) onChange(next);
    onBlur(id, next);
  };

  const aria = useControlAria({ id, rawErrors, required });
  const suggestions = hasSuggestions(schema);
  return (
    <>
      <Textbox
        id={id}
        name={htmlName || id}
        type="text"
        value={display}
        inputMode={inputMode}
        autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
        placeholder={placeholder ? tx(placeholder) : undefined}
        {...textboxState(props, aria)}
        onChange={handleChange}
        onBlur={handleBlur}
        onFocus={(event) => onFocus(id, parseNumber(event.target.value))}
        list={suggestions ? suggestionsId(id) : undefined}
      />
      {suggestions ? <Suggestions id={id} schema={schema} lang={lang} /> : null}
    </>
  );
}
