/**
 * Stand-in for @rjsf/core's default registry (swapped in by vite.config.ts, for the build and the
 * tests). rjsf's own registry brings all its unstyled widgets and its grid-layout fields. Here the
 * default widgets are the portal's (one for every name rjsf asks for), and the flow format has no
 * grid layouts, so none of that code can be reached; leaving it out keeps some 8 KB (gzipped) out
 * of every first download. Lists, the choices rjsf decides itself and the templates the portal's
 * forms do not reach are loaded when a form first shows one (./fields). Everything else is rjsf's own. An unknown widget name fails as before,
 * in the renderer's field template ('Onbekend widget').
 */
import { DEFAULT_ID_PREFIX, DEFAULT_ID_SEPARATOR, englishStringTranslator, type Registry } from '@rjsf/utils';
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import SubmitButton from '@rjsf/core/lib/components/templates/ButtonTemplates/SubmitButton.js';
import { widgets } from '../../widgets';
import { lazyButtons, lazyFields, lazyTemplates } from './fields';

/**
 * rjsf hands the form a widget component wrapped in one that merges the component's
 * `defaultProps.options` into its options — a component more, and a new options object, per field
 * and render — and keeps the wrapper on the component as `MergedWidget`. The portal's widgets have
 * no default options, so each is its own `MergedWidget` and rjsf renders it directly.
 */
for (const widget of Object.values(widgets)) {
  const component = widget as { defaultProps?: { options?: unknown }; MergedWidget?: unknown };
  if (typeof widget !== 'string' && component.defaultProps?.options === undefined) component.MergedWidget = widget;
}

export default function getDefaultRegistry(): Omit<Registry, 'schemaUtils'> {
  return {
    fields: {
      ...lazyFields,
      BooleanField,
      NullField,
      ObjectField,
      SchemaField,
      StringField,
    },
    templates: {
      ...lazyTemplates,
      // The form always asks for its submit button (the portal's steps hide it); the others load when shown.
      ButtonTemplates: { SubmitButton, ...lazyButtons },
    } as unknown as Registry['templates'],
    widgets,
    rootSchema: {},
    formContext: {},
    translateString: englishStringTranslator,
    globalFormOptions: {
      idPrefix: DEFAULT_ID_PREFIX,
      idSeparator: DEFAULT_ID_SEPARATOR,
      useFallbackUiForUnsupportedType: false,
    },
  };
}
