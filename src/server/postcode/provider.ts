/**
 * Address lookup by postcode and house number (doc 2 §7 `referencedata/postcodedata`). A provider
 * answers `{ straat, plaats }`, `undefined` when no address exists, and throws a
 * {@link PostcodeLookupError} when it cannot answer (the portal then lets the user type the
 * address). Postcode and house number are personal data: never put them in a log or error message.
 */

export interface PostcodeAddress {
  straat: string;
  plaats: string;
}

export interface PostcodeProvider {
  /** `undefined` = no such address (also for input that cannot be a Dutch address); throws on a technical failure. */
  lookup(postcode: string, huisnummer: string): Promise<PostcodeAddress | undefined>;
}

export type PostcodeLookupFailure = 'timeout' | 'network' | 'http' | 'invalid-response';

/** A lookup that could not be answered. Its message never holds the postcode or house number. */
export class PostcodeLookupError extends Error {
  override readonly name = 'PostcodeLookupError';

  constructor(
    readonly kind: PostcodeLookupFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The postcode as a user may type it (doc 2 §5): 4 digits not starting with 0, optional space, 2 letters but not SA, SD or SS. */
export const POSTCODE_INPUT = /^[1-9][0-9]{3} ?(?!SA|SD|SS)[A-Z]{2}$/i;
const POSTCODE_NORMALISED = /^[1-9][0-9]{3}(?!SA|SD|SS)[A-Z]{2}$/;
/** House number: digits only, at most 10 (doc 2 §5), value at least 1. */
const HUISNUMMER = /^[0-9]{1,10}$/;

/** '2511 cv' -> '2511CV'; `undefined` when it is no Dutch postcode. */
export function normalisePostcode(input: string): string | undefined {
  const postcode = input.replace(/\s+/g, '').toUpperCase();
  return POSTCODE_NORMALISED.test(postcode) ? postcode : undefined;
}

/** ' 012 ' -> 12; `undefined` unless digits only with a value of at least 1. */
export function normaliseHuisnummer(input: string): number | undefined {
  const trimmed = input.trim();
  if (!HUISNUMMER.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 ? value : undefined;
}
