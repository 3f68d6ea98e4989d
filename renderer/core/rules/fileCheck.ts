/**
 * File fields (`x-files` on a list of files): extensions, size and number of files, and an optional
 * content check the server runs (`check`, e.g. 'csr' for a certificate signing request).
 *
 * Browser: the upload widget refuses a wrong file at once. Server: the multipart reader enforces
 * the same limits while reading and the upload route runs the content check. Design time: the
 * field is a list, the limits make sense and the content check exists.
 */
import type { FileRules } from '../files';
import { getAt } from '../paths';
import type { FileRef, FlowDocument } from '../types';
import { eachField, fieldPointer, unknownField, type DesignProblem, type RuleKind } from './types';

export interface FileField {
  /** Model path (`dataKey.field`). */
  modelPath: string;
  rules: FileRules;
}

/** Every file field of a flow, in step and form order. */
export function fileFields(flow: FlowDocument): FileField[] {
  return flow.steps.flatMap((step) => {
    const found: FileField[] = [];
    eachField(step.schema, (path, child) => {
      const rules = child['x-files'] as FileRules | undefined;
      if (rules) found.push({ modelPath: `${step.dataKey}.${path}`, rules });
    });
    return found;
  });
}

/** The files the answers refer to (approved steps and drafts), each once, with its field's model path. */
export function fileRefsIn(flow: FlowDocument, state: { model: Record<string, unknown>; drafts: Record<string, unknown> }): { ref: FileRef; field: string }[] {
  const found: { ref: FileRef; field: string }[] = [];
  for (const field of fileFields(flow)) {
    for (const source of [state.drafts, state.model]) {
      const value = getAt(source, field.modelPath);
      if (!Array.isArray(value)) continue;
      for (const item of value as unknown[]) {
        const ref = item as FileRef | null;
        if (ref && typeof ref === 'object' && typeof ref.id === 'string' && !found.some((entry) => entry.ref.id === ref.id))
          found.push({ ref, field: field.modelPath });
      }
    }
  }
  return found;
}

export const fileCheck: RuleKind = {
  name: 'x-files',
  check: ({ flow, fileChecks }) =>
    flow.steps.flatMap((step, stepIndex) => {
      const problems: DesignProblem[] = [];
      eachField(step.schema, (path, child) => {
        const rules = child['x-files'] as FileRules | undefined;
        if (!rules) return;
        const pointer = `${fieldPointer(stepIndex, path)}/x-files`;
        if (child.type !== 'array') problems.push({ pointer, message: 'bestanden (x-files) horen bij een lijst (type array)' });
        if (rules.check !== undefined && !fileChecks.includes(rules.check))
          problems.push({ pointer: `${pointer}/check`, message: `de bestandscontrole ‘${rules.check}’ bestaat niet; bekend: ${fileChecks.join(', ')}` });
        if (rules.checkField !== undefined) {
          if (rules.check === undefined)
            problems.push({
              pointer: `${pointer}/checkField`,
              message: 'een veld om het bestand mee te vergelijken (checkField) hoort bij een inhoudscontrole (check)',
            });
          problems.push(...unknownField(step, rules.checkField, `${pointer}/checkField`, 'de bestandscontrole (checkField)'));
        }
        const maxItems = child.maxItems;
        if (typeof maxItems === 'number' && maxItems > rules.maxFiles)
          problems.push({
            pointer: `${pointer}/maxFiles`,
            message: `Maximaal aantal (${maxItems}) is groter dan het maximale aantal bestanden (${rules.maxFiles})`,
          });
      });
      return problems;
    }),
};
