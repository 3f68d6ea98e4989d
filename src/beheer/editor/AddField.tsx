/**
 * Adding a field to a step from the shared field definitions (schemas/velden): choose the kind of
 * field with the typeahead, give it a label, required or not. Its name in the data is made from the
 * label and shown before it is added.
 */
import { useId, useState } from 'react';
import { Button } from '@utrecht/button-react';
import { Typeahead, type TypeaheadItem } from '../components/Typeahead';
import type { BuildingBlocks } from '../../shared/beheer';
import { fieldKeyFrom } from './documentEdits';

export interface AddFieldProps {
  /** Names where the field goes, e.g. "Veld toevoegen aan 'Uw gegevens'". */
  legend: string;
  /** The property names the step has already. */
  taken: string[];
  blocks: BuildingBlocks;
  onAdd: (key: string, field: { ref: string; title: string; required: boolean }) => void;
}

export function AddField({ legend, taken, blocks, onAdd }: AddFieldProps) {
  const ids = { label: useId(), labelError: useId(), required: useId(), kindError: useId() };
  const [kind, setKind] = useState<TypeaheadItem>();
  const [label, setLabel] = useState('');
  const [required, setRequired] = useState(false);
  const [errors, setErrors] = useState<{ kind?: string; label?: string }>({});
  const items = blocks.velden.map((definition) => ({ id: definition.id, label: definition.title }));
  const key = label.trim() ? fieldKeyFrom(label, taken) : '';

  const add = () => {
    const next = {
      ...(kind ? {} : { kind: "Het veld 'Soort veld' is niet ingevuld." }),
      ...(label.trim() ? {} : { label: "Het veld 'Label van het nieuwe veld' is niet ingevuld." }),
    };
    setErrors(next);
    if (!kind || !label.trim()) return;
    onAdd(key, { ref: kind.id, title: label.trim(), required });
    setKind(undefined);
    setLabel('');
    setRequired(false);
  };

  return (
    <fieldset className="utrecht-form-fieldset beheer-field beheer-add-field">
      <legend className="utrecht-form-fieldset__legend beheer-field__legend">{legend}</legend>
      <div className="beheer-field__grid">
        <span />
        <div>
          {errors.kind && (
            <p className="utrecht-form-field-error-message" id={ids.kindError}>
              {errors.kind}
            </p>
          )}
          <Typeahead
            label="Soort veld"
            hint="Bijvoorbeeld E-mailadres of Postcode: een gedeelde velddefinitie met zijn eigen controles."
            items={items}
            value={kind}
            onChange={setKind}
          />
        </div>
        <label className="utrecht-form-label" htmlFor={ids.label}>
          Label van het nieuwe veld
        </label>
        <div>
          {errors.label && (
            <p className="utrecht-form-field-error-message" id={ids.labelError}>
              {errors.label}
            </p>
          )}
          <input
            id={ids.label}
            className="utrecht-textbox utrecht-textbox--html-input"
            value={label}
            aria-invalid={errors.label ? true : undefined}
            aria-describedby={errors.label ? ids.labelError : undefined}
            onChange={(event) => setLabel(event.target.value)}
          />
        </div>
        <span />
        <div className="utrecht-form-field utrecht-form-field--checkbox">
          <input
            id={ids.required}
            type="checkbox"
            className="utrecht-checkbox utrecht-checkbox--html-input"
            checked={required}
            onChange={(event) => setRequired(event.target.checked)}
          />{' '}
          <label className="utrecht-form-label utrecht-form-label--checkbox" htmlFor={ids.required}>
            Verplicht
          </label>
        </div>
        <span />
        <div>
          <Button appearance="secondary-action-button" onClick={add}>
            Veld toevoegen
          </Button>
        </div>
      </div>
    </fieldset>
  );
}
