/**
 * JSON Schema's own conditions as a rule kind: `if`/`then`/`else` (also inside `allOf`),
 * `dependencies` and `dependentSchemas` (also with a `oneOf` of cases), and a `oneOf`/`anyOf`
 * between groups of fields (a choice the applicant makes).
 *
 * Browser: the step is shown and checked as in effect for its data (conditions/index.ts), a choice
 * as radio buttons above its fields; what no longer applies is not kept when a step is approved, and
 * an answer a condition's new options no longer offer is cleared at once (`withoutStaleChoices`).
 * Browser and server: errors of branches not in effect are not reported (conditions/errors.ts).
 * Server: answers to questions that do not apply are refused (`inapplicableData`), like data of a
 * hidden field. Design time: only what the engine can show, review and tell apart again from the
 * data alone passes — anything else is refused by name, with the engine's own way to say it.
 */
import { hasAnyConditions, stepInEffect, type Choices } from '../conditions';
import { describesObject, escape, isChoiceList, ownFieldsOf } from '../conditions/branches';
import { isConstantList } from '../defaultWidget';
import { getAt, withoutPath } from '../paths';
import { fieldPaths, schemaAt } from '../schemaPaths';
import type { FlowDocument, FlowModel, JsonSchema, StepDefinition } from '../types';
import type { ValidatorSet } from '../validate';
import type { DesignProblem, RuleKind } from './types';
import { hiddenFieldsWithData, stripHidden } from './visibility';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Model paths of data that has no place in the application: data of a hidden field, and answers to
 * questions that do not apply (the server refuses both).
 */
export function misplacedData(flow: FlowDocument, model: FlowModel, validators: ValidatorSet): string[] {
  return [...hiddenFieldsWithData(flow, model), ...inapplicableData(flow, model, validators)];
}

/** Model paths of answers to questions that do not apply (the server refuses them). */
export function inapplicableData(flow: FlowDocument, model: FlowModel, validators: ValidatorSet): string[] {
  const stripped = stripHidden(flow, model);
  return flow.steps.flatMap((step) =>
    stepInEffect(step, (stripped[step.dataKey] ?? {}) as Record<string, unknown>, validators).inapplicable.map((path) => `${step.dataKey}.${path}`),
  );
}

/** The model as it is kept and sent: no data of hidden fields, none of questions that do not apply. */
export function applicableModel(flow: FlowDocument, model: FlowModel, validators: ValidatorSet, choices: Record<string, Choices> = {}): FlowModel {
  const stripped = stripHidden(flow, model);
  let result = stripped;
  for (const step of flow.steps) {
    const data = stripped[step.dataKey];
    if (!data) continue;
    const kept = stepInEffect(step, data, validators, choices[step.dataKey]).data;
    if (kept !== data) result = { ...result, [step.dataKey]: kept };
  }
  return result;
}

/**
 * The step data without answers that the field, as the conditions now define it, no longer offers
 * ('Vlees' for a cat is no answer to what a fish eats): the field shows no choice then, so it must
 * not keep one it cannot show. Fields of a repeating group have no conditions and are left alone.
 */
export function withoutStaleChoices(step: StepDefinition, data: Record<string, unknown>, validators: ValidatorSet, choices?: Choices): Record<string, unknown> {
  if (!hasAnyConditions(step.schema)) return data;
  const shown = stepInEffect(step, data, validators, choices).step.schema;
  let result = data;
  for (const path of fieldPaths(shown)) {
    const field = schemaAt(shown, path);
    const value = getAt(result, path);
    // An item's field has no index in its path, so it reads as undefined here and is left alone.
    if (!Array.isArray(field?.enum) || value === undefined || field.enum.some((option) => option === value)) continue;
    result = withoutPath(result, path);
  }
  return result;
}

/** What works for a choice between groups of fields, said by every refusal of one that does not. */
const GROUP_CHOICE = 'geef elke keuze eigen velden (properties), zoals { "title": "Per post", "properties": { "postadres": { … } } }';
/** What works for a choice of one value. */
const VALUE_CHOICE = 'een lijst van vaste waarden ({ "const": …, "title": … } of { "enum": [waarde], "title": … })';

/** Problems of one choice between groups of fields (`oneOf`/`anyOf` on an object). */
function choiceProblems(list: JsonSchema[], keyword: string, pointer: string): DesignProblem[] {
  // The server knows the option in effect by the fields only that option has (conditions/effective.ts).
  return ownFieldsOf(list).flatMap((own, index) =>
    own.length > 0
      ? []
      : [
          {
            pointer: `${pointer}/${index}`,
            message: `keuze ${index + 1} van ${keyword} heeft geen eigen veld: elke keuze heeft een veld nodig dat de andere keuzes niet hebben, anders is na het versturen niet uit de antwoorden te zien welke keuze gemaakt is; ${GROUP_CHOICE}`,
          },
        ],
  );
}

