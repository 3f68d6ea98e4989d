/**
 * Stand-in for @rjsf/utils' `hasWidget` (swapped in by vite.config.ts), which rjsf asks for every
 * field with a `format`: "is a widget named after this format registered?". rjsf answers by looking
 * the widget up and catching the error thrown when there is none — and flow fields carry formats
 * of their own ('bsn', 'postcode', 'voornamen', ...), so every such field threw and caught an error
 * on every render. The answer only depends on the field's type, the name and the registry, so it
 * is worked out once per registry, type and name, with rjsf's own lookup.
 */
import type { RJSFSchema, RegistryWidgetsType } from '@rjsf/utils';
import getSchemaType from '@rjsf/utils/lib/getSchemaType.js';
import getWidget from '@rjsf/utils/lib/getWidget.js';

const answers = new WeakMap<object, Map<string, boolean>>();

function lookUp(schema: RJSFSchema, widget: unknown, registered: RegistryWidgetsType): boolean {
  try {
    getWidget(schema, widget as never, registered);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    if (message && (message.startsWith('No widget') || message.startsWith('Unsupported widget'))) return false;
    throw error;
  }
}

export default function hasWidget(schema: RJSFSchema, widget: unknown, registered: RegistryWidgetsType = {}): boolean {
  if (typeof widget !== 'string') return lookUp(schema, widget, registered);
  let known = answers.get(registered);
  if (!known) answers.set(registered, (known = new Map()));
  const key = `${JSON.stringify(getSchemaType(schema) ?? null)} ${widget}`;
  let answer = known.get(key);
  if (answer === undefined) known.set(key, (answer = lookUp(schema, widget, registered)));
  return answer;
}
