/**
 * The values rules compare fields with must be values those fields can have. A rule 'show the
 * registration number when the register is not 4' still passes the shape check after option 4 is
 * removed, or after a yes/no question became a text field while the rule still compares it with
 * `true` — and then never (or always) holds. Every comparison of a field with a fixed value in any
 * rule of the flow (when a field, block, box, signer or document is shown, cross-field checks,
 * values the flow sets, variables) is checked against the field's choices and kind of answer; so is
 * every fixed value the flow sets in a field.
 */
import { schemaType, valueType } from '../../../../renderer/core/defaultWidget';
import type { DesignProblem } from '../../../../renderer/core/rules';
import { escapePointer } from '../../../../renderer/core/rules/types';
import { labelOf, schemaAt } from '../../../../renderer/core/schemaPaths';
import type { ContentBlock, FlowDocument, JsonSchema } from '../../../../renderer/core/types';
import { optionValues } from './meaning';
import { quoted, typeName } from './settings';
import { whyNotFits } from './valueFits';

const EQUALITY = new Set(['==', '===', '!=', '!==']);
const ORDER = new Set(['<', '<=', '>', '>=']);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isLiteral = (value: unknown) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

interface FieldAt {
  schema: JsonSchema;
  label: string;
}

/** The field a rule's `var` reads ('stap.veld', 'stap.personen.*.naam'), or undefined for variables, lists and constants. */
function fieldOf(flow: FlowDocument, name: string): FieldAt | undefined {
  const [dataKey, ...rest] = name.split('.');
  const step = flow.steps.find((candidate) => candidate.dataKey === dataKey);
  if (!step || rest.length === 0) return undefined;
  const path = rest.filter((segment) => segment !== '*').join('.');
  const schema = schemaAt(step.schema, path);
  return schema ? { schema, label: labelOf(step.schema, path) } : undefined;
}

const varName = (node: unknown): string | undefined => {
  if (!isRecord(node) || !('var' in node)) return undefined;
  const args = node.var;
  const name = Array.isArray(args) ? args[0] : args;
  return typeof name === 'string' && name !== '' ? name : undefined;
};

/** The labels of a field's choices, for a message: ‘Nieuw’, ‘Wijziging’ (their stored values where they have no label). */
function optionLabels(schema: JsonSchema, options: unknown[]): string {
  const names = Array.isArray(schema['x-enumNames']) ? (schema['x-enumNames'] as unknown[]) : [];
  const shown = options.slice(0, 8).map((value, index) => (typeof names[index] === 'string' ? `‘${names[index] as string}’` : quoted(value)));
  return `${shown.join(', ')}${options.length > 8 ? ', …' : ''}`;
}

/** Why comparing the field with `value` by `op` can never mean what the rule intends, or undefined. */
function comparisonProblem(field: FieldAt, op: string, value: unknown): string | undefined {
  if (value === null || !isLiteral(value)) return undefined;
  const schema = field.schema;
  const type = schemaType(schema);
  if (type === 'array' || type === 'object') return undefined;
  const kind = valueType(value)!;
  if (ORDER.has(op)) {
    if (type === 'boolean') return `vergelijkt ‘${field.label}’ (ja of nee) met ‘groter of kleiner dan’ ${quoted(value)}`;
    if ((type === 'number' || type === 'integer') && typeof value !== 'number')
      return `vergelijkt ‘${field.label}’ (een ${typeName(type)}) met de tekst ${quoted(value)}`;
    return undefined;
  }
  const options = optionValues(schema);
  if (options) {
    if (options.some((option) => option === value)) return undefined;
    const loose = options.some((option) => String(option) === String(value));
    return loose
      ? `vergelijkt ‘${field.label}’ met ${quoted(value)}, maar de keuzes zijn ${typeof options[0] === 'string' ? 'teksten' : typeof options[0] === 'boolean' ? 'ja of nee' : 'getallen'}; gebruik dezelfde soort waarde`
      : `vergelijkt ‘${field.label}’ met ${quoted(value)}, maar dat is geen van de keuzes (${optionLabels(schema, options)})`;
  }
  const fits = type === undefined || type === kind || (type === 'number' && kind === 'integer');
  return fits
    ? undefined
    : `vergelijkt ‘${field.label}’ (${type === 'boolean' ? 'ja of nee' : `een ${typeName(type)}`}) met ${quoted(value)}, en dat kan het antwoord nooit zijn`;
}

