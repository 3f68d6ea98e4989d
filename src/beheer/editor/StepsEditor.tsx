/**
 * A step's place among the steps and the steps themselves: 'Stap eerder'/'Stap later', a new step
 * after this one or a copy of it (each asks for its title in a dialog), and removing it after the
 * question what goes with it (useImpact.tsx). The edits are stepEdits.ts's; the editor then shows
 * the new step.
 */
import { useRef, useState } from 'react';
import { Button } from '@utrecht/button-react';
import { DialogField, EditorDialog } from './EditorDialog';
import { moveStep, type StepSummary } from './documentEdits';
import type { TextRename } from './englishMoves';
import { addStep, copyStep, type StepAdded } from './stepEdits';

export interface StepActionsProps {
  step: StepSummary;
  /** Every step, in order. */
  steps: StepSummary[];
  document: string;
  onChange(text: string): void;
  /** Shows the step with this id (after adding, copying or removing a step). */
  onShowStep(id: string): void;
  /** Asks, with what the step is used for elsewhere, before it goes (useImpact.tsx). */
  onRemove(): void;
  /** Copies the English of the original's texts to the copy's keys. */
  onCarry(renames: TextRename[], copy: boolean): void;
}

/** Asks the title of a new step or a copy. */
function StepTitleDialog({
  title,
  hint,
  initial,
  submit,
  onDone,
  onCancel,
}: {
  title: string;
  hint: string;
  initial: string;
  submit: string;
  onDone(title: string): void;
  onCancel(): void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const send = () => {
    if (value.trim() === '') {
      setError("Het veld 'Titel van de stap' is niet ingevuld.");
      input.current?.focus();
      return;
    }
    onDone(value.trim());
  };
  return (
    <EditorDialog title={title} submit={submit} onSubmit={send} onCancel={onCancel} initialFocus={input}>
      <DialogField
        label="Titel van de stap"
        hint={hint}
        error={error}
        control={({ id, describedBy, invalid }) => (
          <input
            ref={input}
            id={id}
            className="utrecht-textbox utrecht-textbox--html-input"
            value={value}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      />
    </EditorDialog>
  );
}

type Asking = 'toevoegen' | 'kopieren';

export function StepActions({ step, steps, document, onChange, onShowStep, onCarry, onRemove }: StepActionsProps) {
  const [asking, setAsking] = useState<Asking>();
  const count = steps.length;
  const name = <span className="visually-hidden">{` ${step.title}`}</span>;
  const done = (result: StepAdded | undefined) => {
    setAsking(undefined);
    if (!result) return;
    onChange(result.text);
    if (result.renames) onCarry(result.renames, true);
    onShowStep(result.id);
  };
  return (
    <div className="beheer-actions">
      <Button appearance="secondary-action-button" disabled={step.index === 0} onClick={() => onChange(moveStep(document, step.index, -1))}>
        Stap eerder{name}
      </Button>
      <Button appearance="secondary-action-button" disabled={step.index === count - 1} onClick={() => onChange(moveStep(document, step.index, 1))}>
        Stap later{name}
      </Button>
      <Button appearance="secondary-action-button" onClick={() => setAsking('toevoegen')}>
        Stap toevoegen na{name}
      </Button>
      <Button appearance="secondary-action-button" onClick={() => setAsking('kopieren')}>
        Stap kopiëren{name}
      </Button>
      {count > 1 && (
        <Button appearance="subtle-button" onClick={onRemove}>
          Stap verwijderen{name}
        </Button>
      )}
      {asking === 'toevoegen' && (
        <StepTitleDialog
          title="Stap toevoegen"
          hint={`De nieuwe stap komt na ‘${step.title}’, nog zonder velden.`}
          initial=""
          submit="Stap toevoegen"
          onCancel={() => setAsking(undefined)}
          onDone={(title) => done(addStep(document, step.index, title))}
        />
      )}
      {asking === 'kopieren' && (
        <StepTitleDialog
          title={`Stap ‘${step.title}’ kopiëren`}
          hint="De kopie komt direct na deze stap, met dezelfde velden, regels en teksten. De regels van de kopie kijken naar de velden van de kopie."
          initial={`${step.title} (kopie)`}
          submit="Kopie maken"
          onCancel={() => setAsking(undefined)}
          onDone={(title) => done(copyStep(document, step.index, title))}
        />
      )}
    </div>
  );
}
