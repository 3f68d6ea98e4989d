/**
 * The draft of a flow: start it from the published version, edit its source (the JSON view), see
 * what the pipeline found and how the test cases fare, preview it, approve it (four-eyes), publish
 * it with a note, or drop it. Every action says what happened in a status line. Edits are saved as
 * they are made (useAutosave); the actions stay in view in a bar (ActionBar); leaving the page with
 * unsaved edits asks first (unsavedWork); deleting asks with what goes; every save is kept
 * (DraftSaves).
 */
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@utrecht/button-react';
import { announce } from '../../app/announcer';
import { Badge } from '../components/Badge';
import { Alert } from '../../../widgets/Alert';
import { Tabs } from '../components/Tabs';
import { EnglishEditor } from '../editor/EnglishEditor';
import { StructuredEditor } from '../editor/StructuredEditor';
import { beheerApi, type BeheerUser, type BuildingBlocks, type DraftAnswer } from '../api';
import { formatDateTime } from '../format';
import { registerUnsavedWork } from '../unsavedWork';
import { ActionBar } from './ActionBar';
import { DeleteDraftDialog } from './DeleteDraftDialog';
import { DraftChanges } from './DraftChanges';
import { DraftSaves } from './DraftSaves';
import { FixturesPanel } from './FixturesPanel';
import { ImportDraft } from './ImportDraft';
import { publishBlockers } from './publishBlockers';
import { PublishDialog } from './PublishDialog';
import { useAutosave } from './useAutosave';

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
  const [deleting, setDeleting] = useState(false);
  const [blocks, setBlocks] = useState<BuildingBlocks>();
  // The shared field definitions by `$id`, for the English tab (options of a field built on one).
  const sharedFields = useMemo(
    () => (blocks ? Object.fromEntries(blocks.velden.map((definition) => [definition.id, definition.schema])) : undefined),
    [blocks],
  );
  /** The draft as this page last read or replaced it (what the screen's edits are saved over). */
  const [loaded, setLoaded] = useState<{ source: { document: string; english?: string }; updatedAt: string }>();
  const problemRef = useRef<HTMLDivElement>(null);
  const ids = { document: useId(), english: useId(), hint: useId() };
  const canEdit = user.rollen.includes('redacteur');
  const canPublish = user.rollen.includes('publicist');
  const [, navigate] = useLocation();

  const show = (next: DraftAnswer) => {
    setAnswer(next);
    setDocument(next.draft?.source.document ?? '');
    setEnglish(next.draft?.source.english ?? '');
    setLoaded(next.draft ? { source: next.draft.source, updatedAt: next.draft.updatedAt } : undefined);
  };
  const source = useMemo(() => ({ document, ...(english ? { english } : {}) }), [document, english]);
  const autosave = useAutosave({
    source,
    base: loaded,
    enabled: canEdit,
    save: (text, updatedAt, automatic) => beheerApi.saveDraft(flowId, text, updatedAt, automatic),
    onSaved: (next) => setAnswer(next),
    announce,
  });
  const autosaveRef = useRef(autosave);
  autosaveRef.current = autosave;
  useEffect(
    () =>
      registerUnsavedWork({
        isDirty: () => autosaveRef.current.isDirty(),
        save: (automatic) => autosaveRef.current.flush(automatic),
        discard: () => autosaveRef.current.discard(),
        problem: () => autosaveRef.current.problem(),
      }),
    [],
  );
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
      // What is on screen is saved first: the answer replaces the screen.
      if (!(await autosave.flush(false))) throw new Error(autosave.problem() ?? 'Opslaan is mislukt.');
      show((await action()) ?? (await beheerApi.draft(flowId)));
      setStatus(done);
      onChanged();
    });
  const saveNow = () =>
    run(async () => {
      setStatus('');
      if (await autosave.saveNow()) {
        setStatus('Concept opgeslagen en gecontroleerd.');
        onChanged();
      }
    });
  const preview = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!autosave.isDirty()) return;
    // The preview shows the saved draft: what is on screen is saved first.
    event.preventDefault();
    void autosave.flush(false).then((saved) => saved && navigate(`/flows/${flowId}/voorbeeld`));
  };
  useEffect(() => {
    void run(async () => show(await beheerApi.draft(flowId)));
  }, [flowId]);
  useEffect(() => {
    beheerApi.buildingBlocks().then(setBlocks, () => setBlocks(undefined));
  }, []);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  if (!answer) return <p className="utrecht-paragraph">{problem ?? 'Bezig met laden'}</p>;
  const { draft, findings, fixtures } = answer;
  const errors = findings.filter((finding) => finding.severity === 'error');
  const failing = fixtures.filter((run) => run.problems.length > 0);
  const approvable = Boolean(draft && fourEyes && canPublish && !draft.approvedBy && draft.createdBy !== user.naam && draft.updatedBy !== user.naam);
  const rollback = draft?.rollback ?? null;
  const blockers = publishBlockers({
    save: autosave.state.kind,
    dirty: autosave.dirty,
    errors: errors.length,
    failingCases: failing.length,
    rollback: rollback !== null,
    approvalMissing: fourEyes && !draft?.approvedBy,
  });

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
          <p className="utrecht-paragraph">
            Deze flow heeft geen concept. Een concept begint als kopie van de gepubliceerde versie; aanvragers merken pas iets als het is gepubliceerd.
          </p>
          {canEdit && (
            <Button appearance="primary-action-button" onClick={() => void act(() => beheerApi.startDraft(flowId), 'Concept gestart.')}>
              Concept starten
            </Button>
          )}
        </>
      )}
      {canEdit && (
        <ImportDraft
          hasDraft={draft !== null}
          onImport={(source) => void act(() => beheerApi.importDraft(flowId, source), 'Bestand geïmporteerd als concept en gecontroleerd.')}
        />
      )}
      {draft && (
        <>
          {rollback && (
            <Alert type="info" title={`Terugzetten naar versie ${rollback.version}`} headingLevel={3}>
              <p className="utrecht-paragraph">{`${draft.updatedBy} vraagt om de flow terug te zetten naar versie ${rollback.version}: ‘${rollback.note}’. Na goedkeuring door een tweede persoon wordt versie ${rollback.version} opnieuw gepubliceerd, zoals die toen is gecontroleerd.`}</p>
            </Alert>
          )}
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
            <dd>
              {errors.length === 0 ? (
                <Badge variant="succes">Geen fouten</Badge>
              ) : (
                <Badge variant="fout">{`${errors.length} ${errors.length === 1 ? 'fout' : 'fouten'}`}</Badge>
              )}
            </dd>
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
                    {/* The sentence names the field and the setting; its line and path are in the source view. */}
                    <Badge variant={finding.severity === 'error' ? 'fout' : 'waarschuwing'}>
                      {finding.severity === 'error' ? 'Fout' : 'Waarschuwing'}
                    </Badge>{' '}
                    {finding.text === 'english' ? `Engelse teksten: ${finding.message}` : finding.message}
                  </li>
                ))}
              </ul>
            </>
          )}
          <form
            className="beheer-form"
            onSubmit={(event) => {
              event.preventDefault();
              void saveNow();
            }}
            onBlur={() => autosave.blur()}
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
                      <Suspense
                        fallback={
                          <p className="utrecht-paragraph" role="status">
                            Bezig met laden
                          </p>
                        }
                      >
                        <SourceEditors
                          ids={ids}
                          document={document}
                          english={english}
                          findings={findings}
                          readOnly={!canEdit}
                          onDocument={setDocument}
                          onEnglish={setEnglish}
                        />
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
            <p className="utrecht-paragraph">
              Wijzigingen worden vanzelf opgeslagen en gecontroleerd; een concept met fouten blijft bewaard, maar kan niet worden gepubliceerd.
            </p>
            <ActionBar
              flowId={flowId}
              state={autosave.state}
              canEdit={canEdit}
              approvable={approvable}
              canPublish={canPublish}
              blockers={blockers}
              onPreview={preview}
              onApprove={() => void act(() => beheerApi.approve(flowId, draft.updatedAt), 'Concept goedgekeurd.')}
              onPublish={() => setPublishing(true)}
              onBlocked={announce}
              onSaveOver={() => void autosave.saveOver()}
              onReload={() => void run(async () => show(await beheerApi.draft(flowId)))}
            />
          </form>
          <DraftSaves
            flowId={flowId}
            updatedAt={draft.updatedAt}
            canEdit={canEdit}
            beforeRestore={() => autosave.flush(false)}
            currentUpdatedAt={() => autosaveRef.current.savedAt() ?? draft.updatedAt}
            onRestored={(next, moment) => {
              show(next);
              setStatus(`Het concept is teruggezet naar ${moment}.`);
              onChanged();
            }}
          />
          {canEdit && (
            <div className="beheer-actions">
              <Button appearance="subtle-button" onClick={() => setDeleting(true)}>
                Concept verwijderen
              </Button>
            </div>
          )}
        </>
      )}
      {deleting && draft && (
        <DeleteDraftDialog
          flowId={flowId}
          draft={draft}
          unsaved={autosave.dirty}
          onCancel={() => setDeleting(false)}
          onDeleted={() => {
            autosave.discard();
            setDeleting(false);
            show({ draft: null, findings: [], fixtures: [] });
            setStatus('Concept verwijderd.');
            onChanged();
          }}
        />
      )}
      {publishing && (
        <PublishDialog
          initialNote={draft?.rollback?.note}
          onCancel={() => setPublishing(false)}
          onPublish={async (note) => {
            const outcome = await beheerApi.publish(flowId, note, draft?.updatedAt ?? '');
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
