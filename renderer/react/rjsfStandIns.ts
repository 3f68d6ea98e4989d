/**
 * Modules inside rjsf swapped for the portal's own at build time (see each file for why): which
 * importer, which relative import, and the replacement (a path in this repository). The swaps rest
 * on rjsf's internal file layout, so @rjsf/* is pinned to an exact version in package.json, and
 * `rjsfStandIns.test.ts` fails with the swap's name when an upgrade moves or renames a file.
 */
export interface RjsfStandIn {
  /** The rjsf file that imports the module, as its path ends under node_modules. */
  importer: string;
  /** The import as written in that file. */
  source: string;
  /** The portal's module, relative to the repository's root. */
  replacement: string;
}

export const RJSF_STAND_INS: RjsfStandIn[] = [
  // A slimmer default registry for Form.
  { importer: '@rjsf/core/lib/components/Form.js', source: '../getDefaultRegistry.js', replacement: 'renderer/react/rjsfRegistry.ts' },
  // The core's allOf merge instead of @x0k/json-schema-merge.
  { importer: '@rjsf/utils/lib/schema/retrieveSchema.js', source: './shallowAllOfMerge.js', replacement: 'renderer/react/allOfMergeShim.ts' },
  // Whether a widget is named after a field's format, without an error thrown per field and render.
  { importer: '@rjsf/utils/lib/resolveDefaultWidget.js', source: './hasWidget.js', replacement: 'renderer/react/hasWidgetShim.ts' },
  { importer: '@rjsf/utils/lib/index.js', source: './hasWidget.js', replacement: 'renderer/react/hasWidgetShim.ts' },
  // A schema with nothing to resolve given back at once, not walked on every render.
  { importer: '@rjsf/utils/lib/schema/index.js', source: './retrieveSchema.js', replacement: 'renderer/react/retrieveSchemaShim.ts' },
  { importer: '@rjsf/utils/lib/schema/isSelect.js', source: './retrieveSchema.js', replacement: 'renderer/react/retrieveSchemaShim.ts' },
  // A field's ui options built once per uiSchema, not on every ask.
  { importer: '@rjsf/utils/lib/index.js', source: './getUiOptions.js', replacement: 'renderer/react/uiOptionsShim.ts' },
  // The defaults of data that already holds them, not worked out again.
  { importer: '@rjsf/utils/lib/schema/index.js', source: './getDefaultFormState.js', replacement: 'renderer/react/defaultFormStateShim.ts' },
  // Data rjsf is never asked to omit, and validation it is never asked to do.
  { importer: '@rjsf/utils/lib/schema/index.js', source: './omitExtraData.js', replacement: 'renderer/react/omitExtraDataShim.ts' },
  {
    importer: '@rjsf/validator-ajv8/lib/precompiledValidator.js',
    source: './processRawValidationErrors.js',
    replacement: 'renderer/react/rawValidationShim.ts',
  },
];
