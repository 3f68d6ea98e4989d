/**
 * The structured view of a draft: per step (a tab each) every field with what administrators change
 * most — label, help text, required or not, its limits (lengths, pattern, range, date rule), its
 * options, its messages per check, when it is shown (a rule builder, no json-logic typed by hand),
 * its place (up, down, another step) — fields added from the shared definitions or as generic
 * questions, or removed; the step's texts and blocks, its place in the order, a new step, a copy or
 * its removal; and the flow's own pages (start, review, confirmation); all without reading JSON. It
 * edits the same text as the source view; the pipeline's findings are shown at the field they
 * concern (by JSON pointer), the others above the tabs. Removing a field, a choice or a step first
 * says where it is used and what applicants stored (useImpact.tsx); a field's name in the data is
 * shown, and changed, only in its details.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@utrecht/button-react';
import { Tabs } from '../components/Tabs';
import type { BuildingBlocks, Finding, UsageCounts } from '../api';
import { AddField } from './AddField';
import { AddQuestion } from './AddQuestion';
import { FieldDetails } from './FieldDetails';
import { useImpact, type Impact } from './useImpact';
import { readMessages, readOptions } from './fieldEdits';
import { FieldLimits } from './FieldLimits';
import { FieldPlacement } from './FieldPlacement';
import { MessagesEditor } from './MessagesEditor';
import { OptionsEditor } from './OptionsEditor';
import { PageBlocks } from './PageBlocks';
import { addField, readSteps, setAt, setField, setRequired, setVisibleIf, type FieldSetting, type FieldSummary, type StepSummary } from './documentEdits';
import { carryEnglish, type TextRename } from './englishMoves';
import { isObject, parseDocument } from './textMoves';
import { addQuestion } from './questionKinds';
import { RuleBuilder } from './RuleBuilder';
import { flowLists, ruleFieldsFor, ruleSentence } from './ruleFields';
import type { RuleFieldOption } from './ruleLogic';
import { StepActions } from './StepsEditor';

export interface StructuredEditorProps {
  document: string;
  onChange: (document: string) => void;
  findings: Finding[];
  readOnly: boolean;
  /** Shared field definitions and reference lists (adding fields, rule values); loaded by the page. */
  blocks?: BuildingBlocks;
  /** The English texts: a removal or a rename moves (or removes) them with the document's texts. */
  english?: string;
  onEnglishChange?: (english: string) => void;
  /** How much stored data concerns a model path (and an option's value), for the question before a removal. */
  countUses?: (path: string, value?: string | number | boolean) => Promise<UsageCounts>;
}

interface FieldEditorProps {
  field: FieldSummary;
  steps: StepSummary[];
  blocks: BuildingBlocks | undefined;
  /** The shared field definitions by `$id` (the checks of a field built on one). */
  sharedFields: Record<string, object> | undefined;
  findings: Finding[];
  document: string;
  onChange: (text: string) => void;
  readOnly: boolean;
  /** The flow's reference lists (option names for the rule builder). */
  lists: Record<string, RuleFieldOption[]>;
  onShowStep(id: string): void;
  impact: Impact;
  onCarry(renames: TextRename[], copy: boolean): void;
}

const belongsTo = (finding: Finding, field: FieldSummary) =>
  finding.text === 'document' &&
  finding.pointer !== null &&
  field.pointers.some((pointer) => finding.pointer === pointer || finding.pointer!.startsWith(`${pointer}/`));

