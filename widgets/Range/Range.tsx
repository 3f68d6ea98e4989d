// Slider for a number within limits (native <input type="range">, so arrows, Home and End work).
// Exists so the chosen value is always visible and spoken in the page's notation, and a field that
// has no value yet says so instead of pretending the thumb's position was chosen.
import type { ChangeEvent, KeyboardEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { formatNumber } from '../NumberInput';
import { useControlAria } from '../shared/aria';
import { useT } from '../shared/useT';
import './Range.css';

/** Keys that move (or try to move) a range's thumb. */
const MOVE_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/**
 * rjsf widget for a number or integer as a slider: min = `schema.minimum` ?? 0, max =
 * `schema.maximum` ?? 100, step = `schema.multipleOf` ?? 1. Reports a number; the `<output>`
 * (`${id}__value`) shows it, or that nothing was chosen yet.
 */
export function Range(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, schema, rawErrors, registry } = props;
  const { onChange, onBlur, onFocus } = props;
  const { t, lang } = useT(registry);
  const min = numberOr(schema.minimum, 0);
  const max = numberOr(schema.maximum, 100);
  const step = numberOr(schema.multipleOf, 1);
  const chosen = typeof value === 'number' ? value : undefined;
  const text = chosen === undefined ? t('widget.range.noValue') : formatNumber(chosen, lang);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (!readonly) onChange(Number(event.target.value));
  };
  // Without a value the thumb rests at the minimum; a key or click there fires no change event,
  // but it is a choice all the same.
  const chooseShown = (input: HTMLInputElement) => {
    if (chosen === undefined && !readonly) onChange(Number(input.value));
  };

  const aria = useControlAria({ id, rawErrors, required });
  return (
    <div className="widget-range__field">
      <span className="widget-range__limit" aria-hidden="true">
        {formatNumber(min, lang)}
      </span>
      {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- ARIA 1.2 allows aria-required on a slider (axe's standards list it); jsx-a11y's table predates that */}
      <input
        id={id}
        name={htmlName || id}
        type="range"
        className={`widget-range${aria.invalid ? ' widget-range--invalid' : ''}`}
        min={min}
        max={max}
        step={step}
        value={String(chosen ?? min)}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-valuetext={text}
        aria-required={aria.required || undefined}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        onChange={handleChange}
        onKeyUp={(event: KeyboardEvent<HTMLInputElement>) => {
          if (MOVE_KEYS.has(event.key)) chooseShown(event.currentTarget);
        }}
        onPointerUp={(event) => chooseShown(event.currentTarget)}
        onBlur={() => onBlur(id, chosen)}
        onFocus={() => onFocus(id, chosen)}
      />
      <span className="widget-range__limit" aria-hidden="true">
        {formatNumber(max, lang)}
      </span>
      <output id={`${id}__value`} htmlFor={id} aria-live="polite" className="widget-range__value">
        {text}
      </output>
    </div>
  );
}
