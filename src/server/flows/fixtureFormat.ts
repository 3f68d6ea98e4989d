/**
 * The format of a test case ("fixture"): example data of a flow and what it expects — valid or not,
 * which fields show a message, which carry data while hidden — with the exact text of a message only
 * for the fields whose wording the case is about (`wording`). A case that is not about wording keeps
 * holding when a label or a message is reworded; a case about wording still catches it.
 *
 * ```json
 * { "description": "…", "step": "stap1", "data": { … },
 *   "expected": { "valid": false, "failing": ["gegevens.abonneeNaam"],
 *                 "wording": { "gegevens.abonneeNaam": "Het veld 'Naam abonnee' is niet ingevuld." },
 *                 "hiddenWithData": [] } }
 * ```
 *
 * The older format (`"errors": { path: message }`, every message spelled out) is still read, with
 * its old meaning: every message it lists is pinned.
 */
import type { FlowModel } from '../../../renderer/core/types';

/** What a case expects of its data. */
export interface FixtureExpectation {
  valid: boolean;
  /** Model paths (dataKey.field) of every field that shows a message, in form order. */
  failing?: string[];
  /** Model path -> the exact message, only for fields whose wording the case is about; each is in `failing`. */
  wording?: Record<string, string>;
  /** Model paths that carry data while hidden or not applicable (the server refuses these). */
  hiddenWithData?: string[];
}

export interface Fixture {
  description: string;
  /** Validate only this step (its id); the whole flow otherwise. */
  step?: string;
  data: FlowModel;
  expected: FixtureExpectation;
}

/** A case that does not follow the format, with why in a sentence. */
export class FixtureFormatError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isStringRecord = (value: unknown): value is Record<string, string> => isRecord(value) && Object.values(value).every((item) => typeof item === 'string');

const EXPECTED_KEYS = new Set(['valid', 'failing', 'wording', 'hiddenWithData', 'errors']);

/**
 * The expectation of a case as written, in the current format (an old `errors` map pins every message).
 * @throws {FixtureFormatError} with why, when it does not follow the format.
 */
export function readExpectation(raw: unknown): FixtureExpectation {
  const fail = (reason: string): never => {
    throw new FixtureFormatError(`Het testgeval heeft een onjuiste verwachting: ${reason}`);
  };
  if (!isRecord(raw)) return fail("'expected' ontbreekt.");
  if (typeof raw.valid !== 'boolean') fail("'valid' moet true of false zijn.");
  const unknown = Object.keys(raw).filter((key) => !EXPECTED_KEYS.has(key));
  if (unknown.length > 0) fail(`onbekende onderdelen ${unknown.map((key) => `'${key}'`).join(', ')}.`);
  if (raw.hiddenWithData !== undefined && !isStringList(raw.hiddenWithData)) fail("'hiddenWithData' moet een lijst van velden zijn.");
  const hidden = raw.hiddenWithData as string[] | undefined;
  let failing: string[];
  let wording: Record<string, string>;
  if (raw.errors !== undefined) {
    if (raw.failing !== undefined || raw.wording !== undefined) fail("gebruik 'failing' en 'wording', niet ook 'errors'.");
    if (!isStringRecord(raw.errors)) fail("'errors' moet per veld een melding geven.");
    wording = raw.errors as Record<string, string>;
    failing = Object.keys(wording);
  } else {
    if (raw.failing !== undefined && !isStringList(raw.failing)) fail("'failing' moet een lijst van velden zijn.");
    if (raw.wording !== undefined && !isStringRecord(raw.wording)) fail("'wording' moet per veld een melding geven.");
    failing = (raw.failing as string[] | undefined) ?? [];
    wording = (raw.wording as Record<string, string> | undefined) ?? {};
    const loose = Object.keys(wording).filter((field) => !failing.includes(field));
    if (loose.length > 0) fail(`'wording' noemt ${loose.join(', ')}, maar 'failing' niet.`);
  }
  const both = failing.filter((field) => hidden?.includes(field));
  if (both.length > 0) fail(`${both.join(', ')} staat in 'failing' en in 'hiddenWithData'; een verborgen veld geeft geen melding.`);
  if (raw.valid && failing.length > 0) fail("een geldig testgeval heeft geen velden in 'failing'.");
  if (!raw.valid && failing.length === 0) fail("een ongeldig testgeval noemt in 'failing' welke velden een melding geven.");
  return {
    valid: raw.valid as boolean,
    ...(failing.length > 0 ? { failing: [...failing] } : {}),
    ...(Object.keys(wording).length > 0 ? { wording: { ...wording } } : {}),
    ...(hidden && hidden.length > 0 ? { hiddenWithData: [...hidden] } : {}),
  };
}

/**
 * A case as written (a repository file, a stored back-office case), in the current format.
 * @throws {FixtureFormatError} with why, when it does not follow the format.
 */
export function readFixture(raw: unknown): Fixture {
  if (!isRecord(raw)) throw new FixtureFormatError('Het testgeval is geen JSON-object.');
  if (typeof raw.description !== 'string') throw new FixtureFormatError("Het testgeval heeft geen omschrijving ('description').");
  if (raw.step !== undefined && typeof raw.step !== 'string') throw new FixtureFormatError("'step' moet de id van een stap zijn.");
  if (!isRecord(raw.data)) throw new FixtureFormatError("Het testgeval heeft geen gegevens ('data').");
  return {
    description: raw.description,
    ...(raw.step !== undefined ? { step: raw.step as string } : {}),
    data: raw.data as FlowModel,
    expected: readExpectation(raw.expected),
  };
}

/** A case as a file for the repository: the current format, its parts in a fixed order, empty parts left out. */
export function fixtureFileText(fixture: Fixture): string {
  const { valid, failing = [], wording = {}, hiddenWithData = [] } = fixture.expected;
  const expected = {
    valid,
    ...(failing.length > 0 ? { failing } : {}),
    ...(Object.keys(wording).length > 0 ? { wording } : {}),
    ...(hiddenWithData.length > 0 ? { hiddenWithData } : {}),
  };
  return `${JSON.stringify({ description: fixture.description, ...(fixture.step !== undefined ? { step: fixture.step } : {}), data: fixture.data, expected }, null, 2)}\n`;
}
