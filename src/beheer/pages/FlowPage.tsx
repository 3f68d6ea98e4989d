/** One flow: its history, every version and every action with who and when. */
import { useEffect, useState } from 'react';
import { Breadcrumb } from '../../app/components/Breadcrumb';
import { HistoryList } from '../../app/components/HistoryList';
import { beheerApi, type HistoryEntry } from '../api';
import { formatDateTime } from '../format';
import { useBeheerTitle } from '../pageTitle';

const ACTIONS: Record<string, string> = {
  aangemaakt: 'Concept aangemaakt',
  bewerkt: 'Concept bewerkt',
  goedgekeurd: 'Concept goedgekeurd',
  gepubliceerd: 'Gepubliceerd',
  teruggezet: 'Teruggezet',
  verwijderd: 'Concept verwijderd',
  geimporteerd: 'Geïmporteerd als concept',
};

/** The history line in words: 'Versie 3 gepubliceerd: Nieuwe tekst'. */
export function historyText(entry: HistoryEntry): string {
  const action = ACTIONS[entry.action] ?? entry.action;
  const what = entry.version === null ? action : `Versie ${entry.version}: ${action.toLowerCase()}`;
  return entry.note ? `${what} — ${entry.note}` : what;
}

export function FlowPage({ flowId }: { flowId: string }) {
  const [answer, setAnswer] = useState<{ title: string; history: HistoryEntry[] }>();
  const [problem, setProblem] = useState<string>();
  useBeheerTitle(answer ? answer.title : 'Flow');

  useEffect(() => {
    beheerApi.history(flowId).then(setAnswer, (error: Error) => setProblem(error.message));
  }, [flowId]);

  return (
    <>
      <Breadcrumb rootLabel="Flows" rootUrl="/" items={[{ label: answer?.title ?? flowId, url: `/flows/${flowId}` }]} />
      <h1 className="utrecht-heading-1">{answer?.title ?? 'Flow'}</h1>
      {problem && (
        <div className="utrecht-alert utrecht-alert--error" role="alert">
          <p className="utrecht-paragraph">{problem}</p>
        </div>
      )}
      {answer && (
        <section aria-labelledby="geschiedenis">
          <h2 className="utrecht-heading-2" id="geschiedenis">
            Geschiedenis
          </h2>
          <HistoryList
            label="Geschiedenis"
            entries={answer.history.map((entry) => ({ timestamp: formatDateTime(entry.at), dateTime: entry.at, username: entry.actor, text: historyText(entry) }))}
          />
        </section>
      )}
    </>
  );
}
