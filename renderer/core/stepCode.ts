/**
 * Which code a step renders, by name: the widgets and fields its uiSchema and shared definitions
 * name (`ui:widget`, `ui:field`), the rjsf fields its schema's types lead to (a `type: 'array'` is
 * rendered by rjsf's ArrayField, a number by its NumberField), 'ChoiceField' for a choice between groups of fields (`oneOf`/`anyOf`),
 * and 'ContentBlocks' when it has text blocks above or below its form. Some of that code is loaded on demand; the server preloads it with a step's page and the
 * browser with the steps that follow, both by these names (widgets/index.ts, renderer/react/fields,
 * renderer/react/onDemand.tsx, src/server/boot/pageBoot.ts).
 */
import { isChoiceList } from './conditions/tests';
import { uiNamesIn } from './widgetCatalogue';
import type { StepDefinition } from './types';

/** rjsf's field per schema type (its SchemaField's choice), for the types whose field may be loaded on demand. */
const FIELD_OF_TYPE: Record<string, string> = { array: 'ArrayField', number: 'NumberField', integer: 'NumberField' };

function fieldNamesIn(value: unknown, names: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) fieldNamesIn(item, names);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'type')
        for (const type of Array.isArray(item) ? item : [item]) if (typeof type === 'string' && FIELD_OF_TYPE[type]) names.add(FIELD_OF_TYPE[type]);
      // A choice between groups of fields is asked by the renderer's own choice field.
      if ((key === 'oneOf' || key === 'anyOf') && isChoiceList(item)) names.add('ChoiceField');
      fieldNamesIn(item, names);
    }
  }
}

/** The names of the widget and field code the steps' forms render. */
export function stepCodeNames(steps: Pick<StepDefinition, 'schema' | 'uiSchema' | 'intro' | 'outro'>[]): Set<string> {
  const names = uiNamesIn(steps.flatMap((step) => [step.schema, step.uiSchema]));
  fieldNamesIn(
    steps.map((step) => step.schema),
    names,
  );
  if (steps.some((step) => step.intro?.length || step.outro?.length)) names.add('ContentBlocks');
  return names;
}
