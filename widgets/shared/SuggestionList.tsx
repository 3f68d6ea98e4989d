// A field's `examples` as suggestions: a <datalist> tied to its input with `list=`, as rjsf's
// BaseInputTemplate does (the examples and the default, each once; numbers in the page's notation).
// The applicant may pick one or type anything else: examples are no constraint, and the server does
// not check against them. Loaded when a field first shows one (./suggestions.ts).
import type { WidgetProps } from '@rjsf/utils';
import type { Lang } from '../../renderer/core/i18n';
import { suggestionsId } from './suggestions';

/** The suggestions of the field as its input shows them. */
export function suggestionsOf(schema: WidgetProps['schema'], lang: Lang): string[] {
  const examples = Array.isArray(schema.examples) ? (schema.examples as unknown[]) : [];
  const values = schema.default !== undefined && !examples.includes(schema.default) ? [...examples, schema.default] : examples;
  const show = (value: unknown) => (typeof value === 'number' && lang === 'nl' ? String(value).replace('.', ',') : String(value));
  return [...new Set(values.map(show))];
}

export function SuggestionList({ id, schema, lang }: { id: string; schema: WidgetProps['schema']; lang: Lang }) {
  return (
    <datalist id={suggestionsId(id)}>
      {suggestionsOf(schema, lang).map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
}
