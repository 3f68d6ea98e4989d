/** One flow: its draft, its versions (download, roll back) and its history with who and when. */
import { useCallback, useEffect, useState } from 'react';
import { Breadcrumb } from '../components/Breadcrumb';
import { HistoryList } from '../components/HistoryList';
import { beheerApi, type BeheerUser, type DraftAnswer, type HistoryEntry, type RollbackAnswer, type VersionRow } from '../api';
import { saveUnsavedWork } from '../unsavedWork';
import { DraftPanel } from './DraftPanel';
import { RollbackDialog } from './RollbackDialog';
import { VersionsTable } from './VersionsTable';
import { CompareVersions } from './CompareVersions';
import { formatDateTime } from '../format';
import { useBeheerTitle } from '../pageTitle';
import { PageMessages } from './PageMessages';

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

export interface FlowPageProps {
  flowId: string;
  user: BeheerUser;
  fourEyes: boolean;
}

export function FlowPage({ flowId, user, fourEyes }: FlowPageProps) {
  const [answer, setAnswer] = useState<{ title: string; versions: VersionRow[]; history: HistoryEntry[]; hasDraft: boolean }>();
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState('');
  const [rollingBack, setRollingBack] = useState<{ target: VersionRow; current: VersionRow; draft: DraftAnswer['draft'] }>();
  // A rollback with four eyes replaces the draft: the draft panel reads it anew.
  const [draftRead, setDraftRead] = useState(0);
  useBeheerTitle(answer ? answer.title : 'Flow');

  const load = useCallback(() => beheerApi.history(flowId).then(setAnswer, (error: Error) => setProblem(error.message)), [flowId]);
  useEffect(() => void load(), [load]);

  /** 'Terugzetten': what is on screen is saved first, so the question names the draft as it is. */
  const askRollBack = async (version: number) => {
    setProblem(undefined);
    const target = answer?.versions.find((row) => row.version === version);
    const current = answer?.versions.find((row) => row.state === 'published');
    if (!target || !current) return;
    try {
      if (!(await saveUnsavedWork(false)))
        throw new Error('Het concept heeft wijzigingen die niet konden worden opgeslagen. Los dat eerst op bij het concept.');
      const { draft } = await beheerApi.draft(flowId);
      setRollingBack({ target, current, draft });
    } catch (error) {
      setNotice('');
      setProblem((error as Error).message);
    }
  };
  const rolledBack = (version: number, outcome: RollbackAnswer) => {
    setRollingBack(undefined);
    if (outcome.concept) {
      setNotice(`Terugzetten naar versie ${version} staat klaar als concept en wacht op goedkeuring door een tweede persoon.`);
      setDraftRead((count) => count + 1);
    } else setNotice(`Versie ${version} is teruggezet als versie ${outcome.version ?? ''}. Aanvragers krijgen deze versie binnen enkele seconden.`);
    void load();
  };

  return (
    <>
      <Breadcrumb rootLabel="Flows" rootUrl="/" items={[{ label: answer?.title ?? flowId, url: `/flows/${flowId}` }]} />
      <h1 className="utrecht-heading-1">{answer?.title ?? 'Flow'}</h1>
      <PageMessages status={notice} problem={problem} />
      {answer && (
        <>
          <DraftPanel key={draftRead} flowId={flowId} user={user} fourEyes={fourEyes} onPublished={() => void load()} onChanged={() => void load()} />
          <VersionsTable
            flowId={flowId}
            versions={answer.versions}
            canRollBack={user.rollen.includes('publicist')}
            onRollBack={(version) => void askRollBack(version)}
          />
          <CompareVersions key={answer.history.length} flowId={flowId} versions={answer.versions} hasDraft={answer.hasDraft} />
          <section aria-labelledby="geschiedenis" className="beheer-section">
            <h2 className="utrecht-heading-2" id="geschiedenis">
              Geschiedenis
            </h2>
            <HistoryList
              label="Geschiedenis"
              entries={answer.history.map((entry) => ({
                timestamp: formatDateTime(entry.at),
                dateTime: entry.at,
                username: entry.actor,
                text: historyText(entry),
              }))}
            />
          </section>
        </>
      )}
      {rollingBack && (
        <RollbackDialog
          flowId={flowId}
          target={rollingBack.target}
          current={rollingBack.current}
          fourEyes={fourEyes}
          draft={rollingBack.draft}
          onCancel={() => setRollingBack(undefined)}
          onDone={(outcome) => rolledBack(rollingBack.target.version, outcome)}
        />
      )}
    </>
  );
}
