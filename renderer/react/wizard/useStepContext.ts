/**
 * The renderer context of the step on screen: its messages, hidden fields, boxes, variables and the
 * option lists allowed now. The same object is kept while what it says is unchanged (most key
 * presses), so the form's fields can skip rendering; see StepForm's update strategy.
 */
import { useMemo, useRef } from 'react';
import type { Environment } from '../../core/environment';
import { NO_DUTCH_TEXTS, type TextLang } from '../../core/dutchTexts';
import type { Lang, Translate } from '../../core/i18n';
import { isWithin } from '../../core/paths';
import { visibleBoxes } from '../../core/rules/boxes';
import { optionFilters } from '../../core/rules/optionsFilter';
import { derivedFields } from '../../core/rules/derive';
import { hiddenFields } from '../../core/rules/visibility';
import { optionTitle, type ChoiceSite } from '../../core/conditions';
import type { StepDefinition } from '../../core/types';
import type { RendererContext } from '../formContext';

interface StepContextInput {
  /** The step as in effect for its data. */
  step: StepDefinition | undefined;
  /** Its choices between groups of fields. */
  choices: ChoiceSite[];
  onChoose: (path: string, index: number) => void;
  working: Environment;
  shownErrors: Record<string, string>;
  t: Translate;
  lang: Lang;
  /** Which texts of the flow are shown in Dutch on an English page (none when absent). */
  textLang?: TextLang;
  idPrefix: string;
  services?: Record<string, unknown>;
}

function useStable(next: RendererContext): RendererContext {
  const previous = useRef<{ key: string; context: RendererContext } | undefined>(undefined);
  const key = JSON.stringify([next.state, next.lang, next.idPrefix]);
  if (previous.current?.key === key && previous.current.context.t === next.t && previous.current.context.textLang === next.textLang)
    return previous.current.context;
  previous.current = { key, context: next };
  return next;
}

export function useStepContext({
  step,
  choices,
  onChoose,
  working,
  shownErrors,
  t,
  lang,
  textLang = NO_DUTCH_TEXTS,
  idPrefix,
  services,
}: StepContextInput): RendererContext {
  const latestChoose = useRef(onChoose);
  latestChoose.current = onChoose;
  const fresh: RendererContext = useMemo(() => {
    const hidden = step ? hiddenFields(step, working) : [];
    const boxes = visibleBoxes(step, working);
    const shownChoices = choices.map((site) => ({
      path: site.path,
      ...(site.label ? { label: site.label } : {}),
      options: site.options.map((_, index) => optionTitle(site.options, index, t)),
      chosen: site.chosen,
      fields: site.fields,
    }));
    return {
      t,
      lang,
      textLang,
      idPrefix,
      services,
      state: {
        shownErrors,
        hidden,
        boxes,
        vars: working.$vars ?? {},
        options: optionFilters(step, working),
        derived: derivedFields(step, working),
        choices: shownChoices,
      },
      errorFor: (path) => shownErrors[path],
      isHidden: (path) => hidden.some((field) => isWithin(path, field)),
      boxesAfter: (path) => boxes.filter((box) => (box.after ?? '') === path),
      choose: (path, index) => latestChoose.current(path, index),
    };
  }, [shownErrors, step, choices, working, t, lang, textLang, idPrefix, services]);
  return useStable(fresh);
}
