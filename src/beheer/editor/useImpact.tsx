/**
 * Removing and renaming with their impact, for the structured editor and whatever else removes a
 * field, an option or a step: `ask…` opens the question (RemovalDialog) with where the part is used
 * and what applicants stored; confirmed, the part goes with the uses chosen, in the document and in
 * its English, so no finding is left that only the source view could mend. A rename is made in the
 * same way without asking. Afterwards a status line says what happened and focus goes to the place
 * the part was (the step's panel, the list of choices, the step tabs).
 */
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { BuildingBlocks, UsageCounts } from '../api';
import { analyse } from '../../shared/usage/analyse';
import { stepsOf, stepTitle, quote, type Json } from '../../shared/usage/document';
import type { Target, Usage } from '../../shared/usage/types';
import { changeTexts, chosenEdits, editTexts, renameInTexts } from './impactEdits';
import { RemovalDialog, type RemovalDialogProps } from './RemovalDialog';

export interface ImpactOptions {
  document: string;
  /** The English texts (they follow the document's texts); without them only the document changes. */
  english?: string;
  onChange: (document: string) => void;
  onEnglishChange?: (english: string) => void;
  /** How much stored data concerns a model path (and an option's value); without it no counts are shown. */
  countUses?: (path: string, value?: string | number | boolean) => Promise<UsageCounts>;
  blocks?: BuildingBlocks;
  /** The editor's element: focus is put back inside it after a removal. */
  root: RefObject<HTMLElement | null>;
}

/** An option's removal as the choices editor makes it: the text without the option, and what it does afterwards (focus, status). */
export interface OptionRemoval {
  value: string | number | boolean;
  label: string;
  apply: (document: string) => string;
  done: () => void;
}

export interface Impact {
  askRemoveField: (step: number, key: string) => void;
  askRemoveOption: (step: number, key: string, option: OptionRemoval) => void;
  askRemoveStep: (step: number) => void;
  rename: (step: number, key: string, to: string) => void;
  /** The uses of a target in the current document (for the details of a field). */
  usageOf: (target: Target) => Usage;
  /** Counts of stored data for a field's details, when the server can be asked. */
  countsFor?: (step: number, key: string) => () => Promise<UsageCounts>;
  /** The parsed document, or undefined when the text is no JSON. */
  parsed: Json | undefined;
  /** The field just renamed (`step:key`), whose details stay open. */
  renamed?: string;
  /** The dialog (while asking) and the status line. */
  element: ReactNode;
}

