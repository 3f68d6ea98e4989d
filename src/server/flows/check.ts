/**
 * Checks of a flow document beyond its meta-schema: every json-logic `var` names a real field of the
 * flow, every field path a rule, box, message or mapping names exists, and every file check is
 * known. Used by `npm run flows:check` and by the tests.
 */
import { ruleVariables } from '../../../renderer/core/logic';
import { modelPaths, schemaAt } from '../../../renderer/core/schemaPaths';
import { VARIANT_KEY, type FlowDocument } from '../../../renderer/core/types';
import { isKnownFileCheck } from '../uploads/fileChecks';

/** Whether a json-logic `var` names something the rules can read: a field, a variable, a list or a variant constant. */
function knownVar(name: string, flow: FlowDocument, fields: Set<string>, lists: Set<string>): boolean {
  if (fields.has(name)) return true;
  const [head, second] = name.split('.');
  if (head === '$vars') return second !== undefined && second in (flow.variables ?? {});
  if (head === '$lists') return second !== undefined && lists.has(second);
  if (head === VARIANT_KEY) return (flow.variants ?? []).some((variant) => second !== undefined && second in variant.constants);
  return false;
}

export function checkFlowReferences(flow: FlowDocument, listNames: string[] = []): string[] {
  const problems: string[] = [];
  const known = modelPaths(flow);
  const lists = new Set(listNames);
  const checkVars = (where: string, rule: unknown) => {
    for (const name of ruleVariables(rule)) {
      if (!knownVar(name, flow, known, lists)) problems.push(`${where}: json-logic var '${name}' is geen veld, variabele of lijst van deze flow`);
    }
  };
  for (const [name, rule] of Object.entries(flow.variables ?? {})) checkVars(`variables.${name}`, rule);
  const checkBlocks = (where: string, blocks: { visibleIf?: unknown }[] | undefined) =>
    (blocks ?? []).forEach((block, index) => block.visibleIf !== undefined && checkVars(`${where}[${index}]`, block.visibleIf));
  checkBlocks('confirmation.blocks', flow.confirmation.blocks);
  problems.push(...checkFormParts(flow, known, lists, checkVars));
  checkBlocks('review.outro', flow.review.outro);
  for (const step of flow.steps) {
    checkBlocks(`${step.id}.intro`, step.intro);
    checkBlocks(`${step.id}.outro`, step.outro);
  }
  for (const step of flow.steps) {
    const fieldExists = (path: string) => schemaAt(step.schema, path) !== undefined;
    for (const [field, rule] of Object.entries(step.visibleIf ?? {})) {
      if (!fieldExists(field)) problems.push(`${step.id}.visibleIf: onbekend veld '${field}'`);
      checkVars(`${step.id}.visibleIf.${field}`, rule);
    }
    for (const rule of step.rules ?? []) {
      if (!fieldExists(rule.field)) problems.push(`${step.id}.rules.${rule.id}: onbekend veld '${rule.field}'`);
      checkVars(`${step.id}.rules.${rule.id}`, rule.assert);
    }
    for (const rule of step.derive ?? []) {
      if (!fieldExists(rule.field)) problems.push(`${step.id}.derive: onbekend veld '${rule.field}'`);
      checkVars(`${step.id}.derive.${rule.field}`, rule.when);
      checkVars(`${step.id}.derive.${rule.field}`, rule.value);
    }
    for (const box of step.boxes ?? []) {
      if (box.after && !fieldExists(box.after)) problems.push(`${step.id}.boxes.${box.id}: onbekend veld '${box.after}'`);
      if (box.visibleIf) checkVars(`${step.id}.boxes.${box.id}`, box.visibleIf);
    }
    for (const field of Object.keys(step.messages ?? {})) {
      if (!fieldExists(field)) problems.push(`${step.id}.messages: onbekend veld '${field}'`);
    }
    for (const field of Object.keys(step.uiSchema ?? {})) {
      if (!field.startsWith('ui:') && !fieldExists(field)) problems.push(`${step.id}.uiSchema: onbekend veld '${field}'`);
    }
  }
  if (flow.submit.kind === 'upload') {
    for (const [name, source] of Object.entries(flow.submit.fields)) {
      if (typeof source === 'string' && !known.has(source)) problems.push(`submit.fields.${name}: onbekend veld '${source}'`);
    }
    if (!known.has(flow.submit.files.from)) problems.push(`submit.files.from: onbekend veld '${flow.submit.files.from}'`);
  }
  for (const step of flow.steps) {
    for (const [key, child] of Object.entries(step.schema.properties ?? {})) {
      const check = child['x-files']?.check;
      if (check && !isKnownFileCheck(check)) problems.push(`${step.id}.${key}: onbekende bestandscontrole '${check}'`);
    }
  }
  const ids = [...flow.steps.map((step) => step.id), flow.review.id];
  if (new Set(ids).size !== ids.length) problems.push('stap-id komt dubbel voor');
  const keys = flow.steps.map((step) => step.dataKey);
  if (new Set(keys).size !== keys.length) problems.push('dataKey komt dubbel voor');
  return problems;
}

/** The references of the printed form's parts: required documents (rules, lists, fields) and signers (names, rules). */
function checkFormParts(flow: FlowDocument, known: Set<string>, lists: Set<string>, checkVars: (where: string, rule: unknown) => void): string[] {
  const problems: string[] = [];
  flow.confirmation.blocks.forEach((block, index) => {
    if (block.kind !== 'requiredDocuments') return;
    block.items.forEach((item, itemIndex) => {
      const where = `confirmation.blocks[${index}].items[${itemIndex}]`;
      if (item.visibleIf !== undefined) checkVars(where, item.visibleIf);
      if ('list' in item) {
        if (!lists.has(item.list)) problems.push(`${where}: onbekende lijst '${item.list}'`);
        if (!known.has(item.valueFrom)) problems.push(`${where}: onbekend veld '${item.valueFrom}'`);
      }
    });
  });
  (flow.confirmation.download?.signers ?? []).forEach((signer, index) => {
    const where = `confirmation.download.signers[${index}]`;
    if (signer.visibleIf !== undefined) checkVars(where, signer.visibleIf);
    for (const path of signer.nameFrom ?? []) if (!known.has(path)) problems.push(`${where}: onbekend veld '${path}'`);
  });
  return problems;
}
