/**
 * The review summary ('Controleren') built from the flow document and the model: a section per
 * step, the visible fields in form order with their labels and values as entered. The React review
 * step and the PDF forms both render this one structure.
 *
 * A step is summed up as in effect for its data (its conditions decided: the fields a branch adds,
 * the option chosen, as a row of its own). A repeating group has a sub-section per item, headed as
 * on the step ('Persoon 2'); a multiple choice lists the labels chosen, a list of values its values; a masked value (a password)
 * says only that it was filled in, and a hidden one is left out.
 */
import { optionTitle, stepInEffect, type ChoiceSite, type Choices } from './conditions';
import { textLangOf, type TextLang } from './dutchTexts';
import { shownDateTime, shownTime } from './dateTimeText';
import { isChoiceArray } from './defaultWidget';
import { formatFileSize } from './fileSize';
import type { Environment } from './environment';
import { interpolate, type Lang, type TextParams, type Translate } from './i18n';
import { itemHeading, itemTemplate } from './itemTitle';
import { isEmptyValue } from './paths';
import { indexOfValue, sameValue } from './sameValue';
import { orderedKeys } from './uiHints';
import { isRepeatingGroup, isValueList, valueSchemaAt } from './schemaPaths';
import type { FileRef, FlowDocument, FlowModel, JsonSchema, StepDefinition, UiSchema } from './types';
import type { ValidatorSet } from './validate';
import { isHidden, stripHidden } from './rules/visibility';

export interface ReviewRow {
  path: string;
  /** The sub-heading the row stands under: its sub-object's title (an address, personal data), its item's heading ('Persoon 2') or the step's heading above it. */
  group?: string;
  label: string;
  /** Display text; a list for files and for a multiple choice. */
  value: string | string[];
  empty: boolean;
  files?: { name: string; size: number }[];
  /** `'nl'` where an English review shows the flow's Dutch text (no current English): the label, an option chosen, the sub-heading. */
  labelLang?: 'nl';
  valueLang?: 'nl';
  groupLang?: 'nl';
}

export interface ReviewSection {
  stepId: string;
  title: string;
  /** `'nl'` when the step's title is shown in Dutch on an English page. */
  titleLang?: 'nl';
  rows: ReviewRow[];
}

