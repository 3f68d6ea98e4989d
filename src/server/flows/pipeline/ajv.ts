/**
 * The one ajv set-up of the portal: the same formats and annotation keywords for the validators the
 * server uses directly and for the standalone code it serves to the browser (which must not compile).
 */
import Ajv, { _ } from 'ajv';
import { formats } from '../../../../renderer/core/formats';

/** Annotation keywords of flow documents; they carry no validation code. */
export const ANNOTATION_KEYWORDS = [
  'x-enumNames',
  'x-messages',
  'x-files',
  'x-options',
  'x-widget',
  'x-visibleIf',
  'x-optionsFilter',
  'x-resetOn',
  'x-ui',
  'x-addressCheck',
  'x-choiceLabel',
];

/** Module id the generated code uses for the formats; the browser maps it to the same functions. */
export const FORMATS_MODULE = 'portal:formats';

export function createAjv(): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    strictRequired: false,
    // A list with fixed positions (`items` as a list) may be followed by further values (`additionalItems`).
    strictTuples: false,
    allowUnionTypes: true,
    // 12,34 is a multiple of 0,01 although 12.34 / 0.01 is not an integer in binary floating point.
    multipleOfPrecision: 9,
    // Messages come from the flow documents and the spec's catalogue, never from ajv's English texts.
    messages: false,
    // A $ref stays a function call, so a definition used twice is generated once.
    inlineRefs: false,
    code: { source: true, formats: _`require(${FORMATS_MODULE}).formats` },
  });
  ajv.addVocabulary(ANNOTATION_KEYWORDS);
  // Plain functions (string formats): the generated code then calls `formats.<name>(value)`.
  for (const [name, validate] of Object.entries(formats)) ajv.addFormat(name, validate);
  return ajv;
}
