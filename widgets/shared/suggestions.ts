// Where a text or number input gets the suggestions of its field's `examples` (./SuggestionList,
// loaded on demand: few fields have examples, and the first script carries only this).
import type { WidgetProps } from '@rjsf/utils';
import { lazyComponent } from './lazyComponent';

/** The list's id for the input with `id` (rjsf's `examplesId`), when the field has examples. */
export const suggestionsId = (id: string) => `${id}__examples`;

/** Whether the field offers suggestions. */
export const hasSuggestions = (schema: WidgetProps['schema']) => Array.isArray(schema.examples) && schema.examples.length > 0;

export const Suggestions = lazyComponent<{ id: string; schema: WidgetProps['schema']; lang: 'nl' | 'en' }>(() =>
  import('./SuggestionList').then((module) => module.SuggestionList),
);
