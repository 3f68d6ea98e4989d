/**
 * rjsf's field for a `oneOf`/`anyOf` it has to choose between itself, with its template. The form
 * is given the schema in effect for its data (core/conditions/effective.ts), where a choice between
 * groups of fields is already decided, so this is loaded only if one ever reaches the form.
 */
import RjsfMultiSchemaField from '@rjsf/core/lib/components/fields/MultiSchemaField.js';
import MultiSchemaFieldTemplate from '@rjsf/core/lib/components/templates/MultiSchemaFieldTemplate.js';
import type { FieldProps, Registry } from '@rjsf/utils';

const withTemplate = new WeakMap<Registry, Registry>();

function choiceRegistry(registry: Registry): Registry {
  let extended = withTemplate.get(registry);
  if (!extended) {
    extended = { ...registry, templates: { ...({ MultiSchemaFieldTemplate } as Partial<Registry['templates']>), ...registry.templates } };
    withTemplate.set(registry, extended);
  }
  return extended;
}

export default function MultiSchemaField(props: FieldProps) {
  return <RjsfMultiSchemaField {...props} registry={choiceRegistry(props.registry)} />;
}
