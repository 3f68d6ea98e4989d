/**
 * Stand-in for @rjsf/utils' `omitExtraData` module (swapped in by vite.config.ts). The portal never
 * asks rjsf to omit data — the core takes out the data of hidden fields, the same way the server does
 * — so rjsf's schema-walking filter (~1.4 KB gzipped) stays out of the download. Its one helper that
 * other rjsf code uses, `isValueEmpty`, is kept as rjsf has it; the rest says plainly that it is
 * not part of this build if a form ever turns `omitExtraData` on.
 */
import { isObject } from '@rjsf/utils';

const notHere = (name: string) => (): never => {
  throw new Error(`rjsf's ${name} is not part of the portal: hidden data is taken out by the core (renderer/core/rules/visibility.ts)`);
};

/** rjsf's `isValueEmpty`: null, undefined, '', an empty list, or an object whose every value is empty. */
export function isValueEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value)) return Object.values(value as object).every(isValueEmpty);
  return false;
}

export const getUsedFormData = notHere('getUsedFormData');
export const getFieldNames = notHere('getFieldNames');
export default notHere('omitExtraData');
