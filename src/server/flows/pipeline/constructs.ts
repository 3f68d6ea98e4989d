/**
 * Which JSON Schema constructs a step may use, beyond what the meta-schema says: the engine shows,
 * reviews, prints and stores groups of fields, repeating groups of them, multiple choices, file
 * lists and the conditions of rules/conditions.ts. What it cannot show is refused here by name, with
 * the engine's own way to say the same thing, so nothing passes the check that a browser then
 * cannot render or that would lose what an applicant entered. A field without a title is a warning:
 * its label would be its key.
 */
import { allProperties, branchesWithPointers, escape } from '../../../../renderer/core/conditions/branches';
import { isChoiceList } from '../../../../renderer/core/conditions/tests';
import { hasChoices, schemaType } from '../../../../renderer/core/defaultWidget';
import type { DesignProblem } from '../../../../renderer/core/rules';
import { isRepeatingGroup, isValueList, valueParts } from '../../../../renderer/core/schemaPaths';
import type { FlowDocument, JsonSchema } from '../../../../renderer/core/types';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Rule keywords whose rule kind reads one value per field: they cannot be on a field of a repeating group's items. */
const PER_FIELD_RULES = ['x-files', 'x-optionsFilter', 'x-resetOn', 'x-addressCheck'];

export interface ConstructFindings {
  problems: DesignProblem[];
  warnings: DesignProblem[];
}

function conditionsIn(node: JsonSchema): string[] {
  const found: string[] = [];
  if (node.if !== undefined) found.push('if/then/else');
  if (node.dependencies !== undefined || node.dependentSchemas !== undefined || node.dependentRequired !== undefined) found.push('dependencies');
  for (const keyword of ['oneOf', 'anyOf'] as const) if (isChoiceList(node[keyword])) found.push(keyword);
  if (Array.isArray(node.allOf) && (node.allOf as unknown[]).some((item) => isRecord(item) && item.if !== undefined)) found.push('if/then/else');
  return found;
}

/**
 * Walks an object's fields and the branches that add fields to it. `condition` is the field a
 * dependency's case is about: in the case it is a condition, not a field of its own.
 */
function walkObject(node: JsonSchema, pointer: string, path: string, inItems: boolean, findings: ConstructFindings, condition?: string): void {
  if (inItems) {
    for (const construct of conditionsIn(node)) {
      findings.problems.push({
        pointer,
        message: `${construct} binnen een herhalende groep wordt niet ondersteund; gebruik visibleIf met ./veld (relatief aan het item) en rules`,
      });
    }
  }
  if (isRecord(node.additionalProperties) || node.additionalProperties === true || node.patternProperties !== undefined) {
    findings.problems.push({
      pointer,
      message: 'velden met vrije namen (additionalProperties true of als schema, patternProperties) worden niet ondersteund; noem elk veld in properties',
    });
  }
  const own = node.properties ?? {};
  for (const [key, child] of Object.entries(own)) {
    if (isRecord(child) && key !== condition) walkField(child, `${pointer}/properties/${escape(key)}`, path ? `${path}.${key}` : key, inItems, findings);
  }
  for (const branch of branchesWithPointers(node)) {
    const dependency = /^\/(?:dependencies|dependentSchemas)\/([^/]+)$/.exec(branch.pointer)?.[1];
    walkObject(
      branch.schema,
      `${pointer}${branch.pointer}`,
      path,
      inItems,
      findings,
      dependency ? dependency.replace(/~1/g, '/').replace(/~0/g, '~') : condition,
    );
  }
}

function walkField(schema: JsonSchema, pointer: string, path: string, inItems: boolean, findings: ConstructFindings): void {
  if (typeof schema.title !== 'string' || schema.title === '') {
    findings.warnings.push({ pointer, message: `het veld heeft geen label; aanvragers zien ‘${path.split('.').at(-1)}’` });
  }
  if (inItems) {
    for (const keyword of PER_FIELD_RULES) {
      if (schema[keyword] !== undefined)
        findings.problems.push({ pointer: `${pointer}/${keyword}`, message: `${keyword} werkt niet op een veld van een herhalende groep` });
    }
  }
  if (schema.additionalItems !== undefined && !Array.isArray(schema.items)) {
    findings.warnings.push({
      pointer: `${pointer}/additionalItems`,
      message: 'additionalItems heeft hier geen effect: items geldt al voor elke waarde van de lijst (additionalItems geldt alleen na vaste posities)',
    });
  }
  if (schemaType(schema) === 'array' || schema.items !== undefined || schema.prefixItems !== undefined) {
    if (schema.prefixItems !== undefined) {
      findings.problems.push({
        pointer: `${pointer}/prefixItems`,
        message:
          'prefixItems (JSON Schema 2020-12) wordt niet ondersteund; schrijf vaste posities als lijst onder items, met additionalItems voor de waarden daarna',
      });
    } else if (Array.isArray(schema.items) && !isValueList(schema)) {
      findings.problems.push({
        pointer,
        message:
          'een lijst met vaste posities kan op elke positie alleen een losse waarde hebben (tekst, getal, ja/nee of een keuze); gebruik voor velden met een eigen naam een groep velden',
      });
    } else if (isRepeatingGroup(schema)) {
      if (inItems) findings.problems.push({ pointer, message: `een herhalende groep binnen een herhalende groep wordt niet ondersteund` });
      else walkObject(schema.items as JsonSchema, `${pointer}/items`, path, true, findings);
    } else if (isValueList(schema)) {
      for (const part of valueParts(schema))
        for (const keyword of PER_FIELD_RULES.filter((name) => part.schema[name] !== undefined))
          findings.problems.push({
            pointer: `${pointer}/${part.at}/${keyword}`,
            message: `${keyword} werkt niet op de waarden van een lijst; zet het op de lijst zelf`,
          });
    } else if (!schema['x-files']) {
      const items = isRecord(schema.items) ? (schema.items as JsonSchema) : {};
      if (!hasChoices(items)) {
        findings.problems.push({
          pointer,
          message:
            schemaType(items) === 'array'
              ? 'een lijst van lijsten wordt niet ondersteund; gebruik een herhalende groep (items met properties) met een lijst als veld'
              : `voor deze lijst is niet bekend wat een waarde is: geef items een type (tekst, getal, geheel getal of ja/nee), velden (properties: een herhalende groep) of vaste keuzes (enum met uniqueItems: een meerkeuzevraag)`,
        });
      } else if (schema.uniqueItems !== true) {
        findings.problems.push({ pointer, message: `een meerkeuzevraag heeft "uniqueItems": true nodig (elke keuze één keer)` });
      }
    }
    return;
  }
  if (schemaType(schema) === 'object' || schema.properties || Object.keys(allProperties(schema)).length > 0)
    walkObject(schema, pointer, path, inItems, findings);
}

/** The constructs of every step that the engine cannot show (problems), and fields without a title (warnings). */
export function constructFindings(flow: FlowDocument): ConstructFindings {
  const findings: ConstructFindings = { problems: [], warnings: [] };
  flow.steps.forEach((step, index) => walkObject(step.schema, `/steps/${index}/schema`, '', false, findings));
  return findings;
}
