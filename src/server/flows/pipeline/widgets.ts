/**
 * Checks every field's ui hints against the widget descriptions (`widgets/<Name>/widget.json`): the
 * widget or field a step names exists, renders the field's type and gets choices when it needs
 * them, and each `ui:options` entry is one the widget accepts, of the right type. A field without a
 * widget gets the one rjsf would choose, which must exist too — so no step can fail to render.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { allProperties, branchesOf } from '../../../../renderer/core/conditions/branches';
import { defaultWidgetName, hasChoices, isChoiceArray, schemaType } from '../../../../renderer/core/defaultWidget';
import { isRepeatingGroup } from '../../../../renderer/core/schemaPaths';
import type { DesignProblem } from '../../../../renderer/core/rules';
import { escapePointer } from '../../../../renderer/core/rules/types';
import type { JsonSchema, StepDefinition, UiSchema } from '../../../../renderer/core/types';
import { buildUiSchema } from '../../../../renderer/core/uiSchema';
import { findDescription, type WidgetCatalogue, type WidgetDescription } from '../../../../renderer/core/widgetCatalogue';
import { explainOptions } from './optionMessages';

/** uiSchema keys the renderer (or rjsf) reads; anything else is a typing error. */
const UI_KEYS = new Set([
  'ui:widget', 'ui:field', 'ui:options', 'ui:help', 'ui:helpText', 'ui:title', 'ui:description', 'ui:placeholder',
  'ui:order', 'ui:enumNames', 'ui:enumOrder', 'ui:autofocus', 'ui:disabled', 'ui:readonly', 'ui:label', 'ui:submitButtonOptions', 'ui:review',
]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Problems of `ui:enumNames`: a list must name every value of the enum in order, a map only values of the enum. */
function enumNamesProblems(choices: JsonSchema, names: unknown, pointer: string): DesignProblem[] {
  const values = Array.isArray(choices.enum) ? choices.enum : undefined;
  if (names === undefined) return [];
  if (!values) return [{ pointer, message: 'ui:enumNames hoort bij een veld met enum' }];
  if (Array.isArray(names)) {
    return names.length === values.length && names.every((name) => typeof name === 'string')
      ? []
      : [{ pointer, message: `ui:enumNames heeft ${names.length} teksten, de enum ${values.length} waarden; geef per waarde een tekst, in dezelfde volgorde` }];
  }
  if (!isRecord(names)) return [{ pointer, message: 'ui:enumNames is een lijst van teksten of een object van waarde naar tekst' }];
  const known = new Set(values.map(String));
  return Object.keys(names).filter((key) => !known.has(key)).map((key) => ({ pointer: `${pointer}/${escapePointer(key)}`, message: `'${key}' is geen waarde van de enum` }));
}

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

  /** The fields of a group (its own and those a condition adds), each against its ui hints. */
  const checkFields = (schema: JsonSchema, ui: UiSchema, pointer: string, path: string, problems: DesignProblem[]): void => {
    for (const [key, child] of Object.entries(allProperties(schema))) checkField(child, (ui[key] as UiSchema | undefined) ?? {}, `${pointer}/${escapePointer(key)}`, path ? `${path}.${key}` : key, problems);
  };

  /** The keys of a field's ui hints: known `ui:` settings, and below a group only its fields (`items` below a repeating group). */
  const checkKeys = (schema: JsonSchema, ui: UiSchema, pointer: string, path: string, problems: DesignProblem[]): void => {
    const fields = typeof ui['ui:field'] === 'string' ? {} : allProperties(schema);
    for (const key of Object.keys(ui)) {
      const at = `${pointer}/${escapePointer(key)}`;
      if (key.startsWith('ui:')) {
        if (!UI_KEYS.has(key)) problems.push({ pointer: at, message: `onbekende uiSchema-instelling '${key}'` });
      } else if (isRepeatingGroup(schema)) {
        if (key !== 'items') problems.push({ pointer: at, message: `'${key}' is geen veld van '${path}'; de velden van een herhalende groep staan onder 'items'` });
      } else if (fields[key] === undefined && typeof ui['ui:field'] !== 'string') problems.push({ pointer: at, message: `onbekend veld '${path}.${key}' in uiSchema` });
    }
  };

  const checkField = (schema: JsonSchema, ui: UiSchema, pointer: string, path: string, problems: DesignProblem[]): void => {
    checkKeys(schema, ui, pointer, path, problems);
    const helpText = ui['ui:helpText'] as { text?: unknown } | undefined;
    if (helpText !== undefined && (typeof helpText !== 'object' || typeof helpText.text !== 'string')) problems.push({ pointer: `${pointer}/ui:helpText`, message: "ui:helpText heeft een 'text' nodig (en eventueel een 'label')" });
    const type = schemaType(schema);
    let description: WidgetDescription | undefined;
    if (typeof ui['ui:field'] === 'string') {
      description = findDescription(catalogue.fields, ui['ui:field']);
      if (!description) return void problems.push({ pointer: `${pointer}/ui:field`, message: `onbekend veld-type '${ui['ui:field']}'; bekend: ${known(catalogue.fields)}` });
    } else if ((schema.properties || branchesOf(schema).length > 0) && ui['ui:widget'] === undefined) {
      // A group of fields: each field gets its own frame.
      return checkFields(schema, ui, pointer, path, problems);
    } else if (isRepeatingGroup(schema) && ui['ui:widget'] === undefined) {
      // A repeating group: its items' fields each get a frame, its own hints are the group's.
      description = catalogue.groups[0];
      checkFields(schema.items as JsonSchema, (ui.items as UiSchema | undefined) ?? {}, `${pointer}/items`, path, problems);
    } else {
      const name = (ui['ui:widget'] as string | undefined) ?? (schema['x-widget'] as string | undefined) ?? defaultWidgetName(schema);
      if (name === undefined) {
        // Fixed positions and free-named fields are refused by name by the construct check (constructs.ts).
        const plainList = schemaType(schema) === 'array' && !Array.isArray(schema.items) && schema.prefixItems === undefined;
        if (plainList) problems.push({ pointer, message: `het veld '${path}' (een lijst) heeft een widget nodig, bijvoorbeeld FileUpload` });
        return;
      }
      description = findDescription(catalogue.widgets, name, type);
      if (!description) return void problems.push({ pointer: `${pointer}/ui:widget`, message: `onbekend widget '${name}'; bekende widgets: ${known(catalogue.widgets)}` });
      const choices = isChoiceArray(schema) ? (schema.items as JsonSchema) : schema;
      if (description.needsOptions && !hasChoices(choices)) problems.push({ pointer, message: `${description.name} heeft keuzes nodig (enum of x-options${type === 'array' ? ' bij items' : ''})` });
      problems.push(...enumNamesProblems(choices, ui['ui:enumNames'], `${pointer}/ui:enumNames`));
    }
    if (description && type !== undefined && !description.types.includes(type)) problems.push({ pointer, message: `${description.name} toont geen waarde van het type '${type}' (wel: ${description.types.join(', ')})` });
    const options = ui['ui:options'];
    if (options === undefined) return;
    const validate = optionsValidator(description);
    if (!validate(options)) problems.push(...explainOptions(validate.errors ?? [], `${pointer}/ui:options`, description?.name));
  };

  return (step, stepIndex) => {
    const problems: DesignProblem[] = [];
    const ui = buildUiSchema(step.schema, step.uiSchema);
    const fields = allProperties(step.schema);
    for (const [key, child] of Object.entries(fields)) checkField(child, (ui[key] as UiSchema | undefined) ?? {}, `/steps/${stepIndex}/uiSchema/${escapePointer(key)}`, key, problems);
    return problems;
  };
}
