/**
 * One input step as an rjsf form: the step's schema and derived uiSchema, the portal's widgets and
 * templates, and the precompiled validator rjsf's schema utilities need. Validation messages come
 * from the core (same code as the server) through the form context, not from rjsf.
 */
import Form from '@rjsf/core';
import { createSchemaUtils, deepEquals, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
// The deep import keeps ajv's compiler (not needed: validators are precompiled) out of the bundle.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { useMemo, useRef } from 'react';
import { stepInEffect } from '../core/conditions';
import type { StepDefinition } from '../core/types';
import type { ValidatorSet } from '../core/validate';
import { fields, widgets, type ChangeQueue } from '../../widgets';
import { StepStateContext, type RendererContext } from './formContext';
import { FieldTemplate } from './templates/FieldTemplate';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate';
import { buildUiSchema, withOptionFilters, withReadonly } from '../core/uiSchema';

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

// The list templates come with rjsf's ArrayField when a step first shows a list (./fields).
const templates = { FieldTemplate, ObjectFieldTemplate };
// No answer is given for the applicant: a consent (`const: true`) does not start ticked and a
// required yes/no question does not start at 'Nee'. The defaults a flow gives do apply, also to
// optional fields (an empty optional group is not created for it).
const defaultsBehavior = { constAsDefaults: 'never', emptyObjectFields: 'populateAllDefaults', requiredBooleanDefault: 'skip' } as const;

const precompiled = new WeakMap<ValidatorSet, WeakMap<object, ValidatorType>>();

/** rjsf's validator over the precompiled functions, one per validator set and schema. */
function validatorFor(validators: ValidatorSet, schema: RJSFSchema): ValidatorType {
  let bySchema = precompiled.get(validators);
  if (!bySchema) precompiled.set(validators, (bySchema = new WeakMap()));
  let validator = bySchema.get(schema);
  if (!validator) bySchema.set(schema, (validator = createPrecompiledValidator(validators as unknown as ValidatorFunctions, schema) as ValidatorType));
  return validator;
}

const initialData = new WeakMap<object, Record<string, unknown>>();

/** rjsf's defaults for `data` in `schema`, as the form works them out. */
function defaultsIn(schema: RJSFSchema, validators: ValidatorSet, data: Record<string, unknown>): Record<string, unknown> {
  const utils = createSchemaUtils(validatorFor(validators, schema), schema, defaultsBehavior);
  const defaults: unknown = utils.getDefaultFormState(utils.getRootSchema(), data, false);
  return defaults && typeof defaults === 'object' && !Array.isArray(defaults) ? (defaults as Record<string, unknown>) : {};
}

/**
 * The data a step starts with before anything is entered: the defaults the flow gives, worked out
 * the way the form itself does — in the schema the form is given, the step as in effect for that
 * data (conditions decided; a default may decide one). Handing the form this data at its first
 * render means it does not report them as a change and render the whole step a second time (with
 * the fields their defaults hide shown for a moment).
 */
export function initialStepData(step: StepDefinition, validators: ValidatorSet): Record<string, unknown> {
  let data = initialData.get(step.schema);
  if (!data) {
    try {
      const first = stepInEffect(step, {}, validators).step.schema as RJSFSchema;
      data = defaultsIn(first, validators, {});
      const decided = stepInEffect(step, data, validators).step.schema as RJSFSchema;
      if (decided !== first) data = defaultsIn(decided, validators, data);
    } catch (error) {
      // Never a reason not to show the step: the form then works the defaults out itself.
      console.error('Standaardwaarden van de stap niet bepaald', error);
      data = {};
    }
    initialData.set(step.schema, data);
  }
  return data;
}

export function StepForm({ step, validators, data, context, changes, onChange, onBlur }: StepFormProps) {
  // rjsf gets a formContext that stays the same object for the whole step; its functions read the
  // latest context, and the templates take the changing state from StepStateContext.
  const latest = useRef(context);
  latest.current = context;
  const { t, lang, idPrefix, services } = context;
  const formContext = useMemo(
    () => ({
      t,
      lang,
      idPrefix,
      services,
      changes,
      errorFor: (path: string) => latest.current.errorFor(path),
      isHidden: (path: string) => latest.current.isHidden(path),
      boxesAfter: (path: string) => latest.current.boxesAfter(path),
    }),
    [t, lang, idPrefix, services, changes],
  );
  const schema = step.schema as RJSFSchema;
  const baseUiSchema = useMemo(() => buildUiSchema(step.schema, step.uiSchema), [step]);
  const derived = context.state.derived.join('|');
  const uiSchema = useMemo(
    () => withReadonly(withOptionFilters(baseUiSchema, context.state.options), derived ? derived.split('|') : []),
    [baseUiSchema, context.state.options, derived],
  );
  const validator = useMemo(() => validatorFor(validators, schema), [validators, schema]);
  const formData = useReportedData(data, [schema, uiSchema, formContext, validator]);
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
      experimental_defaultFormStateBehavior={defaultsBehavior}
      onChange={(event) => {
        formData.reported = event.formData;
        onChange((event.formData ?? {}) as Record<string, unknown>);
      }}
      onBlur={(id) => onBlur(id)}
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
