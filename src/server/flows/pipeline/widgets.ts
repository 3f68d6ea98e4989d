/**
 * Checks every field's ui hints against the widget descriptions (`widgets/<Name>/widget.json`): the
 * widget or field a step names exists, renders the field's type and gets choices when it needs
 * them, and each `ui:options` entry is one the widget accepts, of the right type (written as a hint of
 * its own too: `ui:autocomplete`). A field without a widget gets the one rjsf would choose, which must
 * exist too, and a group's `ui:order` is one rjsf can follow — so no step can fail to render. A hint
 * that changes nothing here (`uiHints.ts`), or one for a field the group does not have, is a warning.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { allProperties, branchesOf } from '../../../../renderer/core/conditions/branches';
import { defaultWidgetName, hasChoices, isChoiceArray, schemaType } from '../../../../renderer/core/defaultWidget';
import { isItemList, isRepeatingGroup, isValueList, valueParts } from '../../../../renderer/core/schemaPaths';
import type { DesignProblem } from '../../../../renderer/core/rules';
import { escapePointer } from '../../../../renderer/core/rules/types';
import type { JsonSchema, StepDefinition, UiSchema } from '../../../../renderer/core/types';
import { buildUiSchema } from '../../../../renderer/core/uiSchema';
import { findDescription, optionNamesOf, type WidgetCatalogue, type WidgetDescription } from '../../../../renderer/core/widgetCatalogue';
import { NO_EFFECT_HINTS, NO_EFFECT_OPTIONS, orderProblem, unknownInOrder } from '../../../../renderer/core/uiHints';
import type { ConstructFindings } from './constructs';
import { explainOptions } from './optionMessages';
import { typeName } from './settings';

/** uiSchema keys the renderer (or rjsf) reads, besides a widget's options; anything else is a typing error. */
const UI_KEYS = new Set([
  'ui:widget',
  'ui:field',
  'ui:options',
  'ui:help',
  'ui:helpText',
  'ui:title',
  'ui:description',
  'ui:placeholder',
  'ui:emptyValue',
  'ui:order',
  'ui:enumNames',
  'ui:enumOrder',
  'ui:autofocus',
  'ui:disabled',
  'ui:readonly',
  'ui:review',
]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Problems of `ui:enumNames`: a list must name every value of the enum in order, a map only values of the enum. */
function enumNamesProblems(choices: JsonSchema, names: unknown, pointer: string): DesignProblem[] {
  const values = Array.isArray(choices.enum) ? choices.enum : undefined;
  if (names === undefined) return [];
  if (!values) return [{ pointer, message: 'teksten voor de keuzes (ui:enumNames) horen alleen bij een veld met vaste keuzes (enum)' }];
  if (Array.isArray(names)) {
    return names.length === values.length && names.every((name) => typeof name === 'string')
      ? []
      : [
          {
            pointer,
            message: `er ${names.length === 1 ? 'is 1 tekst' : `zijn ${names.length} teksten`} voor ${values.length} ${values.length === 1 ? 'keuze' : 'keuzes'}; geef elke keuze één tekst, in dezelfde volgorde`,
          },
        ];
  }
  if (!isRecord(names)) return [{ pointer, message: 'de teksten van de keuzes (ui:enumNames) zijn een lijst van teksten, of per waarde een tekst' }];
  const known = new Set(values.map(String));
  return Object.keys(names)
    .filter((key) => !known.has(key))
    .map((key) => ({ pointer: `${pointer}/${escapePointer(key)}`, message: `er is een tekst voor ‘${key}’, maar dat is geen van de keuzes` }));
}

export function widgetChecker(catalogue: WidgetCatalogue): (step: StepDefinition, stepIndex: number) => ConstructFindings {
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

  /**
   * A `ui:` hint of a field or group: one the renderer reads, one of the widget's options (`options`),
   * one that changes nothing (a warning), or none (a problem).
   */
  const checkHint = (key: string, at: string, options: Set<string>, findings: ConstructFindings): void => {
    if (UI_KEYS.has(key) || options.has(key.slice(3))) return;
    if (Object.hasOwn(NO_EFFECT_HINTS, key))
      findings.warnings.push({ pointer: at, message: `de weergave-instelling ‘${key}’ heeft hier geen effect: ${NO_EFFECT_HINTS[key]}` });
    else findings.problems.push({ pointer: at, message: `de weergave-instelling ‘${key}’ bestaat niet` });
  };

  /** The order of a group's fields: one rjsf can follow (a problem otherwise), naming only its fields (a warning otherwise). */
  const checkOrder = (schema: JsonSchema, order: unknown, at: string, findings: ConstructFindings): void => {
    if (order === undefined) return;
    const fields = Object.keys(allProperties(schema));
    const problem = orderProblem(order, fields);
    if (problem) return void findings.problems.push({ pointer: at, message: problem });
    for (const name of unknownInOrder(order, fields))
      findings.warnings.push({ pointer: at, message: `de volgorde noemt ‘${name}’, maar dat is geen veld van deze groep` });
  };

  /** The keys of a group's ui hints: its own hints, and its fields' (a key that is no field is a warning). */
  const checkGroupKeys = (schema: JsonSchema, ui: UiSchema, pointer: string, findings: ConstructFindings): void => {
    const fields = allProperties(schema);
    const common = optionNamesOf(catalogue);
    for (const key of Object.keys(ui)) {
      const at = `${pointer}/${escapePointer(key)}`;
      if (key.startsWith('ui:')) checkHint(key, at, common, findings);
      else if (!Object.hasOwn(fields, key))
        findings.warnings.push({ pointer: at, message: `de weergave noemt een veld ‘${key}’ dat niet in deze groep staat` });
    }
    checkOrder(schema, ui['ui:order'], `${pointer}/ui:order`, findings);
  };

  /** The fields of a group (its own and those a condition adds), each against its ui hints. */
  const checkFields = (schema: JsonSchema, ui: UiSchema, pointer: string, path: string, findings: ConstructFindings): void => {
    checkGroupKeys(schema, ui, pointer, findings);
    for (const [key, child] of Object.entries(allProperties(schema)))
      checkField(child, (ui[key] as UiSchema | undefined) ?? {}, `${pointer}/${escapePointer(key)}`, path ? `${path}.${key}` : key, findings);
  };

  /** The keys of a field's own ui hints (below a repeating group: `items`, checked as a group). */
  const checkFieldKeys = (schema: JsonSchema, ui: UiSchema, pointer: string, options: Set<string>, findings: ConstructFindings): void => {
    for (const key of Object.keys(ui)) {
      const at = `${pointer}/${escapePointer(key)}`;
      if (key.startsWith('ui:')) checkHint(key, at, options, findings);
      else if (isItemList(schema) || isChoiceArray(schema)) {
        // A multiple choice may name its options' labels under `items`, as rjsf reads them.
        if (key !== 'items' && !(key === 'additionalItems' && isValueList(schema)))
          findings.warnings.push({
            pointer: at,
            message: isRepeatingGroup(schema)
              ? `‘${key}’ is geen veld van deze herhalende groep; de weergave van de velden van een herhalende groep staat onder ‘items’`
              : `‘${key}’ is geen onderdeel van deze lijst; de weergave van de waarden van een lijst staat onder ‘items’`,
          });
      } else if (typeof ui['ui:field'] !== 'string')
        findings.warnings.push({ pointer: at, message: `de weergave noemt een veld ‘${key}’ dat niet in deze groep staat` });
    }
  };

  const checkField = (schema: JsonSchema, ui: UiSchema, pointer: string, path: string, findings: ConstructFindings): void => {
    const { problems } = findings;
    const helpText = ui['ui:helpText'] as { text?: unknown } | undefined;
    if (helpText !== undefined && (typeof helpText !== 'object' || typeof helpText.text !== 'string'))
      problems.push({ pointer: `${pointer}/ui:helpText`, message: 'de uitklapbare helptekst heeft een tekst nodig (en eventueel een kop)' });
    const type = schemaType(schema);
    let description: WidgetDescription | undefined;
    if (typeof ui['ui:field'] === 'string') {
      description = findDescription(catalogue.fields, ui['ui:field']);
      if (!description)
        return void problems.push({
          pointer: `${pointer}/ui:field`,
          message: `de weergave ‘${String(ui['ui:field'])}’ (ui:field) bestaat niet: een weergave met eigen programmacode kan een flow niet meebrengen; bekende weergaven: ${known(catalogue.fields)}`,
        });
    } else if ((schema.properties || branchesOf(schema).length > 0) && ui['ui:widget'] === undefined) {
      // A group of fields: each field gets its own frame.
      return checkFields(schema, ui, pointer, path, findings);
    } else if (isRepeatingGroup(schema) && ui['ui:widget'] === undefined) {
      // A repeating group: its items' fields each get a frame, its own hints are the group's.
      description = catalogue.groups[0];
      checkFields(schema.items as JsonSchema, (ui.items as UiSchema | undefined) ?? {}, `${pointer}/items`, path, findings);
    } else if (isValueList(schema) && ui['ui:widget'] === undefined) {
      // A list of values: each item is one control with the items' hints; the list's own hints are the group's.
      description = catalogue.groups[0];
      for (const part of valueParts(schema, ui)) checkField(part.schema, part.ui, `${pointer}/${part.at}`, path, findings);
    } else {
      const name = (ui['ui:widget'] as string | undefined) ?? (schema['x-widget'] as string | undefined) ?? defaultWidgetName(schema);
      if (name === undefined) {
        // Fixed positions and free-named fields are refused by name by the construct check (constructs.ts).
        const plainList = schemaType(schema) === 'array' && !Array.isArray(schema.items) && schema.prefixItems === undefined;
        if (plainList)
          problems.push({
            pointer,
            message:
              'voor deze lijst is geen weergave bekend: een lijst is een herhalende groep (onderdelen met velden), een meerkeuzevraag (onderdelen met vaste keuzes) of een lijst bestanden (x-files)',
          });
        return;
      }
      description = findDescription(catalogue.widgets, name, type);
      if (!description)
        return void problems.push({
          pointer: `${pointer}/ui:widget`,
          message: `de weergave (widget) ‘${name}’ bestaat niet; bekende weergaven: ${known(catalogue.widgets)}`,
        });
      const choices = isChoiceArray(schema) ? (schema.items as JsonSchema) : schema;
      if (description.needsOptions && !hasChoices(choices))
        problems.push({
          pointer,
          message: `de weergave ${description.name} heeft keuzes nodig: vaste keuzes (enum) of een keuzelijst (x-options)${type === 'array' ? ' bij de onderdelen (items)' : ''}`,
        });
      const itemsUi = choices !== schema && isRecord(ui.items) ? ui.items : undefined;
      if (ui['ui:enumNames'] === undefined && itemsUi?.['ui:enumNames'] !== undefined)
        problems.push(...enumNamesProblems(choices, itemsUi['ui:enumNames'], `${pointer}/items/ui:enumNames`));
      else problems.push(...enumNamesProblems(choices, ui['ui:enumNames'], `${pointer}/ui:enumNames`));
    }
    const names = optionNamesOf(catalogue, description);
    checkFieldKeys(schema, ui, pointer, names, findings);
    if (description && type !== undefined && !description.types.includes(type))
      problems.push({
        pointer,
        message: `de weergave ${description.name} kan geen antwoord van het soort ‘${typeName(type)}’ tonen (wel: ${description.types.map(typeName).join(', ')})`,
      });
    if (description?.formats && !description.formats.includes(schema.format as string))
      problems.push({
        pointer,
        message: `de weergave ${description.name} slaat een waarde op van het formaat ${description.formats.map((name) => `‘${name}’`).join(' of ')}: geef het veld "format": "${description.formats[0]}"`,
      });
    // Options written as hints of their own count as options (rjsf reads them so), under `ui:options`' own.
    const own = Object.fromEntries(
      Object.entries(ui)
        .filter(([key]) => key.startsWith('ui:') && names.has(key.slice(3)))
        .map(([key, value]) => [key.slice(3), value]),
    );
    const written = ui['ui:options'];
    if (written === undefined && Object.keys(own).length === 0) return;
    const options = written === undefined ? own : isRecord(written) ? { ...own, ...written } : written;
    // Options that change nothing here: rjsf's common ones (a hidden label) and the widget's own (ignoredOptions).
    const ignored = { ...NO_EFFECT_OPTIONS, ...(description?.ignoredOptions ?? {}) };
    if (isRecord(options))
      for (const name of Object.keys(options).filter((key) => Object.hasOwn(ignored, key))) {
        findings.warnings.push({
          pointer: `${pointer}/ui:options/${escapePointer(name)}`,
          message: `de weergave-instelling ‘${name}’ heeft hier geen effect: ${ignored[name]}`,
        });
        delete options[name];
      }
    const validate = optionsValidator(description);
    if (!validate(options)) problems.push(...explainOptions(validate.errors ?? [], `${pointer}/ui:options`, description?.name));
  };

  return (step, stepIndex) => {
    const findings: ConstructFindings = { problems: [], warnings: [] };
    const ui = buildUiSchema(step.schema, step.uiSchema);
    const pointer = `/steps/${stepIndex}/uiSchema`;
    if (ui['ui:field'] !== undefined)
      findings.problems.push({
        pointer: `${pointer}/ui:field`,
        message: 'een eigen weergave (ui:field) voor een hele stap wordt niet ondersteund: een stap is altijd een groep velden; geef een veld een weergave',
      });
    checkFields(step.schema, ui, pointer, '', findings);
    return findings;
  };
}
