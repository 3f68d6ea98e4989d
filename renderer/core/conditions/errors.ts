/**
 * The step validator checks the data against the whole schema, every branch included; what the
 * applicant must hear is what is wrong in the branches in effect. ajv names the place in the schema
 * of each error (`schemaPath`): errors of an option or case that was not chosen are left out, and so
 * is the bare 'does not match' of an `if` or of a choice whose chosen branch already says what is
 * wrong. A choice's own error stays only when nothing else explains it, and only while no option is
 * in effect: once one is, that option is the one that applies (for `oneOf` too — options without
 * required fields of their own all match data of one of them, and rjsf would then say 'must match
 * exactly one').
 */
import type { RawError } from '../messages';

const COMBINATORS = new Set(['oneOf', 'anyOf']);

/** ajv's schema path as a JSON pointer like ours (segments URI-decoded, `#` dropped). */
function pointerOf(error: RawError): string | undefined {
  const path = error.schemaPath;
  if (typeof path !== 'string' || !path.startsWith('#')) return undefined;
  return path
    .slice(1)
    .split('/')
    .map((segment) => decodeURIComponent(segment))
    .join('/');
}

const within = (pointer: string, site: string) => pointer.startsWith(`${site}/`);

const NO_CHOICES: [string, number][] = [];

/** The decided choices (site pointer -> option or case index). */
function choicesOf(decisions: Record<string, number | boolean>): [string, number][] {
  let choices = NO_CHOICES;
  for (const site in decisions) {
    const chosen = decisions[site];
    if (typeof chosen !== 'number') continue;
    if (choices === NO_CHOICES) choices = [];
    choices.push([site, chosen]);
  }
  return choices;
}

/** Whether a schema pointer lies in an option or case other than the one chosen at its site. */
const inOtherBranch = (pointer: string, choices: [string, number][]) =>
  choices.some(([site, chosen]) => within(pointer, site) && Number(pointer.slice(site.length + 1).split('/')[0]) !== chosen);

/** The errors that belong to what is in effect, given the decisions of `effectiveSchema`. */
export function errorsInEffect(errors: RawError[], decisions: Record<string, number | boolean>): RawError[] {
  const choices = choicesOf(decisions);
  const kept: RawError[] = [];
  let combinators = false;
  for (const error of errors) {
    if (error.keyword === 'if') continue;
    // Without a choice decided, no error can be in a branch not taken.
    const pointer = choices.length === 0 ? undefined : pointerOf(error);
    if (pointer !== undefined && inOtherBranch(pointer, choices)) continue;
    if (pointer !== undefined && COMBINATORS.has(error.keyword) && choices.some(([site, chosen]) => site === pointer && chosen >= 0)) continue;
    kept.push(error);
    if (COMBINATORS.has(error.keyword)) combinators = true;
  }
  if (!combinators) return kept;
  const pointers = new Map(kept.map((error) => [error, pointerOf(error)]));
  return kept.filter((error) => {
    const pointer = pointers.get(error);
    if (!COMBINATORS.has(error.keyword) || pointer === undefined) return true;
    return !kept.some((other) => {
      const at = pointers.get(other);
      return other !== error && at !== undefined && within(at, pointer);
    });
  });
}
