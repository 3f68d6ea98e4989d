/**
 * Checks every field's ui hints against the widget descriptions (`widgets/<Name>/widget.json`): the
 * widget or field a step names exists, renders the field's type and gets choices when it needs
 * them, and each `ui:options` entry is one the widget accepts, of the right type. A field without a
 * widget gets the one rjsf would choose, which must exist too — so no step can fail to render.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { defaultWidgetName, hasChoices, schemaType } from '../../../../renderer/core/defaultWidget';
import type { DesignProblem } from '../../../../renderer/core/rules';
import { escapePointer } from '../../../../renderer/core/rules/types';
import type { JsonSchema, StepDefinition, UiSchema } from '../../../../renderer/core/types';
import { buildUiSchema } from '../../../../renderer/core/uiSchema';
import { findDescription, type WidgetCatalogue, type WidgetDescription } from '../../../../renderer/core/widgetCatalogue';
import { explainOptions } from './optionMessages';

/** uiSchema keys the renderer (or rjsf) reads; anything else is a typing error. */
const UI_KEYS = new Set([
  'ui:widget', 'ui:field', 'ui:options', 'ui:help', 'ui:helpText', 'ui:title', 'ui:description', 'ui:placeholder',
  'ui:order', 'ui:enumNames', 'ui:autofocus', 'ui:disabled', 'ui:readonly', 'ui:label', 'ui:submitButtonOptions',
]);

export function widgetChecker(catalogue: WidgetCatalogue): (step: StepDefinition, stepIndex: number) => DesignProblem[] {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validators = new Map<WidgetDescription | undefined, ValidateFunction>();
  const optionsValidator = (description: WidgetDescription | undefined): ValidateFunction => {
    let validate = validators.get(description);
    if (!validate) {
      validate = ajv.compile({ type: 'object', additionalProperties: false, properties: { ...catalogue.commonOptions, ...(description?.options ?? {}) } });
      validators.set(description, validate);
    }
    return validate;
  };
  const known = (list: WidgetDescription[]) => list.map((entry) => entry.name).join(', ');

  const checkField = (schema: JsonSchema, ui: UiSchema, pointer: string, path: string, problems: DesignProblem[]): void => {
    for (const key of Object.keys(ui)) {
      if (key.startsWith('ui:') && !UI_KEYS.has(key)) problems.push({ pointer: `${pointer}/${escapePointer(key)}`, message: `onbekende uiSchema-instelling '${key}'` });
      if (!key.startsWith('ui:') && schema.properties?.[key] === undefined) problems.push({ pointer: `${pointer}/${escapePointer(key)}`, message: `onbekend veld '${path ? `${path}.` : ''}${key}' in uiSchema` });
    }
    const helpText = ui['ui:helpText'] as { text?: unknown } | undefined;
    if (helpText !== undefined && (typeof helpText !== 'object' || typeof helpText.text !== 'string')) problems.push({ pointer: `${pointer}/ui:helpText`, message: "ui:helpText heeft een 'text' nodig (en eventueel een 'label')" });
    const type = schemaType(schema);
    let description: WidgetDescription | undefined;
    if (typeof ui['ui:field'] === 'string') {
      description = findDescription(catalogue.fields, ui['ui:field']);
      if (!description) return void problems.push({ pointer: `${pointer}/ui:field`, message: `onbekend veld-type '${ui['ui:field']}'; bekend: ${known(catalogue.fields)}` });
    } else if (type === 'object' && schema.properties && ui['ui:widget'] === undefined) {
      // A group of fields: each field gets its own frame.
      for (const [key, child] of Object.entries(schema.properties)) checkField(child, (ui[key] as UiSchema | undefined) ?? {}, `${pointer}/${escapePointer(key)}`, path ? `${path}.${key}` : key, problems);
    } else {
      const name = (ui['ui:widget'] as string | undefined) ?? defaultWidgetName(schema);
      if (name === undefined) return void problems.push({ pointer, message: `het veld '${path}' (een lijst) heeft een widget nodig, bijvoorbeeld FileUpload` });
      description = findDescription(catalogue.widgets, name);
      if (!description) return void problems.push({ pointer: `${pointer}/ui:widget`, message: `onbekend widget '${name}'; bekende widgets: ${known(catalogue.widgets)}` });
    }
    if (description) {
      if (type !== undefined && !description.types.includes(type)) problems.push({ pointer, message: `${description.name} toont geen waarde van het type '${type}' (wel: ${description.types.join(', ')})` });
      if (description.needsOptions && !hasChoices(schema)) problems.push({ pointer, message: `${description.name} heeft keuzes nodig (enum of x-options)` });
    }
    const options = ui['ui:options'];
    if (options === undefined) return;
    const validate = optionsValidator(description);
    if (!validate(options)) problems.push(...explainOptions(validate.errors ?? [], `${pointer}/ui:options`, description?.name));
  };

  return (step, stepIndex) => {
    const problems: DesignProblem[] = [];
    const ui = buildUiSchema(step.schema, step.uiSchema);
    for (const [key, child] of Object.entries(step.schema.properties ?? {})) {
      checkField(child, (ui[key] as UiSchema | undefined) ?? {}, `/steps/${stepIndex}/uiSchema/${escapePointer(key)}`, key, problems);
    }
    return problems;
  };
}
