/**
 * Settles what renders each field before a flow version is stored: every field's ui hints get the
 * name of the portal widget that renders it — the one named (rjsf's own names such as 'updown' or
 * 'checkboxes' turned into the portal's, by the field's type), else the default for its schema — so
 * the browser, the review and the printed form read one name, never an alias. What a widget says
 * about the review (`review` in its description: a password is 'masked', a hidden value 'hidden')
 * goes into the field's hints as `ui:review`, and the option labels of `ui:enumNames` (list or map)
 * or of a list of constants with titles become the field's `enum` labels (`x-enumNames`), so the
 * review, the printed form and the English texts use them. A label written as `ui:title` becomes the
 * field's title, so its messages, the review and the printed form name it as the form does. A fixed value (`const`, not a consent)
 * becomes the field's default, shown read-only. Choices that are objects lose `type: 'object'` (they
 * are a choice, not a group), and a field of type null is left out of the review. A widget's options written as hints of
 * their own (`ui:autocomplete`) move into `ui:options`; hints that change nothing, and entries for
 * fields a group does not have, are left out (the check warned of them: `uiHints.ts`).
 * Run by the flow pipeline after its checks, on the Dutch and the English document alike.
 */
import { allProperties, branchesOf, isChoiceList } from './conditions/branches';
import { constantOf, defaultWidgetName, inferredType, isChoiceArray, isConstantList, isNullField, isObjectChoice, schemaType } from './defaultWidget';
import { isRepeatingGroup, isValueList, valueSchemas } from './schemaPaths';
import type { FlowDocument, JsonSchema, StepDefinition, UiSchema } from './types';
import { mergeUi } from './uiSchema';
import { dropNoEffectHints, promoteOptionHints } from './uiHints';
import { findDescription, optionNamesOf, type WidgetCatalogue } from './widgetCatalogue';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The option labels of `ui:enumNames` (a list in enum order, or a map by value) for the values of `choices`. */
export function enumLabels(choices: JsonSchema, names: unknown): string[] | undefined {
  if (!Array.isArray(choices.enum)) return undefined;
  if (Array.isArray(names)) return choices.enum.map((value, index) => (typeof names[index] === 'string' ? (names[index] as string) : String(value)));
  if (isRecord(names)) return choices.enum.map((value) => (typeof names[String(value)] === 'string' ? (names[String(value)] as string) : String(value)));
  return undefined;
}

/** What settling needs: the widget catalogue, and how the document's language writes a decimal number. */
interface Settings {
  catalogue: WidgetCatalogue;
  decimalSeparator: string;
}

/**
 * `again`: the field was settled before in the same group (a condition's branch narrows it): its
 * widget stays the one of its own definition.
 */
