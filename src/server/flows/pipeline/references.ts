/**
 * The references of a flow beyond its rule kinds: content blocks and variables read only what the
 * flow has, messages and ui hints name real fields, the printed form's documents and signers name
 * real lists and fields, and step ids and data keys are unique. Also builds the context every rule
 * kind's check gets.
 */
import { ruleVariables } from '../../../../renderer/core/logic';
import type { CheckContext, DesignProblem } from '../../../../renderer/core/rules';
import { escapePointer } from '../../../../renderer/core/rules/types';
import { modelPaths, schemaAt } from '../../../../renderer/core/schemaPaths';
import { VARIANT_KEY, type ContentBlock, type FlowDocument } from '../../../../renderer/core/types';

/** Whether a json-logic `var` names something rules can read: a field, a variable, a list or a variant constant. */
function knownVar(name: string, flow: FlowDocument, fields: Set<string>, lists: Record<string, unknown>): boolean {
  // A field of a repeating group's item: `*` (the item a rule is about) or an index.
  if (
    fields.has(
      name
        .split('.')
        .filter((segment) => segment !== '*' && !/^\d+$/.test(segment))
        .join('.'),
    )
  )
    return true;
  const [head, second] = name.split('.');
  if (head === '$vars') return second !== undefined && Object.hasOwn(flow.variables ?? {}, second);
  if (head === '$lists') return second !== undefined && Object.hasOwn(lists, second);
  if (head === VARIANT_KEY) return (flow.variants ?? []).some((variant) => second !== undefined && Object.hasOwn(variant.constants, second));
  return false;
}

export function checkContext(flow: FlowDocument, lists: Record<string, unknown>, fileChecks: readonly string[]): CheckContext {
  const fields = modelPaths(flow);
  return {
    flow,
    fields,
    lists,
    fileChecks,
    vars: (pointer, rule) =>
      ruleVariables(rule)
        .filter((name) => !knownVar(name, flow, fields, lists))
        .map((name) => ({ pointer, message: `de regel gebruikt ‘${name}’, maar dat is geen veld, variabele of lijst van deze flow` })),
  };
}

function blockProblems(context: CheckContext, pointer: string, blocks: ContentBlock[] | undefined): DesignProblem[] {
  const { fields, lists } = context;
  return (blocks ?? []).flatMap((block, index) => {
    const at = `${pointer}/${index}`;
    const problems = block.visibleIf === undefined ? [] : context.vars(`${at}/visibleIf`, block.visibleIf);
    if (block.kind === 'optionItems') {
      if (!Object.hasOwn(lists, block.list)) problems.push({ pointer: `${at}/list`, message: `de lijst ‘${block.list}’ bestaat niet` });
      if (!fields.has(block.valueFrom)) problems.push({ pointer: `${at}/valueFrom`, message: `het veld ‘${block.valueFrom}’ bestaat niet` });
    }
    if (block.kind === 'requiredDocuments') {
      block.items.forEach((item, itemIndex) => {
        const itemAt = `${at}/items/${itemIndex}`;
        if (item.visibleIf !== undefined) problems.push(...context.vars(`${itemAt}/visibleIf`, item.visibleIf));
        if ('list' in item) {
          if (!Object.hasOwn(lists, item.list)) problems.push({ pointer: `${itemAt}/list`, message: `de lijst ‘${item.list}’ bestaat niet` });
          if (!fields.has(item.valueFrom)) problems.push({ pointer: `${itemAt}/valueFrom`, message: `het veld ‘${item.valueFrom}’ bestaat niet` });
        }
      });
    }
    return problems;
  });
}

/** Problems of everything in the flow that is not a rule kind. */
export function referenceProblems(context: CheckContext): DesignProblem[] {
  const { flow, fields } = context;
  const problems: DesignProblem[] = [];
  for (const [name, rule] of Object.entries(flow.variables ?? {})) problems.push(...context.vars(`/variables/${escapePointer(name)}`, rule));
  problems.push(...blockProblems(context, '/intro/blocks', flow.intro?.blocks));
  problems.push(...blockProblems(context, '/review/intro', flow.review.intro));
  problems.push(...blockProblems(context, '/review/outro', flow.review.outro));
  problems.push(...blockProblems(context, '/confirmation/blocks', flow.confirmation.blocks));
  (flow.confirmation.download?.signers ?? []).forEach((signer, index) => {
    const at = `/confirmation/download/signers/${index}`;
    if (signer.visibleIf !== undefined) problems.push(...context.vars(`${at}/visibleIf`, signer.visibleIf));
    (signer.nameFrom ?? []).forEach((path, pathIndex) => {
      if (!fields.has(path)) problems.push({ pointer: `${at}/nameFrom/${pathIndex}`, message: `de naam komt uit het veld ‘${path}’, maar dat bestaat niet` });
    });
  });
  flow.steps.forEach((step, index) => {
    problems.push(...blockProblems(context, `/steps/${index}/intro`, step.intro));
    problems.push(...blockProblems(context, `/steps/${index}/outro`, step.outro));
    for (const field of Object.keys(step.messages ?? {})) {
      if (schemaAt(step.schema, field) === undefined)
        problems.push({
          pointer: `/steps/${index}/messages/${escapePointer(field)}`,
          message: `er is een melding voor het veld ‘${field}’, maar dat veld bestaat niet`,
        });
    }
  });
  const ids = [...flow.steps.map((step) => step.id), flow.review.id];
  ids.forEach((id, index) => {
    if (ids.indexOf(id) !== index)
      problems.push({ pointer: index < flow.steps.length ? `/steps/${index}/id` : '/review/id', message: `de code ‘${id}’ wordt door twee stappen gebruikt` });
  });
  flow.steps.forEach((step, index) => {
    if (flow.steps.findIndex((other) => other.dataKey === step.dataKey) !== index)
      problems.push({ pointer: `/steps/${index}/dataKey`, message: `de naam in de gegevens ‘${step.dataKey}’ wordt door twee stappen gebruikt` });
  });
  return problems;
}
