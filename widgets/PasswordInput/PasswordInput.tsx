// Password field with a 'show password' button (the GOV.UK password input pattern). Exists so a
// password is never trimmed or changed, and the user can check what they typed; a polite status
// tells screen reader users whether the password is now shown or hidden.
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Button } from '@utrecht/button-react';
import { Textbox } from '@utrecht/textbox-react';
import { textboxState, useControlAria } from '../shared/aria';
import { useTyping } from '../shared/typing';
import { useT } from '../shared/useT';
import { orEmpty } from '../shared/emptyValue';
import '../shared/shared.css';
import './PasswordInput.css';

/** The form value of typed password text: undefined when empty, else the text exactly as typed. */
function toValue(text: string): string | undefined {
  return text === '' ? undefined : text;
}

/**
 * rjsf widget for a password: value is the text as typed (spaces kept) or undefined. A toggle
 * button switches between hidden and shown. Options: `autocomplete` (default 'off').
 */
export function PasswordInput(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, placeholder, options, rawErrors } = props;
  const { onChange, onBlur, onFocus, registry } = props;
  const { t, tx } = useT(registry);
  const typing = useTyping(registry, id);
  const display = typing.shown(typeof value === 'string' ? value : '');
  const [shown, setShown] = useState(false);
  // Empty until the first toggle, so nothing is announced when the page opens.
  const [status, setStatus] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  // Hidden again when the form is sent, so a browser never stores or shows the password as plain text.
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return undefined;
    const hide = () => setShown(false);
    form.addEventListener('submit', hide);
    return () => form.removeEventListener('submit', hide);
  }, []);

  const toggle = () => {
    const next = !shown;
    setShown(next);
    setStatus(t(next ? 'widget.password.shown' : 'widget.password.hidden'));
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    typing.type(text, () => onChange(orEmpty(toValue(text), options)));
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    typing.settle();
    onBlur(id, orEmpty(toValue(event.target.value), options));
  };

  const aria = useControlAria({ id, rawErrors, required });
  return (
    <div className="widget-password-input">
      <Textbox
        ref={inputRef}
        id={id}
        name={htmlName || id}
        type={shown ? 'text' : 'password'}
        className="widget-password-input__input"
        value={display}
        autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : 'off'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder={placeholder ? tx(placeholder) : undefined}
        {...textboxState(props, aria)}
        onChange={handleChange}
        onBlur={handleBlur}
        onFocus={(event) => onFocus(id, toValue(event.target.value))}
      />
      <Button appearance="subtle-button" type="button" className="widget-password-input__toggle" aria-controls={id} disabled={disabled} onClick={toggle}>
        {t(shown ? 'widget.password.hide' : 'widget.password.show')}
      </Button>
      <p className="widget-visually-hidden visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
