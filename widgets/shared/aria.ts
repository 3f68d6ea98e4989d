// One place for the aria attributes every data widget sets. Inside the renderer, the field's frame
// (FieldTemplate) says which of its description, hint and message elements exist and whether the
// field is invalid or required, so a control names only elements that are there and is marked
// invalid exactly when its message shows. Outside a frame (a widget on its own), rjsf's ids and
// errors are used.
import { ariaDescribedByIds } from '@rjsf/utils';
import { createContext, useContext, type InputHTMLAttributes } from 'react';

/** What a field's frame tells its control. */
export interface FieldAria {
  /** Ids of the frame's elements that describe the control (message first), all present in the page. */
  describedBy: string[];
  invalid: boolean;
  required: boolean;
  /** Id of the group's legend, for a control that is a group itself (a radio group). */
  labelledBy?: string;
}

export const FieldAriaContext = createContext<FieldAria | undefined>(undefined);

/**
 * The label of the one control an item of a list of values shows ('Telefoonnummer 2'), given by the
 * item around it to the field's frame, so each item's control is named by its place in the list.
 */
export const ItemLabelContext = createContext<string | undefined>(undefined);

/** `aria-describedby` value: the template's error, description and help ids plus any extra ids of the widget. */
export function describedBy(id: string, ...extra: (string | undefined | false)[]): string {
  return [ariaDescribedByIds(id), ...extra.filter(Boolean)].join(' ');
}

/** True when rjsf reported errors for the field (drives `aria-invalid` and the invalid styles). */
export function hasErrors(rawErrors: string[] | undefined): boolean {
  return Boolean(rawErrors?.length);
}

export interface ControlAria {
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  invalid: boolean;
  required: boolean;
  labelledBy?: string;
}

/** The aria attributes of a control: from its frame when it has one, else from rjsf's props. */
export function useControlAria(props: { id: string; rawErrors?: string[]; required?: boolean }, ...extra: (string | undefined | false)[]): ControlAria {
  const field = useContext(FieldAriaContext);
  const own = extra.filter((value): value is string => Boolean(value));
  if (!field) {
    const invalid = hasErrors(props.rawErrors);
    return { 'aria-describedby': describedBy(props.id, ...own), ...(invalid ? { 'aria-invalid': true } : {}), invalid, required: Boolean(props.required) };
  }
  const ids = [...field.describedBy, ...own];
  return {
    ...(ids.length > 0 ? { 'aria-describedby': ids.join(' ') } : {}),
    ...(field.invalid ? { 'aria-invalid': true } : {}),
    invalid: field.invalid,
    required: field.required || Boolean(props.required),
    ...(field.labelledBy ? { labelledBy: field.labelledBy } : {}),
  };
}

/**
 * What a text-like control takes from rjsf's props and its frame, as the NL Design System textbox
 * wants it: required, disabled, read-only, autofocus, invalid and what describes it.
 */
export function textboxState(props: { disabled?: boolean; readonly?: boolean; autofocus?: boolean }, aria: ControlAria) {
  return {
    required: aria.required,
    disabled: props.disabled,
    readOnly: props.readonly,
    autoFocus: props.autofocus,
    invalid: aria.invalid,
    'aria-describedby': aria['aria-describedby'],
  };
}

/**
 * The attributes the NL Design System textbox (`Textbox` of `@utrecht/textbox-react`) puts on its
 * `<input>`, for a control that renders the input itself: the text field, most of the fields of a
 * long step, is then one component and one element. The same markup as `Textbox` (a test compares).
 */
export function textboxAttributes(state: ReturnType<typeof textboxState>): InputHTMLAttributes<HTMLInputElement> {
  const { required, disabled, readOnly, autoFocus, invalid } = state;
  let className = 'utrecht-textbox utrecht-textbox--html-input';
  if (disabled) className += ' utrecht-textbox--disabled';
  if (invalid) className += ' utrecht-textbox--invalid';
  if (readOnly) className += ' utrecht-textbox--readonly';
  if (required) className += ' utrecht-textbox--required';
  return {
    className,
    dir: 'auto',
    disabled,
    readOnly,
    autoFocus,
    'aria-required': required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': state['aria-describedby'],
  };
}
