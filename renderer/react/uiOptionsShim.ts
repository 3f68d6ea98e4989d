/**
 * Stand-in for @rjsf/utils' `getUiOptions` as @rjsf/core calls it (swapped in by vite.config.ts).
 * rjsf asks for a field's ui options about ten times each time it draws the field, and builds a new
 * object from the field's uiSchema every time. The answer depends on the uiSchema and the global
 * options only, and the portal never changes a uiSchema in place (a change makes a new one), so it
 * is built once per uiSchema object here and handed out frozen: code that would change it fails
 * loudly instead of changing the answer for the next caller.
 */
import getUiOptions from '@rjsf/utils/lib/getUiOptions.js';

const built = new WeakMap<object, WeakMap<object, ReturnType<typeof getUiOptions>>>();
const NO_GLOBAL_OPTIONS = Object.freeze({});

export default function uiOptions(...args: Parameters<typeof getUiOptions>): ReturnType<typeof getUiOptions> {
  const [uiSchema, globalOptions = NO_GLOBAL_OPTIONS] = args;
  if (typeof uiSchema !== 'object' || uiSchema === null || isEmpty(uiSchema)) return getUiOptions(...args);
  let byGlobalOptions = built.get(uiSchema);
  if (!byGlobalOptions) built.set(uiSchema, (byGlobalOptions = new WeakMap()));
  let options = byGlobalOptions.get(globalOptions);
  if (!options) byGlobalOptions.set(globalOptions, (options = Object.freeze(getUiOptions(uiSchema, globalOptions))));
  return options;
}

/** An empty uiSchema is often a new object per call (a default value): not worth keeping. */
function isEmpty(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}
