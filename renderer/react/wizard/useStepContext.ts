/**
 * The renderer context of the step on screen: its messages, hidden fields, boxes, variables and the
 * option lists allowed now. The same object is kept while what it says is unchanged (most key
 * presses), so the form's fields can skip rendering; see StepForm's update strategy.
 */
import { useMemo, useRef } from 'react';
import type { Environment } from '../../core/environment';
import type { Lang, Translate } from '../../core/i18n';
import { isWithin } from '../../core/paths';
import { visibleBoxes } from '../../core/rules/boxes';
import { optionFilters } from '../../core/rules/optionsFilter';
import { derivedFields } from '../../core/rules/derive';
import { hiddenFields } from '../../core/rules/visibility';
import type { StepDefinition } from '../../core/types';
import type { RendererContext } from '../formContext';

interface StepContextInput {
  step: StepDefinition | undefined;
  working: Environment;
  shownErrors: Record<string, string>;
  t: Translate;
  lang: Lang;
  idPrefix: string;
  services?: Record<string, unknown>;
}

function useStable(next: RendererContext): RendererContext {
  const previous = useRef<{ key: string; context: RendererContext } | undefined>(undefined);
  const key = JSON.stringify([next.state, next.lang, next.idPrefix]);
  if (previous.current?.key === key && previous.current.context.t === next.t) return previous.current.context;
  previous.current = { key, context: next };
  return next;
}

export function useStepContext({ step, working, shownErrors, t, lang, idPrefix, services }: StepContextInput): RendererContext {
  const fresh: RendererContext = useMemo(() => {
    const hidden = step ? hiddenFields(step, working) : [];
    const boxes = visibleBoxes(step, working);
    return {
      t,
      lang,
      idPrefix,
      services,
      state: { shownErrors, hidden, boxes, vars: working.$vars ?? {}, options: optionFilters(step, working), derived: derivedFields(step, working) },
      errorFor: (path) => shownErrors[path],
      isHidden: (path) => hidden.some((field) => isWithin(path, field)),
      boxesAfter: (path) => boxes.filter((box) => (box.after ?? '') === path),
    };
  }, [shownErrors, step, working, t, lang, idPrefix, services]);
  return useStable(fresh);
}
