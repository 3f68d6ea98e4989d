/**
 * The review summary as printed blocks: a section per step in review order, and inside a section
 * the fields of a titled sub-object (an address, personal data, a correspondence name) under that
 * title, so that two 'Postcode' rows can be told apart on paper.
 */
import type { Environment } from '../../../renderer/core/environment';
import { interpolate, type Lang, type Translate } from '../../../renderer/core/i18n';
import { splitPath } from '../../../renderer/core/paths';
import { buildReview, type ReviewRow } from '../../../renderer/core/review';
import { schemaAt } from '../../../renderer/core/schemaPaths';
import type { FlowDocument, StepDefinition } from '../../../renderer/core/types';
import type { PdfBlock } from '../pdf';

/** The title of the sub-object a field lies in (its first path segment), if that object has one. */
function groupOf(step: StepDefinition, row: ReviewRow, env: Environment): string | undefined {
  const [head, ...rest] = splitPath(row.path);
  if (rest.length === 0) return undefined;
  const title = schemaAt(step.schema, head)?.title;
  return title ? interpolate(title, env.$vars) : undefined;
}

/** Review sections of the model as heading + rows blocks. */
export function reviewBlocks(flow: FlowDocument, env: Environment, t: Translate, lang: Lang): PdfBlock[] {
  const blocks: PdfBlock[] = [];
  for (const section of buildReview(flow, env, t, lang)) {
    if (section.rows.length === 0) continue;
    const step = flow.steps.find((candidate) => candidate.id === section.stepId)!;
    blocks.push({ kind: 'heading', text: section.title, level: 2 });
    let current: { group: string | undefined; block: Extract<PdfBlock, { kind: 'rows' }> } | undefined;
    for (const row of section.rows) {
      const group = groupOf(step, row, env);
      if (!current || current.group !== group) {
        current = { group, block: group ? { kind: 'rows', heading: group, indent: true, rows: [] } : { kind: 'rows', rows: [] } };
        blocks.push(current.block);
      }
      current.block.rows.push({ label: row.label, value: row.value });
    }
  }
  return blocks;
}
