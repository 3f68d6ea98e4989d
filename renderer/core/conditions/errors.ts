/**
 * The step validator checks the data against the whole schema, every branch included; what the
 * applicant must hear is what is wrong in the branches in effect. ajv names the place in the schema
 * of each error (`schemaPath`): errors of an option or case that was not chosen are left out, and so
 * is the bare 'does not match' of an `if` or of a choice whose chosen branch already says what is
 * wrong. A choice's own error stays only when nothing else explains it.
 */
import type { RawError } from '../messages';

const COMBINATORS = new Set(['oneOf', 'anyOf']);

/** ajv's schema path as a JSON pointer like ours (segments URI-decoded, `#` dropped). */
function pointerOf(error: RawError): string | undefined {
  const path = error.schemaPath;
  if (typeof path !== 'string' || !path.startsWith('#')) return undefined;
  return path.slice(1).split('/').map((segment) => decodeURIComponent(segment)).join('/');
}

/** The errors that belong to what is in effect, given the decisions of `effectiveSchema`. */
export function errorsInEffect(errors: RawError[], decisions: Record<string, number | boolean>): RawError[] {
  const choices = Object.entries(decisions).filter((entry): entry is [string, number] => typeof entry[1] === 'number');
  const within = (pointer: string, site: string) => pointer.startsWith(`${site}/`);
  const inOtherBranch = (pointer: string) =>
    choices.some(([site, chosen]) => within(pointer, site) && Number(pointer.slice(site.length + 1).split('/')[0]) !== chosen);
  const kept = errors.filter((error) => {
    if (error.keyword === 'if') return false;
    const pointer = pointerOf(error);
    return pointer === undefined || !inOtherBranch(pointer);
  });
  return kept.filter((error) => {
    const pointer = pointerOf(error);
    if (!COMBINATORS.has(error.keyword) || pointer === undefined) return true;
    return !kept.some((other) => other !== error && pointerOf(other) !== undefined && within(pointerOf(other)!, pointer));
  });
}
