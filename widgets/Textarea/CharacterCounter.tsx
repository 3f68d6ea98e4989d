// The Textarea's character counter on its own, so other long-text inputs (the feedback comment)
// count and announce the same way: always visible, announced politely only now and then, and
// allowed below zero ('te veel') instead of cutting the text off.
import { useEffect, useRef, useState } from 'react';
import type { WidgetI18n } from '../shared/useT';
import '../shared/shared.css';
import './Textarea.css';

/** Announce the counter again after the remaining count moved this much. */
export const ANNOUNCE_STEP = 20;

export { textLength } from '../../renderer/core/textLength';

/** The counter text for `remaining` characters (negative: too many). */
export function counterText(t: WidgetI18n['t'], remaining: number): string {
  const count = Math.abs(remaining);
  const key = remaining < 0 ? 'widget.textarea.tooMany' : 'widget.textarea.remaining';
  return t(count === 1 ? `${key}.one` : key, { count });
}

/** Whether a screen reader should hear the counter now, given the last announced count. */
export function shouldAnnounce(previous: number, remaining: number): boolean {
  if (previous === remaining) return false;
  const crossedZero = previous < 0 !== remaining < 0;
  return crossedZero || remaining === 0 || Math.abs(remaining - previous) >= ANNOUNCE_STEP;
}

export interface CharacterCounterProps {
  /** Id of the visible counter (for the input's aria-describedby); the live region gets `${id}-live` as test id. */
  id: string;
  remaining: number;
  t: WidgetI18n['t'];
}

/** The visible counter below a text input plus its polite live region. */
export function CharacterCounter({ id, remaining, t }: CharacterCounterProps) {
  const [announcement, setAnnouncement] = useState('');
  const lastAnnounced = useRef(remaining);
  useEffect(() => {
    if (shouldAnnounce(lastAnnounced.current, remaining)) {
      lastAnnounced.current = remaining;
      setAnnouncement(counterText(t, remaining));
    }
  }, [remaining, t]);

  return (
    <>
      <p id={id} className={`utrecht-form-field-description widget-textarea__counter${remaining < 0 ? ' widget-textarea__counter--error' : ''}`}>
        {counterText(t, remaining)}
      </p>
      <p className="widget-visually-hidden" aria-live="polite" data-testid={`${id}-live`}>
        {announcement}
      </p>
    </>
  );
}
