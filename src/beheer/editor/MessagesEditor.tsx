/**
 * The field's own messages in the structured editor: per check the field has (required, a
 * length, a format, ...) a message of the step's own, or none for the portal's standard message,
 * which is shown as the hint. Changes are written into the flow document's text by fieldEdits.ts.
 */
import { useId } from 'react';
import { TableHead } from '../pages/TableHead';
import { keywordsOf, readMessages, setMessage, standardMessage, type SharedFields } from './fieldEdits';

export interface MessagesEditorProps {
  /** The field's label, as the form shows it (it fills `{label}` in the standard messages). */
  label: string;
  /** The flow document's text. */
  text: string;
  /** Position of the step in `steps`. */
  step: number;
  /** The field's key in the step's `properties` (a dotted path for a field of a group). */
  fieldKey: string;
  /** Shared field definitions by `$id`, for the checks of a field that refers to one. */
  sharedFields?: Record<string, object>;
  onChange(text: string): void;
  readOnly: boolean;
}

/** What each check is called in the editor. */
const CHECK_NAMES: Record<string, string> = {
  required: 'Niet ingevuld',
  minLength: 'Te kort',
  maxLength: 'Te lang',
  pattern: 'Verkeerd formaat',
  format: 'Verkeerd formaat',
  minimum: 'Te laag',
  exclusiveMinimum: 'Te laag',
  maximum: 'Te hoog',
  exclusiveMaximum: 'Te hoog',
  multipleOf: 'Geen veelvoud',
  minItems: 'Te weinig gekozen',
  maxItems: 'Te veel gekozen',
  enum: 'Geen geldige keuze',
};

/** The check a message key is for: itself, or the check of a special case ('format.datum.future' is a 'format'). */
const checkOf = (keyword: string) => (CHECK_NAMES[keyword] ? keyword : keyword.split('.')[0]);

/** The names of the rows; two checks with the same name get their keyword added. */
function rowNames(keywords: string[]): string[] {
  const names = keywords.map(
    (keyword) => CHECK_NAMES[keyword] ?? (CHECK_NAMES[checkOf(keyword)] ? `${CHECK_NAMES[checkOf(keyword)]} (${keyword})` : `Melding ‘${keyword}’`),
  );
  return names.map((name, index) => (names.indexOf(name) !== names.lastIndexOf(name) ? `${name} (${keywords[index]})` : name));
}

export function MessagesEditor({ label, text, step, fieldKey, sharedFields, onChange, readOnly }: MessagesEditorProps) {
  const id = useId();
  const shared = sharedFields as SharedFields | undefined;
  const used = keywordsOf(text, step, fieldKey, shared);
  const messages = readMessages(text, step, fieldKey);
  // Messages for a special case of a check come after the checks; those for checks the field no
  // longer has stay visible too, so they can be removed.
  const unused = Object.keys(messages).filter((keyword) => !(used as string[]).includes(keyword));
  const applies = (keyword: string) => (used as string[]).includes(checkOf(keyword));
  const keywords = [...used, ...unused];
  const names = rowNames(keywords);
  return (
    <fieldset className="utrecht-form-fieldset beheer-field">
      <legend className="utrecht-form-fieldset__legend beheer-field__legend">{`Meldingen van ‘${label}’`}</legend>
      <p className="utrecht-paragraph">
        Laat een melding leeg voor de standaardmelding van het portaal. Schrijf {'{label}'} waar het label van het veld moet staan.
      </p>
      {keywords.length === 0 ? (
        <p className="utrecht-paragraph">Dit veld heeft geen controles met een melding.</p>
      ) : (
        <div className="beheer-table-scroll">
          <table className="utrecht-table beheer-table">
            <TableHead caption={`Meldingen van ‘${label}’`} columns={['Controle', 'Eigen melding']} />
            <tbody className="utrecht-table__body">
              {keywords.map((keyword, index) => {
                const inputId = `${id}-${keyword}`;
                const hintId = `${inputId}-standaard`;
                const standard = standardMessage(text, step, fieldKey, checkOf(keyword), label, shared);
                return (
                  <tr key={keyword} className="utrecht-table__row">
                    <th scope="row" className="utrecht-table__header-cell beheer-table__title">
                      {names[index]}
                    </th>
                    <td className="utrecht-table__cell">
                      <label className="visually-hidden" htmlFor={inputId}>
                        {`Eigen melding bij ‘${names[index]}’`}
                      </label>
                      <input
                        id={inputId}
                        className="utrecht-textbox utrecht-textbox--html-input"
                        value={messages[keyword] ?? ''}
                        readOnly={readOnly}
                        aria-describedby={hintId}
                        onChange={(event) => onChange(setMessage(text, step, fieldKey, keyword, event.target.value))}
                      />
                      <div id={hintId} className="utrecht-form-field-description">
                        {applies(keyword)
                          ? `Standaardmelding: ${standard}`
                          : 'Dit veld heeft deze controle niet; de melding wordt niet getoond. Maak het vak leeg om haar te verwijderen.'}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </fieldset>
  );
}
