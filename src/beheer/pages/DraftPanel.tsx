/**
 * The draft of a flow: start it from the published version, edit its source (the JSON view), see
 * what the pipeline found and how the test cases fare, preview it, approve it (four-eyes), publish
 * it with a note, or drop it. Every action says what happened in a status line.
 */
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '../../app/components/Badge';
import { Alert } from '../../../widgets/Alert';
import { Tabs } from '../../app/components/Tabs';
import { EnglishEditor } from '../editor/EnglishEditor';
import { StructuredEditor } from '../editor/StructuredEditor';
import { beheerApi, type BeheerUser, type BuildingBlocks, type DraftAnswer } from '../api';
import { formatDateTime } from '../format';
import { DraftChanges } from './DraftChanges';
import { FixturesPanel } from './FixturesPanel';
import { ImportDraft } from './ImportDraft';
import { PublishDialog } from './PublishDialog';

// The JSON editor is the back office's largest part: loaded when the source view is opened.
const SourceEditors = lazy(() => import('../editor/SourceEditors'));

export interface DraftPanelProps {
  flowId: string;
  user: BeheerUser;
  fourEyes: boolean;
  /** After publishing: the page reloads the versions and history. */
  onPublished: (message: string) => void;
  onChanged: () => void;
}

export function DraftPanel({ flowId, user, fourEyes, onPublished, onChanged }: DraftPanelProps) {
  const [answer, setAnswer] = useState<DraftAnswer>();
  const [document, setDocument] = useState('');
  const [english, setEnglish] = useState('');
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string>();
  const [publishing, setPublishing] = useState(false);
  const [blocks, setBlocks] = useState<BuildingBlocks>();
  const problemRef = useRef<HTMLDivElement>(null);
  const ids = { document: useId(), english: useId(), hint: useId() };
  const canEdit = user.rollen.includes('redacteur');
  const canPublish = user.rollen.includes('publicist');

  const show = (next: DraftAnswer) => {
    setAnswer(next);
    setDocument(next.draft?.source.document ?? '');
    setEnglish(next.draft?.source.english ?? '');
  };
  const run = async (action: () => Promise<void>) => {
    setProblem(undefined);
    try {
      await action();
    } catch (error) {
      setStatus('');
      setProblem((error as Error).message);
    }
  };
  /** One action on the draft: afterwards the draft as it is now (the answer, or asked again), and what happened. */
  const act = (action: () => Promise<DraftAnswer | void>, done: string) =>
    run(async () => {
      show((await action()) ?? (await beheerApi.draft(flowId)));
      setStatus(done);
      onChanged();
    });
  useEffect(() => {
    void run(async () => show(await beheerApi.draft(flowId)));
  }, [flowId]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    beheerApi.buildingBlocks().then(setBlocks, () => setBlocks(undefined));
  }, []);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);
  // The shared field definitions by `$id`, for the English tab (options of a field built on one).
  const sharedFields = useMemo(() => (blocks ? Object.fromEntries(blocks.velden.map((definition) => [definition.id, definition.schema])) : undefined), [blocks]);

  if (!answer) return <p className="utrecht-paragraph">{problem ?? 'Bezig met laden'}</p>;
  const { draft, findings, fixtures } = answer;
  const errors = findings.filter((finding) => finding.severity === 'error');
  const failing = fixtures.filter((run) => run.problems.length > 0);
  const approvable = draft && fourEyes && canPublish && !draft.approvedBy && draft.createdBy !== user.naam && draft.updatedBy !== user.naam;
  const publishable = draft && canPublish && errors.length === 0 && failing.length === 0 && (!fourEyes || draft.approvedBy);

  return (
    <section aria-labelledby="concept" className="beheer-section">
      <h2 className="utrecht-heading-2" id="concept">
        Concept
      </h2>
      <p className="utrecht-paragraph beheer-status" role="status">
        {status}
      </p>
      {problem && (
        <div className="utrecht-alert utrecht-alert--error" role="alert" tabIndex={-1} ref={problemRef}>
          <p className="utrecht-paragraph">{problem}</p>
        </div>
      )}
      {!draft && (
        <>
          <p className="utrecht-paragraph">Deze flow heeft geen concept. Een concept begint als kopie van de gepubliceerde versie; aanvragers merken pas iets als het is gepubliceerd.</p>
          {canEdit && (
            <button type="button" className="utrecht-button utrecht-button--primary-action" onClick={() => void act(() => beheerApi.startDraft(flowId), 'Concept gestart.')}>
              Concept starten
            </button>
          )}
        </>
      )}
      {canEdit && <ImportDraft hasDraft={draft !== null} onImport={(source) => void act(() => beheerApi.importDraft(flowId, source), 'Bestand geïmporteerd als concept en gecontroleerd.')} />}
      {draft && (
        <>
          {approvable && (
            <Alert type="call-to-action" title="Goedkeuring gevraagd" headingLevel={3}>
              <p className="utrecht-paragraph">{`Dit concept van ${draft.updatedBy} wacht op de goedkeuring van een tweede persoon. Bekijk de wijzigingen en het voorbeeld, en keur het goed met de knop 'Goedkeuren'.`}</p>
            </Alert>
          )}
          <dl className="beheer-facts">
            <dt>Gestart vanaf</dt>
            <dd>{draft.baseVersion ? `Versie ${draft.baseVersion}, door ${draft.createdBy}` : draft.createdBy}</dd>
            <dt>Laatst bewerkt</dt>
            <dd>{`${formatDateTime(draft.updatedAt)} door ${draft.updatedBy}`}</dd>
            <dt>Controle</dt>
            <dd>{errors.length === 0 ? <Badge variant="succes">Geen fouten</Badge> : <Badge variant="fout">{`${errors.length} ${errors.length === 1 ? 'fout' : 'fouten'}`}</Badge>}</dd>
            <dt>Testgevallen</dt>
            <dd>
              {fixtures.length === 0 ? (
                <Badge variant="neutraal">Niet uitgevoerd</Badge>
              ) : failing.length === 0 ? (
                <Badge variant="succes">{`Alle ${fixtures.length} geslaagd`}</Badge>
              ) : (
                <Badge variant="fout">{`${failing.length} van ${fixtures.length} mislukt`}</Badge>
              )}
            </dd>
            {fourEyes && (
              <>
                <dt>Goedkeuring</dt>
                <dd>{draft.approvedBy ? `Goedgekeurd door ${draft.approvedBy}` : 'Nog niet goedgekeurd door een tweede persoon'}</dd>
              </>
            )}
          </dl>

          {findings.length > 0 && (
            <>
              <h3 className="utrecht-heading-3">Bevindingen</h3>
              <ul className="utrecht-unordered-list beheer-findings">
                {findings.map((finding, index) => (
                  <li key={index} className="utrecht-unordered-list__item">
                    <Badge variant={finding.severity === 'error' ? 'fout' : 'waarschuwing'}>{finding.severity === 'error' ? 'Fout' : 'Waarschuwing'}</Badge>{' '}
                    {finding.text === 'english' ? 'Engelse teksten' : 'Broncode'}
                    {finding.line ? `, regel ${finding.line}` : ''}
                    {finding.pointer ? <code className="beheer-pointer">{` ${finding.pointer}`}</code> : null}: {finding.message}
                  </li>
                ))}
              </ul>
            </>
          )}
          <form
            className="beheer-form"
            onSubmit={(event) => {
              event.preventDefault();
              void act(() => beheerApi.saveDraft(flowId, { document, ...(english ? { english } : {}) }), 'Concept opgeslagen en gecontroleerd.');
            }}
          >
            <Tabs
              label="Weergave van het concept"
              headingLevel={3}
              tabs={[
                {
                  id: 'velden',
                  title: 'Velden',
                  heading: 'Velden',
                  content: (
                    <StructuredEditor
                      document={document}
                      onChange={setDocument}
                      english={english}
                      onEnglishChange={setEnglish}
                      countUses={(path, value) => beheerApi.usage(flowId, path, value)}
                      findings={findings}
                      readOnly={!canEdit}
                      blocks={blocks}
                    />
                  ),
                },
                {
                  id: 'broncode',
                  title: 'Broncode',
                  heading: 'Broncode',
                  lazy: true,
                  content: (
                    <>
                      <p className="utrecht-paragraph" id={ids.hint}>
                        De flowdefinitie als JSON, voor wat de velden niet bieden. Beide weergaven bewerken hetzelfde concept.
                      </p>
                      <Suspense fallback={<p className="utrecht-paragraph" role="status">Bezig met laden</p>}>
                        <SourceEditors ids={ids} document={document} english={english} findings={findings} readOnly={!canEdit} onDocument={setDocument} onEnglish={setEnglish} />
                      </Suspense>
                    </>
                  ),
                },
                {
                  id: 'engels',
                  title: 'Engelse teksten',
                  heading: 'Engelse teksten',
                  lazy: true,
                  content: <EnglishEditor document={document} english={english} onChange={setEnglish} readOnly={!canEdit} definitions={sharedFields} />,
                },
                {
                  id: 'testgevallen',
                  title: failing.length > 0 ? `Testgevallen (${failing.length} mislukt)` : 'Testgevallen',
                  heading: 'Testgevallen',
                  content: (
                    <FixturesPanel
                      flowId={flowId}
                      document={document}
                      fixtures={fixtures}
                      canEdit={canEdit}
                      onAction={(action, done) => void act(action, done)}
                    />
                  ),
                },
                {
                  id: 'wijzigingen',
                  title: 'Wijzigingen',
                  heading: 'Wijzigingen',
                  lazy: true,
                  content: <DraftChanges flowId={flowId} savedAt={draft.updatedAt} />,
                },
              ]}
            />
            <p className="utrecht-paragraph">Bij opslaan wordt het concept gecontroleerd; een concept met fouten blijft bewaard, maar kan niet worden gepubliceerd.</p>
            <div className="beheer-actions">
              {canEdit && (
                <button type="submit" className="utrecht-button utrecht-button--primary-action">
                  Concept opslaan
                </button>
              )}
              {approvable && (
                <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={() => void act(() => beheerApi.approve(flowId, draft.updatedAt), 'Concept goedgekeurd.')}>
                  Goedkeuren
                </button>
              )}
              {publishable && (
                <button type="button" className="utrecht-button utrecht-button--primary-action" onClick={() => setPublishing(true)}>
                  Publiceren
                </button>
              )}
              <Link className="utrecht-link beheer-action-link" href={`/flows/${flowId}/voorbeeld`}>
                Voorbeeld bekijken
              </Link>
              {canEdit && (
                <button type="button" className="utrecht-button utrecht-button--subtle" onClick={() => void act(() => beheerApi.deleteDraft(flowId), 'Concept verwijderd.')}>
                  Concept verwijderen
                </button>
              )}
            </div>
          </form>
        </>
      )}
      {publishing && (
        <PublishDialog
          onCancel={() => setPublishing(false)}
          onPublish={async (note) => {
            const outcome = await beheerApi.publish(flowId, note);
            setPublishing(false);
            show(await beheerApi.draft(flowId));
            const message = `Versie ${outcome.version} is gepubliceerd. Aanvragers krijgen deze versie binnen enkele seconden.`;
            setStatus(message);
            onPublished(message);
          }}
        />
      )}
    </section>
  );
}
