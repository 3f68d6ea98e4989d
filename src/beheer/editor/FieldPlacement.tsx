/**
 * A field's place in the form: one place up or down among the fields of its step (or of its
 * repeating group), or to another step in a dialog that names the step to go to. A move another
 * step cannot take (fieldMoves.ts says why) is refused in the dialog with that sentence.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@utrecht/button-react';
import { EditorDialog, DialogField } from './EditorDialog';
import type { FieldSummary, StepSummary } from './documentEdits';
import type { TextRename } from './englishMoves';
import { moveFieldToStep, moveFieldWithin } from './fieldMoves';

export interface FieldPlacementProps {
  field: FieldSummary;
  steps: StepSummary[];
  document: string;
  onChange(text: string): void;
  /** Shows the step with this id (where the field went). */
  onShowStep(id: string): void;
  /** Moves the English of the field's texts to their new keys. */
  onCarry(renames: TextRename[], copy: boolean): void;
}

function MoveFieldDialog({
  label,
  field,
  steps,
  document,
  onMoved,
  onCancel,
}: {
  label: string;
  field: FieldSummary;
  steps: StepSummary[];
  document: string;
  onMoved(text: string, step: StepSummary, renames: TextRename[]): void;
  onCancel(): void;
}) {
  const others = steps.filter((step) => step.index !== field.step);
  const [target, setTarget] = useState(others[0]?.index ?? -1);
  const [problem, setProblem] = useState<string>();
  const select = useRef<HTMLSelectElement>(null);
  const send = () => {
    const result = moveFieldToStep(document, field.step, field.key, target);
    if ('problem' in result) {
      setProblem(result.problem);
      select.current?.focus();
      return;
    }
    onMoved(result.text, steps[target], result.renames);
  };
  return (
    <EditorDialog title={`Veld ‘${label}’ naar een andere stap`} submit="Verplaatsen" onSubmit={send} onCancel={onCancel} initialFocus={select}>
      <p className="utrecht-paragraph">
        Het veld komt achteraan in de gekozen stap, met zijn instellingen, meldingen en regels. Regels die ernaar kijken, kijken daarna naar de nieuwe plaats.
      </p>
      <DialogField
        label="Naar stap"
        error={problem}
        control={({ id, describedBy, invalid }) => (
          <select
            ref={select}
            id={id}
            className="utrecht-select utrecht-select--html-select"
            value={target}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              setTarget(Number(event.target.value));
              setProblem(undefined);
            }}
          >
            {others.map((step) => (
              <option key={step.id} value={step.index}>
                {`Stap ${step.index + 1}: ${step.title}`}
              </option>
            ))}
          </select>
        )}
      />
    </EditorDialog>
  );
}

export function FieldPlacement({ field, steps, document, onChange, onShowStep, onCarry }: FieldPlacementProps) {
  const [asking, setAsking] = useState(false);
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  // After a move the field is drawn in its new place; the button pressed keeps the focus.
  const refocus = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    const button = refocus.current;
    refocus.current = null;
    if (button && button.getAttribute('aria-disabled') !== 'true') button.focus();
    else if (button) (button === up.current ? down.current : up.current)?.focus();
  });
  const label = field.title ?? field.key;
  const [group, sub] = field.key.split('.', 2);
  const neighbours = steps[field.step]?.fields.filter((other) => (sub === undefined ? !other.key.includes('.') : other.key.startsWith(`${group}.`))) ?? [];
  const position = neighbours.findIndex((other) => other.key === field.key);
  const name = <span className="visually-hidden">{` ${label}`}</span>;
  const move = (delta: -1 | 1, button: HTMLButtonElement | null) => {
    const next = moveFieldWithin(document, field.step, field.key, delta);
    if (next === document) return;
    refocus.current = button;
    onChange(next);
  };
  return (
    <div className="beheer-actions">
      <Button ref={up} appearance="secondary-action-button" aria-disabled={position <= 0 || undefined} onClick={() => move(-1, up.current)}>
        Veld omhoog{name}
      </Button>
      <Button
        ref={down}
        appearance="secondary-action-button"
        aria-disabled={position === neighbours.length - 1 || undefined}
        onClick={() => move(1, down.current)}
      >
        Veld omlaag{name}
      </Button>
      {sub === undefined && steps.length > 1 && (
        <Button appearance="secondary-action-button" onClick={() => setAsking(true)}>
          Naar een andere stap{name}
        </Button>
      )}
      {asking && (
        <MoveFieldDialog
          label={label}
          field={field}
          steps={steps}
          document={document}
          onCancel={() => setAsking(false)}
          onMoved={(text, step, renames) => {
            setAsking(false);
            onChange(text);
            onCarry(renames, false);
            onShowStep(step.id);
          }}
        />
      )}
    </div>
  );
}
