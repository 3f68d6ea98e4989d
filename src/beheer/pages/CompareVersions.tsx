/** Comparing two versions of a flow (or one with the draft): two selects and the changes in words. */
import { useId, useState } from 'react';
import { Button } from '@utrecht/button-react';
import { beheerApi, type VersionRow } from '../api';
import type { DiffAnswer } from '../../shared/beheer';
import { ChangesList } from './ChangesList';

export interface CompareVersionsProps {
  flowId: string;
  versions: VersionRow[];
  hasDraft: boolean;
}

function VersionSelect({
  id,
  label,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="utrecht-form-field">
      <label className="utrecht-form-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="utrecht-select utrecht-select--html-select" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CompareVersions({ flowId, versions, hasDraft }: CompareVersionsProps) {
  const ids = { from: useId(), to: useId() };
  const options = [
    ...(hasDraft ? [{ value: 'concept', label: 'Concept' }] : []),
    ...versions.map((row) => ({ value: String(row.version), label: `Versie ${row.version}${row.state === 'published' ? ' (in gebruik)' : ''}` })),
  ];
  const published = versions.find((row) => row.state === 'published');
  const [from, setFrom] = useState(String(versions.find((row) => row.version !== published?.version)?.version ?? published?.version ?? ''));
  const [to, setTo] = useState(hasDraft ? 'concept' : String(published?.version ?? ''));
  const [answer, setAnswer] = useState<DiffAnswer>();
  const [problem, setProblem] = useState<string>();

  const compare = async () => {
    setProblem(undefined);
    try {
      setAnswer(await beheerApi.diff(flowId, from, to));
    } catch (error) {
      setAnswer(undefined);
      setProblem((error as Error).message);
    }
  };

  return (
    <section aria-labelledby="vergelijken" className="beheer-section">
      <h2 className="utrecht-heading-2" id="vergelijken">
        Versies vergelijken
      </h2>
      <form
        className="beheer-filter"
        onSubmit={(event) => {
          event.preventDefault();
          void compare();
        }}
      >
        <VersionSelect id={ids.from} label="Van" options={options} value={from} onChange={setFrom} />
        <VersionSelect id={ids.to} label="Naar" options={options} value={to} onChange={setTo} />
        <Button type="submit" appearance="secondary-action-button">
          Vergelijken
        </Button>
      </form>
      <div aria-live="polite">
        {problem && (
          <div className="utrecht-alert utrecht-alert--error" role="alert">
            <p className="utrecht-paragraph">{problem}</p>
          </div>
        )}
        {answer && (
          <>
            <h3 className="utrecht-heading-3">{`${answer.from.label} naar ${answer.to.label.toLowerCase()}`}</h3>
            <ChangesList label={`Verschillen van ${answer.from.label.toLowerCase()} naar ${answer.to.label.toLowerCase()}`} changes={answer.changes} />
          </>
        )}
      </div>
    </section>
  );
}
