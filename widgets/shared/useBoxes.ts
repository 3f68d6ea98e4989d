// The state of a widget made of several text boxes that store one value together (a date as day,
// month and year; a date and a time). The boxes show what was typed, also while it is no value yet
// ('3' for a month, not '03'); they are worked out from the value again only when the value changes
// from outside (a default filled in, the form reset). Reports go through the change queue, like a
// single text field's.
import { useRef, useState, type FocusEvent } from 'react';
import type { Registry } from '@rjsf/utils';
import { useTyping } from './typing';

export interface Boxes<T> {
  boxes: T;
  /** Shows `next` at once and reports its value after the next paint. */
  type: (next: T) => void;
  /**
   * Hands over what is still waiting and, when a box loses focus, what it shows then (`next`: a
   * padded '3' is '03') at once; answers the value of the boxes.
   */
  settle: (next: T) => unknown;
}

/**
 * `fromValue` gives the boxes of a value, `toValue` the value of boxes; `onChange` is rjsf's.
 * `id` names the field in the change queue.
 */
export function useBoxes<T>(
  props: { id: string; value: unknown; registry: Registry; onChange: (value: unknown) => void },
  fromValue: (value: unknown) => T,
  toValue: (boxes: T) => unknown,
): Boxes<T> {
  const { id, value, registry, onChange } = props;
  const typing = useTyping(registry, id);
  const [boxes, setBoxes] = useState<T>(() => fromValue(value));
  // The value last reported: when the form hands it back, the boxes already show it.
  const reported = useRef<unknown>(value);
  const [previous, setPrevious] = useState<unknown>(value);
  if (value !== previous) {
    setPrevious(value);
    if (value !== reported.current) setBoxes(fromValue(value));
  }
  return {
    boxes,
    type(next) {
      const stored = toValue(next);
      setBoxes(next);
      reported.current = stored;
      typing.type('', () => onChange(stored));
    },
    settle(next) {
      typing.settle();
      const stored = toValue(next);
      if (stored !== reported.current) {
        setBoxes(next);
        reported.current = stored;
        onChange(stored);
      } else if (next !== boxes) setBoxes(next);
      return stored;
    },
  };
}

/** Whether focus leaves the field's boxes (`.widget-boxes`) with this blur, rather than going to another of them. */
export function leavesGroup(event: FocusEvent<HTMLElement>): boolean {
  const group = event.currentTarget.closest('.widget-boxes');
  return !(group && event.relatedTarget instanceof Node && group.contains(event.relatedTarget));
}