/** Every comparison of a field with a fixed value in `rule`. */
function ruleProblems(flow: FlowDocument, rule: unknown, pointer: string, what: string): DesignProblem[] {
  const problems: DesignProblem[] = [];
  const report = (name: string, op: string, value: unknown) => {
    const field = fieldOf(flow, name);
    const problem = field && comparisonProblem(field, op, value);
    if (problem) problems.push({ pointer, message: `${what} {plaats} ${problem}` });
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isRecord(node)) return;
    for (const [op, args] of Object.entries(node)) {
      if ((EQUALITY.has(op) || ORDER.has(op)) && Array.isArray(args)) {
        // `{"<": [1, {"var": "x"}, 10]}` compares the middle with both ends.
        args.forEach((arg, index) => {
          const name = varName(arg);
          if (!name) return;
          for (const other of [args[index - 1], args[index + 1]]) if (other !== undefined && varName(other) === undefined) report(name, op, other);
        });
      } else if (op === 'in' && Array.isArray(args) && Array.isArray(args[1])) {
        const name = varName(args[0]);
        if (name) for (const value of args[1] as unknown[]) report(name, '==', value);
      }
      if (op !== 'var') walk(args);
    }
  };
  walk(rule);
  return problems;
}

/** A value the flow sets in a field (`derive`) must be one the field accepts. */
function derivedValueProblems(flow: FlowDocument, stepIndex: number): DesignProblem[] {
  const step = flow.steps[stepIndex];
  return (step.derive ?? []).flatMap((rule, index) => {
    const schema = schemaAt(step.schema, rule.field);
    if (!schema || !isLiteral(rule.value)) return [];
    const reason = whyNotFits(rule.value, schema);
    return reason
      ? [
          {
            pointer: `/steps/${stepIndex}/derive/${index}/value`,
            message: `Het vaste antwoord ${quoted(rule.value)} voor ‘${labelOf(step.schema, rule.field)}’ {plaats} past niet bij dat veld: ${reason}`,
          },
        ]
      : [];
  });
}

function blockProblems(flow: FlowDocument, blocks: ContentBlock[] | undefined, pointer: string): DesignProblem[] {
  return (blocks ?? []).flatMap((block, index) => [
    ...ruleProblems(flow, block.visibleIf, `${pointer}/${index}/visibleIf`, 'De regel ‘Wanneer tonen’'),
    ...(block.kind === 'requiredDocuments'
      ? block.items.flatMap((item, itemIndex) =>
          ruleProblems(flow, item.visibleIf, `${pointer}/${index}/items/${itemIndex}/visibleIf`, 'De regel ‘Wanneer vragen’'),
        )
      : []),
  ]);
}

/**
 * The values a condition of a step schema tests a field for — an `if` (`properties.dier.const`), a
 * dependency's case (`properties.soort.enum`) — must be values that field can have: a removed option
 * leaves a branch nobody reaches.
 */
