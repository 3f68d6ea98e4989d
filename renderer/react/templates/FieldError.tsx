/**
 * A field's own message under its label ('Fout: …' to a screen reader), with the id its control
 * names in `aria-describedby`; nothing without a message.
 */
import type { ReactNode } from 'react';
import type { Translate } from '../../core/i18n';

export function FieldError({ id, error, t }: { id: string; error: ReactNode; t: Translate }) {
  if (!error) return null;
  return (
    <p className="utrecht-form-field-error-message" id={`${id}__error`}>
      <span className="visually-hidden">{t('validation.errorPrefix')} </span>
      {error}
    </p>
  );
}