interface Asking extends Omit<RemovalDialogProps, 'onConfirm' | 'onCancel' | 'counts'> {
  countsPath?: string;
  countsValue?: string | number | boolean;
  confirm: (chosen: ReadonlySet<string>) => void;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function parse(text: string): Json | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/** "met 3 aanpassingen elders" for a status line. */
const adjusted = (count: number) => (count === 0 ? '' : `, met ${count} ${count === 1 ? 'aanpassing' : 'aanpassingen'} elders`);

export function useImpact({ document, english = '', onChange, onEnglishChange, countUses, blocks, root }: ImpactOptions): Impact {
  const [asking, setAsking] = useState<Asking>();
  const [status, setStatus] = useState('');
  const [renamed, setRenamed] = useState<string>();
  const parsed = useMemo(() => parse(document), [document]);
  const definitions = useMemo(() => (blocks ? Object.fromEntries(blocks.velden.map((definition) => [definition.id, definition.schema])) : undefined), [blocks]);

  // Focus moves once what was removed is gone from the page (after the dialog has closed).
  const pendingFocus = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    const task = pendingFocus.current;
    pendingFocus.current = undefined;
    task?.();
  });
  const focusLater = (selector: string) => {
    pendingFocus.current = () => root.current?.querySelector<HTMLElement>(selector)?.focus();
  };

  /** Both texts after the removal with the uses chosen (and, for a choice, the list without it). */
  const removed = (usage: Usage, chosen: ReadonlySet<string>, after?: (text: string) => string) => {
    const edited = editTexts({ document, english }, chosenEdits(usage, chosen));
    return after ? changeTexts(edited, after) : edited;
  };

  const write = (usage: Usage, chosen: ReadonlySet<string>, after?: (text: string) => string) => {
    const next = removed(usage, chosen, after);
    onChange(next.document);
    if (onEnglishChange && next.english !== english) onEnglishChange(next.english);
    setAsking(undefined);
  };

  /** The usage with the English texts that go along as one of its own parts (counted with the uses offered checked). */
  const withEnglish = (usage: Usage, after?: (text: string) => string): Usage => {
    if (!onEnglishChange || english.trim() === '') return usage;
    const entries = (text: string) => Object.keys(parse(text) ?? {}).length;
    const gone = entries(english) - entries(removed(usage, new Set(usage.uses.filter((use) => use.preselect).map((use) => use.id)), after).english);
    return gone > 0
      ? { ...usage, own: [...usage.own, { text: gone === 1 ? 'de Engelse vertaling van 1 tekst' : `de Engelse vertaling van ${gone} teksten` }] }
      : usage;
  };

  const usageOf = (target: Target): Usage =>
    parsed ? analyse(parsed, target, { definitions }) : { name: '', paths: [], uses: [], own: [], remaining: [], edits: [] };
  const stepName = (step: number) => quote(stepTitle(parsed ? (stepsOf(parsed)[step] ?? {}) : {}, step));

  /** Opens the question for a usage; confirmed, the part goes with the uses chosen, then `after` runs (focus). */
  const ask = (
    usage: Usage,
    question: Omit<Asking, 'usage' | 'confirm' | 'countsPath'> & { countsValue?: string | number | boolean },
    after: () => void,
    change?: (text: string) => string,
  ) =>
    setAsking({
      ...question,
      usage: withEnglish(usage, change),
      countsPath: usage.paths[0],
      confirm: (chosen) => {
        write(usage, chosen, change);
        setStatus(`${capital(usage.name)} is verwijderd${adjusted(usage.uses.filter((use) => chosen.has(use.id)).length)}.`);
        after();
      },
    });

  const askRemoveField = (step: number, key: string) => {
    const usage = usageOf({ kind: 'field', step, key });
    const question = `Wilt u ${usage.name} uit de stap ${stepName(step)} verwijderen?`;
    ask(
      usage,
      { title: `${capital(usage.name.replace(/^het veld /, 'veld '))} verwijderen`, question, subject: 'veld', confirmLabel: 'Veld verwijderen' },
      () => focusLater('[role="tabpanel"]:not([hidden])'),
    );
  };

  const askRemoveOption = (step: number, key: string, option: OptionRemoval) => {
    if (!parsed) {
      onChange(option.apply(document));
      option.done();
      return;
    }
    const label = option.label || String(option.value);
    const usage = analyse(parsed, { kind: 'option', step, key, value: option.value }, { definitions, optionLabel: label });
    const question = `Wilt u ${usage.name} verwijderen?`;
    ask(
      usage,
      { title: `Keuze ${quote(label)} verwijderen`, question, subject: 'keuze', confirmLabel: 'Keuze verwijderen', countsValue: option.value },
      option.done,
      option.apply,
    );
  };

  const askRemoveStep = (step: number) => {
    const usage = usageOf({ kind: 'step', step });
    const question = `Wilt u ${usage.name} met al haar vragen en teksten verwijderen?`;
    ask(usage, { title: `Stap ${stepName(step)} verwijderen`, question, subject: 'stap', confirmLabel: 'Stap verwijderen' }, () =>
      focusLater('[role="tab"][aria-selected="true"]'),
    );
  };

  const rename = (step: number, key: string, to: string) => {
    const before = usageOf({ kind: 'field', step, key });
    const next = renameInTexts({ document, english }, step, key, to);
    onChange(next.document);
    if (onEnglishChange && next.english !== english) onEnglishChange(next.english);
    const newKey = key.includes('.') ? `${key.split('.')[0]}.${to}` : to;
    setRenamed(`${step}:${newKey}`);
    setStatus(
      `De naam in de gegevens van ${before.name} is nu ${to}${before.uses.length > 0 ? `; ${before.uses.length} ${before.uses.length === 1 ? 'plaats die het veld noemt, is' : 'plaatsen die het veld noemen, zijn'} aangepast` : ''}.`,
    );
  };

  const counts = asking?.countsPath !== undefined && countUses ? () => countUses(asking.countsPath as string, asking.countsValue) : undefined;
  const element = (
    <>
      <p className="utrecht-paragraph beheer-status" role="status">
        {status}
      </p>
      {asking && (
        <RemovalDialog
          title={asking.title}
          question={asking.question}
          usage={asking.usage}
          subject={asking.subject}
          confirmLabel={asking.confirmLabel}
          counts={counts}
          onConfirm={asking.confirm}
          onCancel={() => setAsking(undefined)}
        />
      )}
    </>
  );

  const countsFor = countUses
    ? (step: number, key: string) => () => {
        const steps = parsed ? stepsOf(parsed) : [];
        const dataKey = typeof steps[step]?.dataKey === 'string' ? (steps[step].dataKey as string) : '';
        return countUses(`${dataKey}.${key}`);
      }
    : undefined;

  return { askRemoveField, askRemoveOption, askRemoveStep, rename, usageOf, countsFor, parsed, renamed, element };
}