/** Why a `oneOf`/`anyOf` on an object whose options are not all groups of fields is refused. */
function notGroupsMessage(list: unknown[], keyword: string): string {
  const requiredOnly = list.every((option) => isRecord(option) && option.properties === undefined && Array.isArray(option.required));
  if (requiredOnly) {
    return (
      `${keyword} met keuzes die alleen verplichte velden (required) noemen, wordt niet ondersteund: zo'n keuze voegt geen vragen toe, ` +
      `en welke gemaakt is, staat niet in de antwoorden; moet ten minste één van die velden ingevuld zijn (bijvoorbeeld e-mail of telefoon), ` +
      `gebruik dan een regel in rules (assert met "or" over de velden) met een eigen melding, of ${GROUP_CHOICE}`
    );
  }
  return `${keyword} met keuzes die geen groepen velden (properties) zijn, wordt niet ondersteund; ${GROUP_CHOICE}, of maak van het veld een keuzeveld met ${VALUE_CHOICE}`;
}

/** Problems of the conditions of one object node and, recursively, of its fields and branches. */
function nodeProblems(node: JsonSchema, pointer: string, branchOfObject = false): DesignProblem[] {
  const problems: DesignProblem[] = [];
  // A branch (then, an allOf item, an option) says something about the object it is on.
  const objectNode = branchOfObject || describesObject(node);
  if (!objectNode) {
    for (const keyword of ['if', 'dependencies', 'dependentSchemas', 'dependentRequired'] as const) {
      if (node[keyword] !== undefined)
        problems.push({
          pointer: `${pointer}/${keyword}`,
          message: `${keyword} op een veld dat geen groep velden is, wordt niet ondersteund; zet de voorwaarde op de groep (het object) of gebruik visibleIf en rules`,
        });
    }
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const list = node[keyword];
    if (!Array.isArray(list)) continue;
    const at = `${pointer}/${keyword}`;
    if (objectNode) {
      if (isChoiceList(list)) problems.push(...choiceProblems(list, keyword, at));
      else problems.push({ pointer: at, message: notGroupsMessage(list, keyword) });
    } else if (!isConstantList(list)) {
      problems.push({
        pointer: at,
        message: `${keyword} op een veld kan ${VALUE_CHOICE} zijn, of een keuze tussen groepen velden (elke keuze met eigen properties); hangt een vraag af van een antwoord, gebruik dan visibleIf en rules`,
      });
    }
  }
  for (const keyword of ['dependencies', 'dependentSchemas'] as const) {
    const map = node[keyword];
    if (!isRecord(map)) continue;
    for (const [key, dependency] of Object.entries(map)) {
      if (!isRecord(dependency) || !Array.isArray(dependency.oneOf)) continue;
      const at = `${pointer}/${keyword}/${escape(key)}/oneOf`;
      (dependency.oneOf as unknown[]).forEach((option, index) => {
        const condition = isRecord(option) && isRecord(option.properties) ? (option.properties as Record<string, JsonSchema>)[key] : undefined;
        if (!condition || (condition.const === undefined && !Array.isArray(condition.enum))) {
          problems.push({
            pointer: `${at}/${index}`,
            message: `geval ${index + 1} van de afhankelijkheid van '${key}' zegt niet bij welke waarde het hoort (properties.${key} met const of enum)`,
          });
        }
      });
    }
  }
  for (const [key, child] of Object.entries(node.properties ?? {}))
    if (isRecord(child)) problems.push(...nodeProblems(child, `${pointer}/properties/${escape(key)}`));
  const branch = (value: unknown, at: string) => {
    if (isRecord(value)) problems.push(...nodeProblems(value as JsonSchema, at, objectNode));
  };
  branch(node.then, `${pointer}/then`);
  branch(node.else, `${pointer}/else`);
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = node[keyword];
    if (Array.isArray(list) && (keyword === 'allOf' || isChoiceList(list))) list.forEach((item, index) => branch(item, `${pointer}/${keyword}/${index}`));
  }
  for (const keyword of ['dependencies', 'dependentSchemas'] as const) {
    for (const [key, dependency] of Object.entries((node[keyword] as Record<string, unknown> | undefined) ?? {})) {
      if (!isRecord(dependency)) continue;
      if (Array.isArray(dependency.oneOf))
        (dependency.oneOf as unknown[]).forEach((item, index) => branch(item, `${pointer}/${keyword}/${escape(key)}/oneOf/${index}`));
      else branch(dependency, `${pointer}/${keyword}/${escape(key)}`);
    }
  }
  return problems;
}

export const conditions: RuleKind = {
  name: 'if/then/else, dependencies, oneOf/anyOf',
  check: ({ flow }) => flow.steps.flatMap((step, index) => nodeProblems(step.schema, `/steps/${index}/schema`)),
};
