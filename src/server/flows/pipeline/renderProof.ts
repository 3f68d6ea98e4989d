/**
 * The proof that every step renders, made on the documents as the browser gets them (widgets
 * settled): for every field, in every branch of its conditions, the renderer finds a component —
 * a group lays out its fields, a repeating group its items, a field type (`ui:field`) is one the
 * portal has, and any other field names a widget of the catalogue that shows its kind of answer and
 * has the choices it needs (named, when they are objects); a field of type null needs none (the
 * field template shows its text). This is the decision the field template and rjsf make for each
 * field (`widgetKind` in widgets/index.ts, rjsf's field by type), made once at check time: a step that
 * would show 'Er is een probleem met deze pagina' is refused with its field and the reason instead.
 * `renderer/react/renderProof.test.tsx` renders every step of every flow to hold the proof to the renderer.
 */
import { hasChoices, isChoiceArray, isNullField, isObjectChoice, schemaType } from '../../../../renderer/core/defaultWidget';
import type { DesignProblem } from '../../../../renderer/core/rules';
import { isRepeatingGroup, isValueList, valueParts } from '../../../../renderer/core/schemaPaths';
import type { FlowDocument, JsonSchema, UiSchema } from '../../../../renderer/core/types';
import { buildUiSchema } from '../../../../renderer/core/uiSchema';
import { findDescription, type WidgetCatalogue } from '../../../../renderer/core/widgetCatalogue';
import { fieldOccurrences } from './fieldOccurrences';
import { typeName } from './settings';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The ui hints of the field at `path` ('personen.naam': under the list's `items`). */
function uiAt(uiSchema: UiSchema | undefined, schema: JsonSchema, path: string): UiSchema {
  let ui: unknown = uiSchema ?? {};
  let node: JsonSchema | undefined = schema;
  for (const key of path.split('.')) {
    if (node && isRepeatingGroup(node)) {
      ui = isRecord(ui) ? ui.items : undefined;
      node = node.items as JsonSchema;
    }
    ui = isRecord(ui) ? ui[key] : undefined;
    node = node?.properties?.[key] as JsonSchema | undefined;
  }
  return isRecord(ui) ? (ui as UiSchema) : {};
}

/** Why the renderer finds no component for the field, or undefined when it does. */
function whyNotRendered(schema: JsonSchema, ui: UiSchema, catalogue: WidgetCatalogue): string | undefined {
  if (typeof ui['ui:field'] === 'string')
    return findDescription(catalogue.fields, ui['ui:field']) ? undefined : `de weergave ‘${ui['ui:field']}’ bestaat niet in de portal`;
  // A field of type null shows its title and description only (the field template).
  if (isNullField(schema)) return undefined;
  const choices = isChoiceArray(schema) ? (schema.items as JsonSchema) : schema;
  if (schema.properties || (schemaType(schema) === 'object' && !hasChoices(schema)) || isRepeatingGroup(schema)) return undefined;
  // A list of values lays out its items, each with the items' widget.
  if (isValueList(schema)) {
    for (const part of valueParts(schema, ui)) {
      const reason = whyNotRendered(part.schema, part.ui, catalogue);
      if (reason) return reason;
    }
    return undefined;
  }
  const type = schemaType(schema);
  if (type === undefined) return 'het soort antwoord is niet bekend, dus er is geen weergave voor';
  const name = ui['ui:widget'];
  if (typeof name !== 'string')
    return `er is geen weergave (widget) voor een antwoord van het soort ‘${typeName(type)}’${type === 'array' ? ' zonder keuzes of bestanden' : ''}`;
  const description = findDescription(catalogue.widgets, name, type);
  if (!description) return `de weergave ${name} bestaat niet in de portal of kan geen ${typeName(type)} tonen`;
  if (!description.types.includes(type)) return `de weergave ${description.name} kan geen ${typeName(type)} tonen`;
  if (description.needsOptions && !hasChoices(choices)) return `de weergave ${description.name} heeft keuzes nodig, en het veld heeft er geen`;
  // rjsf would name a choice that is an object '[object Object]'.
  if (isObjectChoice(choices) && !Array.isArray(choices['x-enumNames']))
    return 'de keuzes zijn groepen van gegevens zonder naam; geef elke keuze een naam met ui:enumNames, of schrijf ze als oneOf met const en title';
  return undefined;
}

/** The fields of a settled flow that no component of the portal can render, each with the reason. */
export function renderProblems(flow: FlowDocument, catalogue: WidgetCatalogue): DesignProblem[] {
  return flow.steps.flatMap((step, index) => {
    // A field type (an address) renders the fields inside it itself.
    const own: string[] = [];
    // The hints as the form gets them: the flow's over those a shared definition brings (`x-ui`).
    const uiSchema = buildUiSchema(step.schema, step.uiSchema);
    return fieldOccurrences(step.schema, index).flatMap((occurrence) => {
      if (own.some((path) => occurrence.path.startsWith(`${path}.`))) return [];
      const ui = uiAt(uiSchema, step.schema, occurrence.path);
      if (typeof ui['ui:field'] === 'string') own.push(occurrence.path);
      const reason = whyNotRendered(occurrence.schema, ui, catalogue);
      const branch = occurrence.inBranch ? ' (in het geval dat een voorwaarde geldt)' : '';
      return reason ? [{ pointer: occurrence.pointer, message: `Deze stap kan niet worden getoond: ${reason} {plaats}${branch}` }] : [];
    });
  });
}
