/**
 * The review summary ('Controleren') built from the flow document and the model: a section per
 * step, the visible fields in form order with their labels and values as entered. The React review
 * step and the PDF forms both render this one structure.
 */
import { formatFileSize } from './fileSize';
import type { Environment } from './environment';
import { interpolate, type Lang, type TextParams, type Translate } from './i18n';
import { getAt, isEmptyValue, splitPath } from './paths';
import { fieldPaths, labelOf, schemaAt } from './schemaPaths';
import type { FileRef, FlowDocument, FlowModel, JsonSchema, StepDefinition } from './types';
import { isHidden, stripHidden } from './rules/visibility';

export interface ReviewRow {
  path: string;
  /** The sub-heading the row stands under: its sub-object's title (an address, personal data) or the step's heading above it. */
  group?: string;
  label: string;
  /** Display text; a list for files. */
  value: string | string[];
  empty: boolean;
  files?: { name: string; size: number }[];
}

export interface ReviewSection {
  stepId: string;
  title: string;
  rows: ReviewRow[];
}

/** Display text of a single value according to its schema. */
export function displayValue(schema: JsonSchema | undefined, value: unknown, t: Translate): string {
  if (schema?.enum && schema['x-enumNames']) {
    const index = schema.enum.indexOf(value);
    if (index !== -1) return schema['x-enumNames'][index] ?? String(value);
  }
  if (typeof value === 'boolean') return value ? t('review.yes') : t('review.no');
  return String(value);
}

function fileRows(value: unknown): { name: string; size: number }[] {
  return Array.isArray(value) ? (value as FileRef[]).map((file) => ({ name: file.name, size: file.size })) : [];
}

/** The `ui:options` of the field at `path` in a step's uiSchema. */
function uiOptionsAt(step: StepDefinition, path: string): Record<string, unknown> | undefined {
  let node: unknown = step.uiSchema;
  for (const key of splitPath(path)) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  const options = node && typeof node === 'object' ? (node as Record<string, unknown>)['ui:options'] : undefined;
  return options && typeof options === 'object' ? (options as Record<string, unknown>) : undefined;
}

function reviewRow(step: StepDefinition, data: unknown, path: string, t: Translate, lang: Lang, vars: TextParams): ReviewRow {
  const schema = schemaAt(step.schema, path);
  const value = getAt(data, path);
  const label = interpolate(labelOf(step.schema, path), vars);
  if (isEmptyValue(value)) return { path, label, value: t('review.notFilled'), empty: true };
  if (schema?.['x-files']) {
    const files = fileRows(value);
    return { path, label, value: files.map((file) => `${file.name} (${formatFileSize(file.size, lang)})`), empty: false, files };
  }
  // A consent shows what was agreed to, not 'Ja'.
  const statement = uiOptionsAt(step, path)?.checkboxLabel;
  if (value === true && typeof statement === 'string') return { path, label, value: interpolate(statement, vars), empty: false };
  return { path, label, value: displayValue(schema, value, t), empty: false };
}

/**
 * The sub-heading of each field of a step, in form order: the title of the sub-object it lies in,
 * else the nearest `ui:options.heading` at or above it among the step's own fields.
 */
function groupsOf(step: StepDefinition, paths: string[], vars: TextParams): Map<string, string | undefined> {
  const groups = new Map<string, string | undefined>();
  let heading: string | undefined;
  for (const path of paths) {
    const [head, ...rest] = splitPath(path);
    const own = uiOptionsAt(step, head)?.heading;
    if (typeof own === 'string') heading = interpolate(own, vars);
    const objectTitle = rest.length > 0 ? schemaAt(step.schema, head)?.title : undefined;
    groups.set(path, objectTitle ? interpolate(objectTitle, vars) : heading);
  }
  return groups;
}

/** Review sections for every input step of the flow. */
export function buildReview(flow: FlowDocument, model: FlowModel, t: Translate, lang: Lang): ReviewSection[] {
  const stripped = stripHidden(flow, model);
  const vars = (model as Environment).$vars ?? {};
  return flow.steps.map((step) => {
    const data = stripped[step.dataKey] ?? {};
    const hiddenInReview = new Set((step.uiSchema?.['ui:reviewHidden'] as string[] | undefined) ?? []);
    const paths = fieldPaths(step.schema);
    const groups = groupsOf(step, paths, vars);
    const rows = paths
      .filter((path) => !isHidden(step, path, stripped) && !hiddenInReview.has(path))
      .map((path) => ({ ...reviewRow(step, data, path, t, lang, vars), group: groups.get(path) }));
    return { stepId: step.id, title: interpolate(step.title, vars), rows };
  });
}
