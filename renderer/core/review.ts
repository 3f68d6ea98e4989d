/**
 * The review summary ('Controleren') built from the flow document and the model: a section per
 * step, the visible fields in form order with their labels and values as entered. The React review
 * step and the PDF forms both render this one structure.
 */
import { formatFileSize } from './fileSize';
import type { Environment } from './environment';
import { interpolate, type Lang, type TextParams, type Translate } from './i18n';
import { getAt, isEmptyValue } from './paths';
import { fieldPaths, labelOf, schemaAt } from './schemaPaths';
import type { FileRef, FlowDocument, FlowModel, JsonSchema, StepDefinition } from './types';
import { isHidden, stripHidden } from './rules/visibility';

export interface ReviewRow {
  path: string;
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

function reviewRow(step: StepDefinition, data: unknown, path: string, t: Translate, lang: Lang, vars: TextParams): ReviewRow {
  const schema = schemaAt(step.schema, path);
  const value = getAt(data, path);
  const label = interpolate(labelOf(step.schema, path), vars);
  if (isEmptyValue(value)) return { path, label, value: t('review.notFilled'), empty: true };
  if (schema?.['x-files']) {
    const files = fileRows(value);
    return { path, label, value: files.map((file) => `${file.name} (${formatFileSize(file.size, lang)})`), empty: false, files };
  }
  return { path, label, value: displayValue(schema, value, t), empty: false };
}

/** Review sections for every input step of the flow. */
export function buildReview(flow: FlowDocument, model: FlowModel, t: Translate, lang: Lang): ReviewSection[] {
  const stripped = stripHidden(flow, model);
  const vars = (model as Environment).$vars ?? {};
  return flow.steps.map((step) => {
    const data = stripped[step.dataKey] ?? {};
    const hiddenInReview = new Set((step.uiSchema?.['ui:reviewHidden'] as string[] | undefined) ?? []);
    const rows = fieldPaths(step.schema)
      .filter((path) => !isHidden(step, path, stripped) && !hiddenInReview.has(path))
      .map((path) => reviewRow(step, data, path, t, lang, vars));
    return { stepId: step.id, title: interpolate(step.title, vars), rows };
  });
}