function settleField(schema: JsonSchema, ui: UiSchema, settings: Settings, again = false): void {
  const { catalogue } = settings;
  const own = mergeUi((schema['x-ui'] as UiSchema | undefined) ?? {}, ui);
  // The label the form shows (`ui:title`) is the field's title everywhere: its messages, the review, the printed form.
  if (typeof own['ui:title'] === 'string' && own['ui:title'] !== '') schema.title = own['ui:title'];
  if (typeof own['ui:field'] === 'string') return;
  // Constants with titles are options, not branches: they become an enum before anything looks for branches.
  const choices = isChoiceArray(schema) ? (schema.items as JsonSchema) : schema;
  if (!schema.properties) constantsAsEnum(choices);
  // A field known only by its fixed values gets their type written out, so no part of the portal guesses.
  for (const node of new Set([schema, choices])) {
    const inferred = node.type === undefined && !node.properties && !isRepeatingGroup(node) ? inferredType(node) : undefined;
    if (inferred && inferred !== 'object') node.type = inferred;
    // Choices that are objects are a choice, not a group: without `type` rjsf shows them as one (its StringField).
    if (isObjectChoice(node)) delete node.type;
  }
  if (isValueList(schema)) {
    // A list of values: the list has the group's options, each item the widget of `items`.
    Object.assign(ui, own);
    promoteOptionHints(ui, optionNamesOf(catalogue, catalogue.groups[0]));
    dropNoEffectHints(ui);
    const { positions, rest } = valueSchemas(schema);
    if (positions.length === 0) {
      if (!isRecord(ui.items)) ui.items = {};
      settleField(rest!, ui.items as UiSchema, settings);
      return;
    }
    // Fixed positions: hints per position, as rjsf reads them (one entry for all of them is copied to each).
    const written: unknown = ui.items;
    const perPosition = positions.map((_, index) => {
      const own: unknown = Array.isArray(written) ? written[index] : written;
      return isRecord(own) ? structuredClone(own) : {};
    });
    positions.forEach((position, index) => settleField(position, perPosition[index], settings));
    ui.items = perPosition;
    if (rest) {
      if (!isRecord(ui.additionalItems)) ui.additionalItems = {};
      settleField(rest, ui.additionalItems as UiSchema, settings);
    } else delete ui.additionalItems;
    return;
  }
  // A field written as a choice between groups of fields alone (`{ "oneOf": [ { "properties": … } ] }`)
  // is a group, as rjsf reads it: one with no fields of its own before the choice.
  if (isChoiceList(schema.oneOf) || isChoiceList(schema.anyOf)) {
    schema.type ??= 'object';
    schema.properties ??= {};
  }
  if (schema.properties || branchesOf(schema).length > 0 || isRepeatingGroup(schema)) {
    // A shared definition's hints for its own fields (`x-ui`) go along, under the flow's.
    Object.assign(ui, own);
    if (isRepeatingGroup(schema)) {
      promoteOptionHints(ui, optionNamesOf(catalogue, catalogue.groups[0]));
      dropNoEffectHints(ui);
      if (!isRecord(ui.items)) ui.items = {};
      settleObject(schema.items as JsonSchema, ui.items as UiSchema, settings);
    } else settleObject(schema, ui, settings);
    return;
  }
  // A fixed value (`const`) that is not a consent is filled in and shown read-only, as rjsf shows it;
  // a consent (`const: true`) starts unticked (formDefaults.ts).
  if ('const' in schema && schemaType(schema) !== 'boolean' && schema.enum === undefined && !again) {
    schema.default ??= schema.const;
    ui['ui:readonly'] ??= true;
  }
  // A field of type null asks nothing and holds null: the review and the printed form leave it out.
  if (isNullField(schema)) ui['ui:review'] ??= 'hidden';
  const written = (own['ui:widget'] as string | undefined) ?? (schema['x-widget'] as string | undefined) ?? defaultWidgetName(schema);
  const description = written === undefined ? undefined : findDescription(catalogue.widgets, written, schemaType(schema));
  promoteOptionHints(ui, optionNamesOf(catalogue, description));
  dropNoEffectHints(ui);
  // rjsf's options that change nothing here (the check warned of them) are left out.
  const options = ui['ui:options'];
  if (isRecord(options)) for (const option of Object.keys(description?.ignoredOptions ?? {})) delete options[option];
  if (description && !again) {
    ui['ui:widget'] = description.name;
    if (description.review && ui['ui:review'] === undefined) ui['ui:review'] = description.review;
  }
  // A multiple choice may name its options' labels under `items`, as rjsf reads them there too.
  const itemsUi = choices !== schema && isRecord(own.items) ? own.items : undefined;
  const labels = enumLabels(choices, own['ui:enumNames'] ?? itemsUi?.['ui:enumNames']);
  if (labels) choices['x-enumNames'] = labels;
  else if (
    Array.isArray(choices.enum) &&
    choices['x-enumNames'] === undefined &&
    choices.enum.some((value) => typeof value === 'number' && !Number.isInteger(value))
  ) {
    // Numbers without labels are written as the language writes them: '2,5' in Dutch.
    choices['x-enumNames'] = choices.enum.map((value) => (typeof value === 'number' ? String(value).replace('.', settings.decimalSeparator) : String(value)));
  }
}

/**
 * A list of constants with titles (`oneOf`/`anyOf` of `{ const, title }` or `{ enum: [x], title }`) is a choice like an enum
 * with labels, and becomes one: the form then never has to validate an option to know which is
 * chosen, and the review and the printed form show the titles.
 */
function constantsAsEnum(schema: JsonSchema): void {
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const list = schema[keyword];
    if (!isConstantList(list)) continue;
    const values = list.map((option) => constantOf(option)!.value);
    schema.enum = values;
    schema['x-enumNames'] = list.map((option, index) => (typeof option.title === 'string' ? option.title : String(values[index])));
    delete schema[keyword];
  }
}

function settleObject(schema: JsonSchema, ui: UiSchema, settings: Settings): void {
  promoteOptionHints(ui, optionNamesOf(settings.catalogue));
  dropNoEffectHints(ui);
  const fields = allProperties(schema);
  for (const key of Object.keys(ui)) if (!key.startsWith('ui:') && !Object.hasOwn(fields, key)) delete ui[key];
  const settled = new Set<string>();
  const visit = (node: JsonSchema) => {
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      if (!isRecord(ui[key])) ui[key] = {};
      settleField(child, ui[key] as UiSchema, settings, settled.has(key));
      settled.add(key);
    }
    branchesOf(node).forEach(visit);
  };
  visit(schema);
}

/**
 * A copy of the (resolved) flow with every field's widget settled; `decimalSeparator` is how the
 * document's language writes the labels of numbers offered as choices (Dutch: ',').
 */
export function settleWidgets(flow: FlowDocument, catalogue: WidgetCatalogue, decimalSeparator = '.'): FlowDocument {
  const settings: Settings = { catalogue, decimalSeparator };
  return {
    ...flow,
    steps: flow.steps.map((step): StepDefinition => {
      const schema = structuredClone(step.schema);
      const uiSchema = structuredClone(step.uiSchema ?? {});
      settleObject(schema, uiSchema, settings);
      return { ...step, schema, uiSchema };
    }),
  };
}