function FieldEditor({ field, steps, blocks, sharedFields, findings, document, onChange, readOnly, lists, onShowStep, impact, onCarry }: FieldEditorProps) {
  const id = useId();
  const errorsId = `${id}-fouten`;
  const set = (setting: FieldSetting, value: string | number | undefined) => onChange(setField(document, field.step, field.key, setting, value));
  const label = field.title ?? field.key;
  const own = findings.filter((finding) => belongsTo(finding, field));
  const options = readOptions(document, field.step, field.key);
  const messages = Object.keys(readMessages(document, field.step, field.key)).length;
  const described = own.length > 0 ? errorsId : undefined;
  // A field of a repeating group says which group it is in (its name in the data is in its details).
  const group = field.key.includes('.')
    ? steps.find((step) => step.index === field.step)?.fields.find((other) => other.key === field.key.split('.')[0])
    : undefined;
  const legend = group ? `${label} (in de groep ‘${group.title ?? group.key}’)` : label;
  return (
    <fieldset className="utrecht-form-fieldset beheer-field" aria-describedby={described}>
      <legend className="utrecht-form-fieldset__legend beheer-field__legend">{legend}</legend>
      {own.length > 0 && (
        <ul className="beheer-field__findings" id={errorsId}>
          {own.map((finding, index) => (
            <li key={index} className={finding.severity === 'error' ? 'utrecht-form-field-error-message' : 'beheer-field__warning'}>
              {/* A warning does not hold up publishing: it is not announced as an error. */}
              <span className="visually-hidden">{finding.severity === 'error' ? 'Fout: ' : 'Waarschuwing: '}</span>
              {finding.message}
            </li>
          ))}
        </ul>
      )}
      <div className="beheer-field__grid">
        <label className="utrecht-form-label" htmlFor={`${id}-label`}>
          Label
        </label>
        <input
          id={`${id}-label`}
          className="utrecht-textbox utrecht-textbox--html-input"
          value={field.title ?? ''}
          readOnly={readOnly}
          onChange={(event) => set('title', event.target.value)}
        />
        <label className="utrecht-form-label" htmlFor={`${id}-help`}>
          Helptekst
        </label>
        <input
          id={`${id}-help`}
          className="utrecht-textbox utrecht-textbox--html-input"
          value={field.help ?? ''}
          readOnly={readOnly}
          onChange={(event) => set('help', event.target.value)}
        />
        <span />
        <div className="utrecht-form-field utrecht-form-field--checkbox">
          <input
            id={`${id}-required`}
            type="checkbox"
            className="utrecht-checkbox utrecht-checkbox--html-input"
            checked={field.required}
            disabled={readOnly}
            onChange={(event) => onChange(setRequired(document, field.step, field.key, event.target.checked))}
          />{' '}
          <label className="utrecht-form-label utrecht-form-label--checkbox" htmlFor={`${id}-required`}>
            Verplicht
          </label>
        </div>
        <FieldLimits label={label} text={document} step={field.step} fieldKey={field.key} sharedFields={sharedFields} onChange={onChange} readOnly={readOnly} />
      </div>
      {options !== undefined && (
        <details className="beheer-rule">
          <summary className="beheer-rule__summary">
            {options.kind === 'lijst' ? `Keuzes: uit de lijst ${options.list}` : `Keuzes: ${options.options.length} vaste keuzes`}
          </summary>
          <OptionsEditor
            label={label}
            text={document}
            step={field.step}
            fieldKey={field.key}
            lists={Object.keys(blocks?.lijsten ?? {})}
            onChange={onChange}
            readOnly={readOnly}
            askRemove={(option) => impact.askRemoveOption(field.step, field.key, option)}
          />
        </details>
      )}
      <details className="beheer-rule" open={messages > 0}>
        <summary className="beheer-rule__summary">
          {messages === 0 ? 'Meldingen: de standaardmeldingen' : `Meldingen: ${messages} eigen ${messages === 1 ? 'melding' : 'meldingen'}`}
        </summary>
        <MessagesEditor
          label={label}
          text={document}
          step={field.step}
          fieldKey={field.key}
          sharedFields={sharedFields}
          onChange={onChange}
          readOnly={readOnly}
        />
      </details>
      <details className="beheer-rule" open={field.visibleIf !== undefined}>
        <summary className="beheer-rule__summary">{field.visibleIf === undefined ? 'Wanneer tonen: altijd' : 'Wanneer tonen: met een voorwaarde'}</summary>
        {readOnly ? (
          <p className="utrecht-paragraph">{ruleSentence(field.visibleIf, ruleFieldsFor(steps, field.step, field.key, blocks, lists))}</p>
        ) : (
          <RuleBuilder
            label={`Wanneer tonen: ${label}`}
            value={field.visibleIf}
            fields={ruleFieldsFor(steps, field.step, field.key, blocks, lists)}
            onChange={(logic) => onChange(setVisibleIf(document, field.step, field.key, logic))}
          />
        )}
      </details>
      {impact.parsed && (
        <FieldDetails
          label={legend}
          fieldKey={field.key}
          step={field.step}
          document={impact.parsed}
          usageOf={() => impact.usageOf({ kind: 'field', step: field.step, key: field.key })}
          readOnly={readOnly}
          reopened={impact.renamed === `${field.step}:${field.key}`}
          counts={impact.countsFor?.(field.step, field.key)}
          onRename={(to) => impact.rename(field.step, field.key, to)}
        />
      )}
      {!readOnly && <FieldPlacement field={field} steps={steps} document={document} onChange={onChange} onShowStep={onShowStep} onCarry={onCarry} />}
      {!readOnly && (
        <Button appearance="subtle-button" className="beheer-remove-field" onClick={() => impact.askRemoveField(field.step, field.key)}>
          Veld verwijderen<span className="visually-hidden">{` ${legend}`}</span>
        </Button>
      )}
    </fieldset>
  );
}

