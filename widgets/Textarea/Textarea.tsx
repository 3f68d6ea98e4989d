// Multi-line text with a character counter. Exists because the counter must stay visible while
// typing but only be announced now and then, and may go below zero ('te veel') instead of
// cutting the text off: the schema's maxLength validation shows the message.
import type { ChangeEvent, FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useControlAria } from '../shared/aria';
import { useTyping } from '../shared/typing';
import { useT } from '../shared/useT';
import { orEmpty } from '../shared/emptyValue';
import { CharacterCounter, textLength } from './CharacterCounter';
import '../shared/shared.css';
import './Textarea.css';

/** rjsf widget for long text. Options: `rows` (default 5), `autocomplete`. `schema.maxLength` drives the counter. */
export function Textarea(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, options, schema, rawErrors } = props;
  const { onChange, onBlur, onFocus, registry } = props;
  const { t, tx } = useT(registry);
  const typing = useTyping(registry, id);
  const text = typing.shown(typeof value === 'string' ? value : '');
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const remaining = maxLength === undefined ? undefined : maxLength - textLength(text);
  const rows = typeof options.rows === 'number' ? options.rows : 5;
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : undefined;
  const counterId = `${id}__counter`;

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const typed = event.target.value;
    typing.type(typed, () => onChange(orEmpty(typed === '' ? undefined : typed, options)));
  };
  const handleBlur = (event: FocusEvent<HTMLTextAreaElement>) => {
    typing.settle();
    const trimmed = event.target.value.trim();
    const next = orEmpty(trimmed === '' ? undefined : trimmed, options);
    if (next !== value) onChange(next);
    onBlur(id, next);
  };

  const aria = useControlAria({ id, rawErrors, required }, remaining !== undefined && counterId);
  const invalid = aria.invalid;
  const classes = [
    'utrecht-textarea',
    'utrecht-textarea--html-textarea',
    invalid && 'utrecht-textarea--invalid',
    disabled && 'utrecht-textarea--disabled',
    readonly && 'utrecht-textarea--read-only',
  ];
  return (
    <div className="widget-textarea">
      <textarea
        id={id}
        name={htmlName || id}
        className={classes.filter(Boolean).join(' ')}
        rows={rows}
        autoComplete={autoComplete}
        value={text}
        placeholder={placeholder ? tx(placeholder) : undefined}
        aria-required={aria.required || undefined}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        onChange={handleChange}
        onBlur={handleBlur}
        onFocus={(event) => onFocus(id, event.target.value || undefined)}
      />
      {remaining !== undefined && <CharacterCounter id={counterId} remaining={remaining} t={t} />}
    </div>
  );
}
