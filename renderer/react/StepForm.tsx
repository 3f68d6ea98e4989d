/**
 * One input step as an rjsf form: the step's schema and derived uiSchema, the portal's widgets and
 * templates, and the precompiled validator rjsf's schema utilities need. Validation messages come
 * from the core (same code as the server) through the form context, not from rjsf.
 */
import Form, { type IChangeEvent } from '@rjsf/core';
import { deepEquals, type RJSFSchema } from '@rjsf/utils';
import { useMemo, useRef } from 'react';
import type { Translate } from '../core/i18n';
import type { StepDefinition } from '../core/types';
import type { ValidatorSet } from '../core/validate';
import { fields, widgets, type ChangeQueue } from '../../widgets';
import { StepStateContext, type RendererContext } from './formContext';
import { FieldTemplate } from './templates/FieldTemplate';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate';
import { buildUiSchema, withOptionFilters, withReadonly } from '../core/uiSchema';
import { FORM_DEFAULTS_BEHAVIOR, MERGE_ALL_OF } from '../core/formDefaults';
import { rjsfValidator } from '../core/rjsfValidator';

export interface StepFormProps {
  /** The step as in effect for its data (conditions decided; see core/conditions). */
  step: StepDefinition;
  validators: ValidatorSet;
  data: Record<string, unknown>;
  context: RendererContext;
  /** Where text fields queue what is typed until the next paint (see widgets/shared/typing). */
  changes: ChangeQueue;
  onChange: (data: Record<string, unknown>) => void;
  onBlur: (id: string) => void;
}

// The list templates come with rjsf's ArrayField when a step first shows a list (./fields). The
// wizard has buttons of its own, so the form has no submit button.
const templates = { FieldTemplate, ObjectFieldTemplate, ButtonTemplates: { SubmitButton: () => null } };

/**
 * A number per translate function. rjsf compares a field's props deeply but holds every function
 * equal, so a formContext whose `t` changed (the English texts arrived after the first render) would
 * leave the widgets' own texts ('Ja'/'Nee') in the old language: the number changes with `t`.
 */
const translationIds = new WeakMap<Translate, number>();
let lastTranslationId = 0;
function translationId(t: Translate): number {
  let id = translationIds.get(t);
  if (id === undefined) translationIds.set(t, (id = ++lastTranslationId));
  return id;
}

export function StepForm({ step, validators, data, context, changes, onChange, onBlur }: StepFormProps) {
  // rjsf gets a formContext that stays the same object for the whole step; its functions read the
  // latest context, and the templates take the changing state from StepStateContext.
  const latest = useRef(context);
  latest.current = context;
  const { t, lang, textLang, idPrefix, services } = context;
  const formContext = useMemo(
    () => ({
      t,
      texts: translationId(t),
      lang,
      textLang,
      idPrefix,
      services,
      changes,
      errorFor: (path: string) => latest.current.errorFor(path),
      isHidden: (path: string) => latest.current.isHidden(path),
      boxesAfter: (path: string) => latest.current.boxesAfter(path),
    }),
    [t, lang, textLang, idPrefix, services, changes],
  );
  const schema = step.schema as RJSFSchema;
  const baseUiSchema = useMemo(() => buildUiSchema(step.schema, step.uiSchema), [step]);
  const derived = context.state.derived.join('|');
  const uiSchema = useMemo(
    () => withReadonly(withOptionFilters(baseUiSchema, context.state.options), derived ? derived.split('|') : []),
    [baseUiSchema, context.state.options, derived],
  );
  const validator = rjsfValidator(validators);
  const formData = useReportedData(data, [schema, uiSchema, formContext, validator]);
  // The form compares its props by identity (`experimental_componentUpdateStrategy="shallow"`):
  // every prop above is the same object until it changes, so the handlers are too.
  const current = useRef({ onChange, onBlur, formData });
  current.current = { onChange, onBlur, formData };
  const handlers = useMemo(
    () => ({
      change: (event: IChangeEvent) => {
        current.current.formData.reported = event.formData;
        current.current.onChange((event.formData ?? {}) as Record<string, unknown>);
      },
      blur: (id: string) => current.current.onBlur(id),
    }),
    [],
  );
  return (
    <StepStateContext.Provider value={context}>
      <Form
        tagName="div"
        schema={schema}
        uiSchema={uiSchema}
        formData={formData.current}
        validator={validator}
        widgets={widgets}
        fields={fields}
        templates={templates}
        formContext={formContext}
        idPrefix={context.idPrefix}
        noValidate
        noHtml5Validate
        showErrorList={false}
        experimental_defaultFormStateBehavior={FORM_DEFAULTS_BEHAVIOR}
        experimental_customMergeAllOf={MERGE_ALL_OF}
        experimental_componentUpdateStrategy="shallow"
        onChange={handlers.change}
        onBlur={handlers.blur}
      />
    </StepStateContext.Provider>
  );
}

/**
 * The data to hand rjsf. rjsf re-derives its whole state (defaults, resolved schema, field ids)
 * whenever a prop changes, which is much of the cost of every change. When the step's data is what
 * the form itself reported last (typed text) and nothing else changed, the previous
 * props are handed back unchanged: the form already shows that data. Anything else (a dependent
 * answer reset, a derived value, a new option list) goes to rjsf as new data.
 */
function useReportedData(data: Record<string, unknown>, deps: unknown[]): { current: Record<string, unknown>; reported?: unknown } {
  const shown = useRef<{ current: Record<string, unknown>; reported?: unknown; deps: unknown[] } | undefined>(undefined);
  const previous = shown.current;
  const unchanged = previous !== undefined && deps.every((dep, index) => dep === previous.deps[index]);
  if (unchanged && (data === previous.current || (previous.reported !== undefined && deepEquals(data, previous.reported)))) return previous;
  // New data from the step: what the form reported before no longer says what it shows.
  shown.current = { current: data, deps };
  return shown.current;
}