/** A step's own settings: its title, its place among the steps (and new steps, a copy, removal), its texts before and after the fields. */
function StepTools({
  step,
  steps,
  document,
  onChange,
  readOnly,
  onShowStep,
  onRemove,
  onCarry,
}: {
  step: StepSummary;
  steps: StepSummary[];
  document: string;
  onChange: (text: string) => void;
  readOnly: boolean;
  onShowStep(id: string): void;
  onRemove(): void;
  onCarry(renames: TextRename[], copy: boolean): void;
}) {
  const id = useId();
  return (
    <div className="beheer-step-tools">
      <div className="beheer-field__grid">
        <label className="utrecht-form-label" htmlFor={`${id}-titel`}>
          Titel van de stap
        </label>
        <input
          id={`${id}-titel`}
          className="utrecht-textbox utrecht-textbox--html-input"
          value={step.title}
          readOnly={readOnly}
          onChange={(event) => onChange(setAt(document, ['steps', step.index, 'title'], event.target.value))}
        />
      </div>
      {!readOnly && (
        <StepActions step={step} steps={steps} document={document} onChange={onChange} onShowStep={onShowStep} onRemove={onRemove} onCarry={onCarry} />
      )}
      <PageBlocks
        summary="Inleiding van de stap"
        label={`Inleiding van '${step.title}'`}
        text={document}
        path={['steps', step.index, 'intro']}
        onChange={onChange}
        readOnly={readOnly}
      />
      <PageBlocks
        summary="Tekst na de velden"
        label={`Tekst na de velden van '${step.title}'`}
        text={document}
        path={['steps', step.index, 'outro']}
        onChange={onChange}
        readOnly={readOnly}
      />
    </div>
  );
}

/** The flow's own texts: its title, its start page, the review's texts and the confirmation page's title and content. */
function FlowTexts({ document, onChange, readOnly }: { document: string; onChange: (text: string) => void; readOnly: boolean }) {
  const id = useId();
  let parsed: { title?: string; intro?: unknown; confirmation?: { title?: string; download?: { url?: string } } } = {};
  try {
    parsed = JSON.parse(document) as typeof parsed;
  } catch {
    parsed = {};
  }
  const text = (label: string, name: string, value: string | undefined, path: (string | number)[]) => (
    <>
      <label className="utrecht-form-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="utrecht-textbox utrecht-textbox--html-input"
        value={value ?? ''}
        readOnly={readOnly}
        onChange={(event) => onChange(setAt(document, path, event.target.value))}
      />
    </>
  );
  const pages = { text: document, onChange, readOnly };
  return (
    <>
      <div className="beheer-field__grid">
        {text('Titel van de flow', 'titel', parsed.title, ['title'])}
        {text('Titel van de bevestigingspagina', 'bevestiging-titel', parsed.confirmation?.title, ['confirmation', 'title'])}
      </div>
      {/* The start page exists only with its title and button; without them there is no page to fill. */}
      {parsed.intro !== undefined && (
        <PageBlocks summary="Startpagina van de flow" label="Tekst van de startpagina" path={['intro', 'blocks']} keepEmpty {...pages} />
      )}
      <PageBlocks summary="Inleiding van de controlestap" label="Inleiding van de controlestap" path={['review', 'intro']} {...pages} />
      <PageBlocks
        summary="Tekst na het overzicht van de controlestap"
        label="Tekst na het overzicht van de controlestap"
        path={['review', 'outro']}
        {...pages}
      />
      <PageBlocks
        summary="Bevestigingspagina"
        label="Tekst van de bevestigingspagina"
        path={['confirmation', 'blocks']}
        keepEmpty
        downloadUrl={parsed.confirmation?.download?.url}
        {...pages}
      />
    </>
  );
}