function conditionProblems(flow: FlowDocument, stepIndex: number): DesignProblem[] {
  const step = flow.steps[stepIndex];
  const problems: DesignProblem[] = [];
  const test = (object: JsonSchema, condition: unknown, pointer: string) => {
    if (!isRecord(condition) || !isRecord(condition.properties)) return;
    for (const [key, tested] of Object.entries(condition.properties)) {
      const own = isRecord(object.properties) ? (object.properties as Record<string, JsonSchema>)[key] : undefined;
      if (!own || !isRecord(tested)) continue;
      const values = 'const' in tested ? [tested.const] : Array.isArray(tested.enum) ? tested.enum : [];
      const field = { schema: own, label: typeof own.title === 'string' ? own.title : key };
      for (const value of values) {
        const problem = comparisonProblem(field, '==', value);
        if (problem) problems.push({ pointer: `${pointer}/properties/${escapePointer(key)}`, message: `De voorwaarde {plaats} ${problem}` });
      }
    }
  };
  const walk = (node: unknown, pointer: string, object: JsonSchema | undefined): void => {
    if (Array.isArray(node)) return node.forEach((item, index) => walk(item, `${pointer}/${index}`, object));
    if (!isRecord(node)) return;
    const here = isRecord(node.properties) ? (node as JsonSchema) : object;
    if (here && node.if !== undefined) test(here, node.if, `${pointer}/if`);
    if (here && isRecord(node.dependencies)) {
      for (const [key, dependency] of Object.entries(node.dependencies)) {
        const cases = isRecord(dependency) && Array.isArray(dependency.oneOf) ? dependency.oneOf : [];
        cases.forEach((entry, index) => test(here, entry, `${pointer}/dependencies/${escapePointer(key)}/oneOf/${index}`));
      }
    }
    for (const [key, value] of Object.entries(node))
      if (key !== 'if' && key !== 'dependencies') walk(value, `${pointer}/${escapePointer(key)}`, key === 'properties' ? undefined : here);
  };
  walk(step.schema, `/steps/${stepIndex}/schema`, undefined);
  return problems;
}

/** Every rule of the (resolved) flow that compares a field with a value it cannot have. */
export function ruleOperandProblems(flow: FlowDocument): DesignProblem[] {
  const problems: DesignProblem[] = [];
  for (const [name, rule] of Object.entries(flow.variables ?? {})) problems.push(...ruleProblems(flow, rule, `/variables/${escapePointer(name)}`, 'De regel'));
  problems.push(...blockProblems(flow, flow.intro?.blocks, '/intro/blocks'));
  problems.push(...blockProblems(flow, flow.review.intro, '/review/intro'));
  problems.push(...blockProblems(flow, flow.review.outro, '/review/outro'));
  problems.push(...blockProblems(flow, flow.confirmation.blocks, '/confirmation/blocks'));
  (flow.confirmation.download?.signers ?? []).forEach((signer, index) =>
    problems.push(...ruleProblems(flow, signer.visibleIf, `/confirmation/download/signers/${index}/visibleIf`, 'De regel ‘Wanneer tekenen’')),
  );
  flow.steps.forEach((step, index) => {
    const at = `/steps/${index}`;
    for (const [field, rule] of Object.entries(step.visibleIf ?? {}))
      problems.push(...ruleProblems(flow, rule, `${at}/visibleIf/${escapePointer(field)}`, 'De regel ‘Wanneer tonen’'));
    (step.rules ?? []).forEach((rule, ruleIndex) =>
      problems.push(...ruleProblems(flow, rule.assert, `${at}/rules/${ruleIndex}/assert`, `De controle ‘${rule.message}’`)),
    );
    (step.derive ?? []).forEach((rule, ruleIndex) =>
      problems.push(...ruleProblems(flow, rule.when, `${at}/derive/${ruleIndex}/when`, 'De voorwaarde van een vast antwoord')),
    );
    (step.boxes ?? []).forEach((box, boxIndex) =>
      problems.push(...ruleProblems(flow, box.visibleIf, `${at}/boxes/${boxIndex}/visibleIf`, 'De regel ‘Wanneer tonen’ van een kader')),
    );
    problems.push(...blockProblems(flow, step.intro, `${at}/intro`), ...blockProblems(flow, step.outro, `${at}/outro`));
    problems.push(...derivedValueProblems(flow, index), ...conditionProblems(flow, index));
  });
  return problems;
}
