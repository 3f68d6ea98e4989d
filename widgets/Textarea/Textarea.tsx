// Multi-line text with a character counter. Exists because the counter must stay visible while
// typing but only be announced now and then, and may go below zero ('te veel') instead of
// cutting the text off: the schema's maxLength validation shows the message.
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { describedBy, hasErrors } from '../shared/aria';
import { useT, type WidgetI18n } from '../shared/useT';
import '../shared/shared.css';
import './Textarea.css';

/** Announce the counter again after the remaining count moved this much. */
export const ANNOUNCE_STEP = 20;

/** Length as JSON Schema counts it (code points, like ajv's maxLength). */
export function textLength(text: string): number {
  return Array.from(text).length;
}

/** The counter text for `remaining` characters (negative: too many). */
export function counterText(t: WidgetI18n['t'], remaining: number): string {
  const count = Math.abs(remaining);
  const key = remaining < 0 ? 'widget.textarea.tooMany' : 'widget.textarea.remaining';
  return t(count === 1 ? `${key}.one` : key, { count });
}

/** Whether a screen reader should hear the counter now, given the last announced count. */
export function shouldAnnounce(previous: number, remaining: number): boolean {
  if (previous === remaining) return false;
  const crossedZero = (previous < 0) !== (remaining < 0);
  return crossedZero || remaining === 0 || Math.abs(remaining - previous) >= ANNOUNCE_STEP;
}

/** rjsf widget for long text. Options: `rows` (default 5). `schema.maxLength` drives the counter. */
export function Textarea(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, options, schema, rawErrors } = props;
  const { onChange, onBlur, onFocus, registry } = props;
  const { t, tx } = useT(registry);
  const text = typeof value === 'string' ? value : '';
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const remaining = maxLength === undefined ? undefined : maxLength - textLength(text);
  const rows = typeof options.rows === 'number' ? options.rows : 5;
  const counterId = `${id}__counter`;

  const [announcement, setAnnouncement] = useState('');
  const lastAnnounced = useRef(remaining);
  useEffect(() => {
    if (remaining === undefined) return;
    if (lastAnnounced.current === undefined) {
      lastAnnounced.current = remaining;
      return;
    }
    if (shouldAnnounce(lastAnnounced.current, remaining)) {
      lastAnnounced.current = remaining;
      setAnnouncement(counterText(t, remaining));
    }
  }, [remaining, t]);

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value === '' ? undefined : event.target.value);
  const handleBlur = (event: FocusEvent<HTMLTextAreaElement>) => {
    const trimmed = event.target.value.trim();
    const next = trimmed === '' ? undefined : trimmed;
    if (next !== value) onChange(next);
    onBlur(id, next);
  };

  const invalid = hasErrors(rawErrors);
  const classes = ['utrecht-textarea', 'utrecht-textarea--html-textarea', invalid && 'utrecht-textarea--invalid', disabled && 'utrecht-textarea--disabled', readonly && 'utrecht-textarea--read-only'];
  return (
    <div className="widget-textarea">
      <textarea
        id={id}
        name={htmlName || id}
        className={classes.filter(Boolean).join(' ')}
        rows={rows}
        value={text}
        placeholder={placeholder ? tx(placeholder) : undefined}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, remaining !== undefined && counterId)}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        onChange={handleChange}
        onBlur={handleBlur}
        onFocus={(event) => onFocus(id, event.target.value || undefined)}
      />
      {remaining !== undefined && (
        <>
          <p id={counterId} className={`utrecht-form-field-description widget-textarea__counter${remaining < 0 ? ' widget-textarea__counter--error' : ''}`}>
            {counterText(t, remaining)}
          </p>
          <p className="widget-visually-hidden" aria-live="polite" data-testid={`${id}__counter-live`}>
            {announcement}
          </p>
        </>
      )}
    </div>
  );
}
