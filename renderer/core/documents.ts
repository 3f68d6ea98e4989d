/**
 * The documents an applicant sends with the signed form, from the flow document's
 * `requiredDocuments` block: the confirmation page and the printed form both ask this module, so
 * they always list the same documents for the same answers.
 */
import type { Environment } from './environment';
import { interpolate } from './i18n';
import { evaluate } from './logic';
import { getAt } from './paths';
import type { ContentBlock, FlowDocument, ReferenceLists, RequiredDocument } from './types';

export type RequiredDocumentsBlock = Extract<ContentBlock, { kind: 'requiredDocuments' }>;

/**
 * The entries under `itemsKey` of the list item whose `Value` is the model's value at `valueFrom`
 * (e.g. the `Documents` of the chosen institution type); empty when nothing is chosen.
 */
export function chosenListItems(lists: ReferenceLists | undefined, list: string, valueFrom: string, itemsKey: string, env: Environment | undefined): string[] {
  const entries = lists?.[list];
  const chosen = env ? getAt(env, valueFrom) : undefined;
  if (!Array.isArray(entries) || chosen === undefined || chosen === null) return [];
  const item = entries.find((entry) => (entry as { Value?: unknown } | null)?.Value === chosen) as Record<string, unknown> | undefined;
  const items = item?.[itemsKey];
  return Array.isArray(items) ? items.filter((entry): entry is string => typeof entry === 'string') : [];
}

/**
 * The documents that apply to this model, in the order of the definition. Texts may hold
 * `{placeholders}` (filled from the flow's variables); list items may hold <strong>/<em>.
 */
export function requiredDocuments(items: RequiredDocument[], env: Environment, lists: ReferenceLists | undefined = env.$lists): string[] {
  const out: string[] = [];
  for (const item of items) {
    if (item.visibleIf !== undefined && !evaluate(item.visibleIf, env)) continue;
    if ('text' in item) out.push(interpolate(item.text, env.$vars));
    else out.push(...chosenListItems(lists, item.list, item.valueFrom, item.itemsKey, env));
  }
  // The same document named twice (by a fixed text and by a list) is asked once.
  return [...new Set(out)];
}

/** The flow's required-documents block on its confirmation page (the one the printed form uses). */
export function requiredDocumentsBlock(flow: FlowDocument): RequiredDocumentsBlock | undefined {
  return flow.confirmation.blocks.find((block): block is RequiredDocumentsBlock => block.kind === 'requiredDocuments');
}
