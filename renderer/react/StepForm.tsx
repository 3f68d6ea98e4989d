/**
 * One input step as an rjsf form: the step's schema and derived uiSchema, the portal's widgets and
 * templates, and the precompiled validator rjsf's schema utilities need. Validation messages come
 * from the core (same code as the server) through the form context, not from rjsf.
 */
import Form from '@rjsf/core';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
// The deep import keeps ajv's compiler (not needed: validators are precompiled) out of the bundle.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { useMemo, useRef } from 'react';
import type { StepDefinition } from '../core/types';
import type { ValidatorSet } from '../core/validate';
import { fields, widgets } from '../../widgets';
import { StepStateContext, type RendererContext } from './formContext';
import { FieldTemplate } from './templates/FieldTemplate';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate';
import { buildUiSchema, withOptionFilters } from './uiSchema';

export interface StepFormProps {
  step: StepDefinition;
  validators: ValidatorSet;
  data: Record<string, unknown>;
  context: RendererContext;
  onChange: (data: Record<string, unknown>) => void;
  onBlur: (id: string) => void;
}

const templates = { FieldTemplate, ObjectFieldTemplate };
// No answer is given for the applicant: a consent (`const: true`) does not start ticked and a
// required yes/no question does not start at 'Nee'.
const defaultsBehavior = { constAsDefaults: 'never', emptyObjectFields: 'populateRequiredDefaults', requiredBooleanDefault: 'skip' } as const;

export function StepForm({ step, validators, data, context, onChange, onBlur }: StepFormProps) {
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
      errorFor: (path: string) => latest.current.errorFor(path),
      isHidden: (path: string) => latest.current.isHidden(path),
      boxesAfter: (path: string) => latest.current.boxesAfter(path),
    }),
    [t, lang, idPrefix, services],
  );
  const schema = step.schema as RJSFSchema;
  const baseUiSchema = useMemo(() => buildUiSchema(step.schema, step.uiSchema), [step]);
  const uiSchema = useMemo(() => withOptionFilters(baseUiSchema, context.state.options), [baseUiSchema, context.state.options]);
  const validator = useMemo(
    () => createPrecompiledValidator(validators as unknown as ValidatorFunctions, schema) as ValidatorType,
    [validators, schema],
  );
  return (
    <StepStateContext.Provider value={context}>
    <Form
      tagName="div"
      schema={schema}
      uiSchema={uiSchema}
      formData={data}
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
      onChange={(event) => onChange((event.formData ?? {}) as Record<string, unknown>)}
      onBlur={(id) => onBlur(id)}
    />
    </StepStateContext.Provider>
  );
}
