/**
 * Which characters text sent to the portal may hold. Control characters (C0 except tab, line feed
 * and carriage return; DEL; C1) never belong in what an applicant types and some databases refuse
 * them (PostgreSQL cannot store NUL): such text is refused with 400 before anything is stored.
 * Invisible characters — bidi controls that reorder what is shown (`evil\u202Eexe.pdf` reads as
 * `evilfdp.exe`) and zero-width characters — are refused in names: file names and the single-line
 * answers of a submission. One module, used by every route that takes text.
 */
import { ApiError, CODES } from '../errors';

// eslint-disable-next-line no-control-regex -- finding control characters is this module's purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/** LRM, RLM and ALM; the embeddings and overrides; the isolates; zero-width space, joiners, word joiner, BOM. */
const INVISIBLE = /[\u200B-\u200F\u061C\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

export const CONTROL_CHARACTERS_MESSAGE = 'De tekst bevat tekens die niet zijn toegestaan. Typ de tekst opnieuw in en probeer het nog eens.';
export const INVISIBLE_CHARACTERS_MESSAGE = 'De tekst bevat onzichtbare tekens die niet zijn toegestaan. Typ de tekst opnieuw in, zonder kopiëren en plakken.';

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(text);
}

/** A value still to look at, with the key it stands under and its parent (its path is built only when needed). */
interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
}

function pathOf(visit: Visit | undefined): string[] {
  const path: string[] = [];
  for (let at = visit; at?.parent !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path ('comment', 'device.userAgent', 'stap1.namen.0') of the first string in `value`, at any
 * depth, that `holds` says has a forbidden character; a key counts too when `keys` is set (its path
 * is its parent's, so the key itself is never echoed). `skip` leaves out the strings at paths it
 * accepts. Undefined when there is none. Walks with its own stack, in document order: the depth of
 * what a request sends never decides how deep the call stack goes, and a path is put together only
 * for the string it reports (or `skip` asks about).
 */
function firstAt(
  value: unknown,
  holds: (text: string) => boolean,
  options: { keys: boolean; skip?: (path: readonly string[]) => boolean },
): string | undefined {
  const stack: Visit[] = [{ value, key: '', parent: undefined }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    // A key is looked at just before its value, as a recursive walk would.
    if (options.keys && visit.parent !== undefined && holds(visit.key)) return pathOf(visit.parent).join('.');
    const item = visit.value;
    if (typeof item === 'string') {
      if (holds(item) && !options.skip?.(pathOf(visit))) return pathOf(visit).join('.');
    } else if (typeof item === 'object' && item !== null) {
      const entries = Array.isArray(item) ? item.map((child: unknown, index) => [String(index), child] as const) : Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index -= 1) stack.push({ value: entries[index][1], key: entries[index][0], parent: visit });
    }
  }
  return undefined;
}

/** Where the first string of `value` (a key or a value) with a control character is; undefined when there is none. */
export function controlCharactersAt(value: unknown): string | undefined {
  return firstAt(value, hasControlCharacters, { keys: true });
}

/** 400 for text with control characters; extraInfo names where (a field or path; '' for the whole body). */
export function controlCharactersError(where: string): ApiError {
  return new ApiError(400, CONTROL_CHARACTERS_MESSAGE, [{ code: CODES.controlCharacters, extraInfo: [where] }]);
}

/** 400 for a name with invisible characters; extraInfo: where, then the message (as a refused field's). */
export function invisibleCharactersError(where: string): ApiError {
  return new ApiError(400, INVISIBLE_CHARACTERS_MESSAGE, [{ code: CODES.invisibleCharacters, extraInfo: [where, INVISIBLE_CHARACTERS_MESSAGE] }]);
}

/** Throws the 400 for the first string in `value` with a control character. */
export function refuseControlCharacters(value: unknown): void {
  const where = controlCharactersAt(value);
  if (where !== undefined) throw controlCharactersError(where);
}

/**
 * The path of the first string value in `value` with an invisible character, skipping those at
 * paths `multiLine` accepts (free text, where right-to-left scripts may need them).
 */
export function invisibleCharactersAt(value: unknown, multiLine: (path: readonly string[]) => boolean): string | undefined {
  return firstAt(value, hasInvisibleCharacters, { keys: false, skip: multiLine });
}
