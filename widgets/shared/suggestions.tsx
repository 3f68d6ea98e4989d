// A field's `examples` as suggestions: a <datalist> tied to its input with `list=`, as rjsf's
// BaseInputTemplate does (the examples and the default, each once). The applicant may pick one or
// type anything else: examples are no constraint, and the server does not check against them.
import type { WidgetProps } from '@rjsf/utils';

/** The list's id for the input with `id` (rjsf's `examplesId`). */
export const suggestionsId = (id: string) => `${id}__examples`;

/** The suggestions of the field as the input shows them (`show`), or undefined when it has none. */
export function suggestionsOf(schema: WidgetProps['schema'], show: (value: unknown) => string): string[] | undefined {
  const examples = Array.isArray(schema.examples) ? (schema.examples as unknown[]) : undefined;
  if (!examples || examples.length === 0) return undefined;
  const values = schema.default !== undefined && !examples.includes(schema.default) ? [...examples, schema.default] : examples;
  return [...new Set(values.map(show))];
}

/** The <datalist> with the suggestions, or nothing. */
export function Suggestions({ id, values }: { id: string; values: string[] | undefined }) {
  if (!values) return null;
  return (
    <datalist id={suggestionsId(id)}>
      {values.map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
}