export function StructuredEditor({ document, onChange, findings, readOnly, blocks, english, onEnglishChange, countUses }: StructuredEditorProps) {
  const sharedFields = useMemo(
    () => (blocks ? Object.fromEntries(blocks.velden.map((definition) => [definition.id, definition.schema])) : undefined),
    [blocks],
  );
  const root = useRef<HTMLDivElement>(null);
  const impact = useImpact({ document, english, onChange, onEnglishChange, countUses, blocks, root });
  const lists = useMemo(() => flowLists(document, blocks), [document, blocks]);
  // The step shown; after a step is added, copied, removed or receives a field, its tab takes the focus.
  const [selected, setSelected] = useState<string>();
  const [focusTab, setFocusTab] = useState(false);
  useEffect(() => {
    if (!focusTab) return;
    setFocusTab(false);
    // `document` is the flow's text here; the page's document has the step tabs.
    globalThis.document.querySelector<HTMLElement>('[role="tablist"][aria-label="Stappen"] [role="tab"][aria-selected="true"]')?.focus();
  }, [focusTab]);
  const showStep = (id: string) => {
    setSelected(id);
    setFocusTab(true);
  };
  // An upload sends every field under its name within its step: a new field's name must be new to every step.
  const upload = useMemo(() => parseDocument(document)?.submit, [document]);
  const takenNames = (step: StepSummary) =>
    ('problem' in read ? [] : isObject(upload) && upload.kind === 'upload' ? read.steps : [step]).flatMap((one) =>
      one.fields.filter((field) => !field.key.includes('.')).map((field) => field.key),
    );
  const carry = (renames: TextRename[], copy: boolean) => {
    if (english !== undefined && onEnglishChange) onEnglishChange(carryEnglish(english, renames, copy));
  };
  const read = readSteps(document);
  if ('problem' in read) {
    return (
      <p className="utrecht-paragraph">
        {`De broncode is geen geldige JSON (${read.problem}). Herstel die eerst in de broncode; daarna zijn de velden hier weer te bewerken.`}
      </p>
    );
  }
  return (
    <div ref={root}>
      {impact.element}
      <Tabs
        label="Stappen"
        headingLevel={4}
        selected={selected}
        onSelect={setSelected}
        tabs={[
          ...read.steps.map((step) => ({
            id: step.id,
            title: step.title,
            heading: `Velden van de stap '${step.title}'`,
            content: (
              <div className="beheer-fields">
                <StepTools
                  step={step}
                  steps={read.steps}
                  document={document}
                  onChange={onChange}
                  readOnly={readOnly}
                  onShowStep={showStep}
                  onRemove={() => impact.askRemoveStep(step.index)}
                  onCarry={carry}
                />
                {step.fields.map((field) => (
                  <FieldEditor
                    key={field.key}
                    field={field}
                    steps={read.steps}
                    blocks={blocks}
                    sharedFields={sharedFields}
                    findings={findings}
                    document={document}
                    onChange={onChange}
                    readOnly={readOnly}
                    lists={lists}
                    onShowStep={showStep}
                    impact={impact}
                    onCarry={carry}
                  />
                ))}
                {!readOnly && blocks && (
                  <>
                    {/* A repeating group takes fields of its own: one form per group, after its fields. */}
                    {step.fields
                      .filter((field) => step.fields.some((other) => other.key.startsWith(`${field.key}.`)))
                      .map((group) => (
                        <AddField
                          key={group.key}
                          legend={`Veld toevoegen aan de groep '${group.title ?? group.key}'`}
                          taken={step.fields.filter((field) => field.key.startsWith(`${group.key}.`)).map((field) => field.key.slice(group.key.length + 1))}
                          blocks={blocks}
                          onAdd={(key, field) => onChange(addField(document, step.index, `${group.key}.${key}`, field))}
                        />
                      ))}
                    <AddField
                      legend={`Veld toevoegen aan '${step.title}'`}
                      taken={takenNames(step)}
                      blocks={blocks}
                      onAdd={(key, field) => onChange(addField(document, step.index, key, field))}
                    />
                  </>
                )}
                {!readOnly && (
                  <AddQuestion
                    legend={`Eigen vraag toevoegen aan '${step.title}'`}
                    taken={takenNames(step)}
                    onAdd={(key, question) => onChange(addQuestion(document, step.index, key, question))}
                  />
                )}
              </div>
            ),
          })),
          {
            id: 'flow-en-bevestiging',
            title: 'Flow en bevestiging',
            heading: 'Titel van de flow en de bevestigingspagina',
            content: <FlowTexts document={document} onChange={onChange} readOnly={readOnly} />,
          },
        ]}
      />
    </div>
  );
}
