/**
 * A file as the flow's draft: a version downloaded here earlier (its document and English texts) or
 * a flow document as written in the repository. The server checks it like every save; nothing is
 * published until someone publishes it.
 */
import { useId, useRef, useState } from 'react';
import { Button } from '@utrecht/button-react';
import type { FlowSource } from '../../shared/beheer';

export interface ImportDraftProps {
  hasDraft: boolean;
  onImport: (source: FlowSource) => void;
}

/** The source in a file: `{ document, english? }` as a version file has it, or the flow document itself. */
export function sourceFromFile(text: string): FlowSource | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'Dit bestand is geen JSON. Kies een versiebestand of een flowdefinitie.';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'Dit bestand bevat geen flowdefinitie.';
  const record = parsed as Record<string, unknown>;
  if (typeof record.document === 'string') return { document: record.document, ...(typeof record.english === 'string' ? { english: record.english } : {}) };
  if (Array.isArray(record.steps)) return { document: text };
  return 'Dit bestand bevat geen flowdefinitie.';
}

/** The text of a chosen file. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Het bestand kon niet worden gelezen.'));
    reader.readAsText(file);
  });
}

export function ImportDraft({ hasDraft, onImport }: ImportDraftProps) {
  const ids = { file: useId(), hint: useId(), error: useId() };
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();

  const importFile = async () => {
    const file = input.current?.files?.[0];
    if (!file) {
      setError("Het veld 'Bestand' is niet ingevuld.");
      return;
    }
    const source = sourceFromFile(await readText(file).catch(() => ''));
    if (typeof source === 'string') {
      setError(source);
      return;
    }
    setError(undefined);
    onImport(source);
    if (input.current) input.current.value = '';
  };

  return (
    <details className="beheer-rule">
      <summary className="beheer-rule__summary">Bestand importeren als concept</summary>
      <form
        className="beheer-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void importFile();
        }}
      >
        <div className={`utrecht-form-field${error ? ' utrecht-form-field--invalid' : ''}`}>
          <label className="utrecht-form-label" htmlFor={ids.file}>
            Bestand
          </label>
          <p className="utrecht-form-field-description" id={ids.hint}>
            {`Een versiebestand dat u hier heeft gedownload, of een flowdefinitie (JSON).${hasDraft ? ' Het huidige concept wordt vervangen.' : ''}`}
          </p>
          {error && (
            <p className="utrecht-form-field-error-message" id={ids.error}>
              {error}
            </p>
          )}
          <input
            ref={input}
            id={ids.file}
            type="file"
            accept=".json,application/json"
            className="utrecht-textbox"
            aria-describedby={[ids.hint, error ? ids.error : ''].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <Button type="submit" appearance="secondary-action-button">
          Importeren
        </Button>
      </form>
    </details>
  );
}
