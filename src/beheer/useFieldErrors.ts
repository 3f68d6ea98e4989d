/**
 * The messages of a form's fields, shown at each field, with the focus moved to the first field (in
 * the form's order) that has one — as the portal's forms do after 'Verzenden'.
 */
import { useRef, useState, type RefObject } from 'react';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FieldErrorsState<F extends string> {
  errors: FieldErrors<F>;
  /** One ref per field, for its input. */
  refs: Record<F, RefObject<HTMLInputElement | null>>;
  /** Shows `found` (and nothing else); true when there was a message, the first field then has the focus. */
  show: (found: FieldErrors<F>) => boolean;
}

export function useFieldErrors<F extends string>(order: readonly F[]): FieldErrorsState<F> {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  // One ref object per field for the form's lifetime (the order of a form does not change).
  const refs = useRef(Object.fromEntries(order.map((field) => [field, { current: null }])) as Record<F, RefObject<HTMLInputElement | null>>).current;
  const show = (found: FieldErrors<F>) => {
    setErrors(found);
    const first = order.find((field) => found[field]);
    if (first) refs[first].current?.focus();
    return first !== undefined;
  };
  return { errors, refs, show };
}
