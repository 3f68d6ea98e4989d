/**
 * The structured view of a draft: per step (a tab each) every field with what administrators change
 * most — label, help text, required or not with its own message, lengths — without reading JSON.
 * It edits the same text as the source view; the pipeline's findings are shown at the field they
 * concern (by JSON pointer), the others above the tabs.
 */
import { useId } from 'react';
import { Tabs } from '../../app/components/Tabs';
import type { Finding } from '../api';
import { readSteps, setField, setRequired, type FieldSetting, type FieldSummary } from './documentEdits';

export interface StructuredEditorProps {
  document: string;
  onChange: (document: string) => void;
  findings: Finding[];
  readOnly: boolean;
}

const belongsTo = (finding: Finding, field: FieldSummary) =>
  finding.text === 'document' && finding.pointer !== null && field.pointers.some((pointer) => finding.pointer === pointer || finding.pointer!.startsWith(`${pointer}/`));

function FieldEditor({ field, findings, document, onChange, readOnly }: { field: FieldSummary; findings: Finding[]; document: string; onChange: (text: string) => void; readOnly: boolean }) {
  const id = useId();
  const errorsId = `${id}-fouten`;
  const set = (setting: FieldSetting, value: string | number | undefined) => onChange(setField(document, field.step, field.key, setting, value));
  const lengthOf = (value: string) => (value.trim() === '' || !/^-?\d+$/.test(value.trim()) ? (value.trim() === '' ? undefined : value) : Number(value));
  const label = field.title ?? field.key;
  const own = findings.filter((finding) => belongsTo(finding, field));
  const described = own.length > 0 ? errorsId : undefined;
  return (
    <fieldset className="utrecht-form-fieldset beheer-field" aria-describedby={described}>
      <legend className="utrecht-form-fieldset__legend beheer-field__legend">
        {label} <code className="beheer-pointer">{field.key}</code>
      </legend>
      {own.length > 0 && (
        <ul className="beheer-field__findings" id={errorsId}>
          {own.map((finding, index) => (
            <li key={index} className="utrecht-form-field-error-message">
              <span className="visually-hidden">Fout: </span>
              {finding.message}
            </li>
          ))}
        </ul>
      )}
      <div className="beheer-field__grid">
        <label className="utrecht-form-label" htmlFor={`${id}-label`}>
          Label
        </label>
        <input id={`${id}-label`} className="utrecht-textbox utrecht-textbox--html-input" value={field.title ?? ''} readOnly={readOnly} onChange={(event) => set('title', event.target.value)} />
        <label className="utrecht-form-label" htmlFor={`${id}-help`}>
          Helptekst
        </label>
        <input id={`${id}-help`} className="utrecht-textbox utrecht-textbox--html-input" value={field.help ?? ''} readOnly={readOnly} onChange={(event) => set('help', event.target.value)} />
        <span />
        <div className="utrecht-form-field utrecht-form-field--checkbox">
          <input
            id={`${id}-required`}
            type="checkbox"
            className="utrecht-checkbox utrecht-checkbox--html-input"
            checked={field.required}
            disabled={readOnly}
            onChange={(event) => onChange(setRequired(document, field.step, field.key, event.target.checked))}
          />{' '}
          <label className="utrecht-form-label utrecht-form-label--checkbox" htmlFor={`${id}-required`}>
            Verplicht
          </label>
        </div>
        {field.required && (
          <>
            <label className="utrecht-form-label" htmlFor={`${id}-required-message`}>
              Melding als het veld niet is ingevuld
            </label>
            <input
              id={`${id}-required-message`}
              className="utrecht-textbox utrecht-textbox--html-input"
              value={field.requiredMessage ?? ''}
              placeholder={`Het veld '${label}' is niet ingevuld.`}
              readOnly={readOnly}
              onChange={(event) => set('requiredMessage', event.target.value)}
            />
          </>
        )}
        {field.text && (
          <>
            <label className="utrecht-form-label" htmlFor={`${id}-min`}>
              Minimale lengte
            </label>
            <input id={`${id}-min`} className="utrecht-textbox utrecht-textbox--html-input beheer-number" inputMode="numeric" value={field.minLength ?? ''} readOnly={readOnly} onChange={(event) => set('minLength', lengthOf(event.target.value))} />
            <label className="utrecht-form-label" htmlFor={`${id}-max`}>
              Maximale lengte
            </label>
            <input id={`${id}-max`} className="utrecht-textbox utrecht-textbox--html-input beheer-number" inputMode="numeric" value={field.maxLength ?? ''} readOnly={readOnly} onChange={(event) => set('maxLength', lengthOf(event.target.value))} />
          </>
        )}
      </div>
    </fieldset>
  );
}

export function StructuredEditor({ document, onChange, findings, readOnly }: StructuredEditorProps) {
  const read = readSteps(document);
  if ('problem' in read) {
    return (
      <p className="utrecht-paragraph">
        {`De broncode is geen geldige JSON (${read.problem}). Herstel die eerst in de broncode; daarna zijn de velden hier weer te bewerken.`}
      </p>
    );
  }
  return (
    <Tabs
      label="Stappen"
      headingLevel={4}
      tabs={read.steps.map((step) => ({
        id: step.id,
        title: step.title,
        heading: `Velden van de stap '${step.title}'`,
        content: (
          <div className="beheer-fields">
            {step.fields.map((field) => (
              <FieldEditor key={field.key} field={field} findings={findings} document={document} onChange={onChange} readOnly={readOnly} />
            ))}
          </div>
        ),
      }))}
    />
  );
}
