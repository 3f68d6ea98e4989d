/** The draft's changes against the version applicants get now, in words (as last saved). */
import { useEffect, useState } from 'react';
import { beheerApi } from '../api';
import type { DiffAnswer } from '../../shared/beheer';
import { ChangesList } from './ChangesList';

export function DraftChanges({ flowId, savedAt }: { flowId: string; savedAt: string }) {
  const [answer, setAnswer] = useState<DiffAnswer>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let current = true;
    beheerApi.diff(flowId, '', 'concept').then(
      (next) => current && setAnswer(next),
      (error: Error) => current && setProblem(error.message),
    );
    return () => {
      current = false;
    };
  }, [flowId, savedAt]);
  if (problem) return <p className="utrecht-paragraph">{problem}</p>;
  if (!answer) return <p className="utrecht-paragraph">Bezig met laden</p>;
  return (
    <>
      <p className="utrecht-paragraph">{`Het opgeslagen concept vergeleken met ${answer.from.label.toLowerCase()}, de versie die aanvragers nu krijgen. Wijzigingen die nog niet zijn opgeslagen, staan hier niet bij.`}</p>
      <ChangesList label="Wijzigingen in het concept" changes={answer.changes} />
    </>
  );
}
