/**
 * The hint and the message under a field's label, as every form control of the portal shows them:
 * the hint as the field's description, the message with a hidden 'Fout: ' before it. One place for
 * the markup and for the `aria-describedby` list that ties both to the control.
 */
export interface FieldTextsProps {
  hint?: string;
  hintId: string;
  error?: string;
  errorId: string;
  /** The hidden prefix of the message (default 'Fout: '). */
  errorPrefix?: string;
  /** Announce the message at once (a form's own check), not only when the field is read. */
  alert?: boolean;
}

export function FieldTexts({ hint, hintId, error, errorId, errorPrefix = 'Fout: ', alert = false }: FieldTextsProps) {
  return (
    <>
      {hint && (
        <div className="utrecht-form-field__description" id={hintId}>
          {hint}
        </div>
      )}
      {error ? (
        <div className="utrecht-form-field-error-message" id={errorId} role={alert ? 'alert' : undefined}>
          <span className="visually-hidden">{errorPrefix}</span>
          {error}
        </div>
      ) : null}
    </>
  );
}

/** The ids for `aria-describedby`: the message first, then the hint; undefined when there is neither. */
export function describedBy({ hint, hintId, error, errorId }: Pick<FieldTextsProps, 'hint' | 'hintId' | 'error' | 'errorId'>): string | undefined {
  return [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
}