/** What a review needs besides the flow and the model: the compiled questions of conditions and the applicant's choices. */
export interface ReviewContext {
  validators?: ValidatorSet;
  /** The applicant's choices between groups of fields, by data key (browser). */
  choices?: Record<string, Choices>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A number as the language writes it: the decimal comma in Dutch, no grouping. */
function formatNumber(value: number, lang: Lang): string {
  return lang === 'nl' ? String(value).replace('.', ',') : String(value);
}

/** The option label of a value (its `x-enumNames` entry or `oneOf` title), when the schema has one for it. */
function optionLabel(schema: JsonSchema | undefined, value: unknown): string | undefined {
  if (schema?.enum && schema['x-enumNames']) {
    const index = indexOfValue(schema.enum, value);
    if (index !== -1) return schema['x-enumNames'][index];
  }
  const option = Array.isArray(schema?.oneOf) ? (schema.oneOf as JsonSchema[]).find((candidate) => sameValue(candidate.const, value)) : undefined;
  return typeof option?.title === 'string' ? option.title : undefined;
}

/** Display text of a single value according to its schema. */
export function displayValue(schema: JsonSchema | undefined, value: unknown, t: Translate, lang: Lang = 'nl'): string {
  if (schema?.enum && schema['x-enumNames']) {
    const index = indexOfValue(schema.enum, value);
    if (index !== -1) return schema['x-enumNames'][index] ?? String(value);
  }
  if (Array.isArray(schema?.oneOf)) {
    const option = (schema.oneOf as JsonSchema[]).find((candidate) => sameValue(candidate.const, value));
    if (option && typeof option.title === 'string') return option.title;
  }
  if (typeof value === 'boolean') return value ? t('review.yes') : t('review.no');
  if (typeof value === 'number') return formatNumber(value, lang);
  // A date as JSON Schema writes it (yyyy-mm-dd), as the applicant typed it.
  if (schema?.format === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split('-').reverse().join('-');
  // A date and time as Dutch wall time ('29-03-2026 14:30', Europe/Amsterdam), a time without its zero seconds.
  if (schema?.format === 'date-time' && typeof value === 'string') return shownDateTime(value) ?? value;
  if (schema?.format === 'time' && typeof value === 'string') return shownTime(value);
  return String(value);
}

function fileRows(value: unknown): { name: string; size: number }[] {
  return Array.isArray(value) ? (value as FileRef[]).map((file) => ({ name: file.name, size: file.size })) : [];
}

interface Walk {
  step: StepDefinition;
  model: FlowModel;
  t: Translate;
  lang: Lang;
  vars: TextParams;
  choices: ChoiceSite[];
  reviewHidden: Set<string>;
  rows: ReviewRow[];
  textLang: TextLang;
  /** The `lang` of each sub-heading shown, by its text. */
  groupLangs: Map<string, 'nl' | undefined>;
}

/** The row with the `lang` of its label, value and sub-heading where those are Dutch on an English page. */
function withLangs(walk: Walk, row: ReviewRow, rawLabel: string | undefined, rawValue?: string): ReviewRow {
  const labelLang = walk.textLang(rawLabel);
  const valueLang = walk.textLang(rawValue);
  const groupLang = row.group === undefined ? undefined : walk.groupLangs.get(row.group);
  return { ...row, ...(labelLang ? { labelLang } : {}), ...(valueLang ? { valueLang } : {}), ...(groupLang ? { groupLang } : {}) };
}

/** A sub-heading made from the flow's text `raw`, remembering whether it is Dutch on an English page. */
function groupOf(walk: Walk, raw: string): string {
  const text = interpolate(raw, walk.vars);
  walk.groupLangs.set(text, walk.textLang(raw));
  return text;
}

function leafRow(walk: Walk, schema: JsonSchema, ui: UiSchema, value: unknown, path: string, group: string | undefined): ReviewRow {
  const { t, lang, vars } = walk;
  const label = interpolate(schema.title ?? path.split('.').at(-1) ?? path, vars);
  const row = (fields: Omit<ReviewRow, 'path' | 'group' | 'label'>, rawValue?: string) =>
    withLangs(walk, { path, group, label, ...fields }, schema.title, rawValue);
  if (isEmptyValue(value)) return row({ value: t('review.notFilled'), empty: true });
  if (ui['ui:review'] === 'masked' || schema.writeOnly === true) return row({ value: t('review.masked'), empty: false });
  if (schema['x-files']) {
    const files = fileRows(value);
    return row({ value: files.map((file) => `${file.name} (${formatFileSize(file.size, lang)})`), empty: false, files });
  }
  if (isValueList(schema) && Array.isArray(value)) {
    // A list of values: each value on a line of its own, as its item's field shows it.
    return row({
      value: value.map((item, index) => (isEmptyValue(item) ? t('review.notFilled') : displayValue(valueSchemaAt(schema, index), item, t, lang))),
      empty: false,
    });
  }
  if (isChoiceArray(schema) && Array.isArray(value)) {
    const labels = value.map((item) => optionLabel(schema.items as JsonSchema, item));
    // The list reads as Dutch only when every option chosen is.
    const dutch = labels.length > 0 && labels.every((text) => walk.textLang(text) === 'nl') ? labels[0] : undefined;
    return row({ value: value.map((item) => displayValue(schema.items as JsonSchema, item, t, lang)), empty: false }, dutch);
  }
  // A consent shows what was agreed to, not 'Ja'.
  const options = ui['ui:options'] as Record<string, unknown> | undefined;
  if (value === true && typeof options?.checkboxLabel === 'string')
    return row({ value: interpolate(options.checkboxLabel, vars), empty: false }, options.checkboxLabel);
  return row({ value: displayValue(schema, value, t, lang), empty: false }, optionLabel(schema, value));
}

/** The row of a choice between groups of fields: the question and the option chosen. */
function choiceRow(walk: Walk, site: ChoiceSite, group: string | undefined): ReviewRow {
  const option = site.options[site.chosen];
  const label = interpolate(site.label ?? walk.t('wizard.choice'), walk.vars);
  const path = site.path ? `${site.path}.$keuze` : '$keuze';
  if (!option) return withLangs(walk, { path, group, label, value: walk.t('review.notFilled'), empty: true }, site.label);
  const title = optionTitle(site.options, site.chosen, walk.t);
  return withLangs(
    walk,
    { path, group, label, value: interpolate(title, walk.vars), empty: false },
    site.label,
    typeof option.title === 'string' ? title : undefined,
  );
}

/**
 * The rows of an object's fields. `heading` follows the step's `ui:options.heading`s at the top;
 * `group` is the sub-heading fixed by an enclosing sub-object or item.
 */
function objectRows(walk: Walk, schema: JsonSchema, ui: UiSchema, data: unknown, prefix: string, group: string | undefined): void {
  const object = isRecord(data) ? data : {};
  const site = walk.choices.find((candidate) => candidate.path === prefix);
  let heading: string | undefined;
  let choiceShown = !site;
  const properties = schema.properties ?? {};
  for (const key of orderedKeys(Object.keys(properties), ui['ui:order'])) {
    const child = properties[key];
    const path = prefix ? `${prefix}.${key}` : key;
    const childUi = (isRecord(ui[key]) ? ui[key] : {}) as UiSchema;
    if (!choiceShown && !site!.fields.includes(key)) {
      walk.rows.push(choiceRow(walk, site!, group ?? heading));
      choiceShown = true;
    }
    const own = (childUi['ui:options'] as Record<string, unknown> | undefined)?.heading;
    if (prefix === '' && typeof own === 'string') heading = groupOf(walk, own);
    if (isHidden(walk.step, path, walk.model) || walk.reviewHidden.has(path) || childUi['ui:review'] === 'hidden') continue;
    const value = object[key];
    if (isRepeatingGroup(child)) {
      repeatingRows(walk, child, childUi, value, path, group ?? heading);
    } else if (child.type === 'object' && child.properties) {
      // Fields of a sub-object stand under its title (two 'Postcode' rows can then be told apart).
      const title = group ?? (child.title ? groupOf(walk, child.title) : heading);
      objectRows(walk, child, childUi, value, path, title);
    } else {
      walk.rows.push(leafRow(walk, child, childUi, value, path, group ?? heading));
    }
  }
  if (!choiceShown) walk.rows.push(choiceRow(walk, site!, group ?? heading));
}

/** A sub-section per item of a repeating group, headed as on the step; one row when it has none. */
function repeatingRows(walk: Walk, schema: JsonSchema, ui: UiSchema, value: unknown, path: string, group: string | undefined): void {
  const items = Array.isArray(value) ? value : [];
  const label = interpolate(schema.title ?? path.split('.').at(-1) ?? path, walk.vars);
  if (items.length === 0) {
    walk.rows.push(withLangs(walk, { path, group, label, value: walk.t('review.notFilled'), empty: true }, schema.title));
    return;
  }
  const itemSchema = schema.items as JsonSchema;
  const template = interpolate(itemTemplate((ui['ui:options'] as Record<string, unknown> | undefined)?.itemTitle, itemSchema.title ?? schema.title), walk.vars);
  const itemUi = (isRecord(ui.items) ? ui.items : {}) as UiSchema;
  items.forEach((item, index) => objectRows(walk, itemSchema, itemUi, item, `${path}.${index}`, itemHeading(template, index)));
}

/** Review sections for every input step of the flow. */
export function buildReview(flow: FlowDocument, model: FlowModel, t: Translate, lang: Lang, context: ReviewContext = {}): ReviewSection[] {
  const stripped = stripHidden(flow, model);
  const vars = (model as Environment).$vars ?? {};
  const textLang = textLangOf(flow);
  return flow.steps.map((step) => {
    const data = (stripped[step.dataKey] ?? {}) as Record<string, unknown>;
    const inEffect = context.validators ? stepInEffect(step, data, context.validators, context.choices?.[step.dataKey]) : undefined;
    const walk: Walk = {
      step,
      model: stripped,
      t,
      lang,
      vars,
      choices: inEffect?.choices ?? [],
      reviewHidden: new Set((step.uiSchema?.['ui:reviewHidden'] as string[] | undefined) ?? []),
      rows: [],
      textLang,
      groupLangs: new Map(),
    };
    objectRows(walk, inEffect?.step.schema ?? step.schema, step.uiSchema ?? {}, inEffect?.data ?? data, '', undefined);
    const titleLang = textLang(step.title);
    return { stepId: step.id, title: interpolate(step.title, vars), ...(titleLang ? { titleLang } : {}), rows: walk.rows };
  });
}
