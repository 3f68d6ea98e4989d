/**
 * Postcode lookup in a data set shipped with the portal (data/postcodes/adressen.json): segments
 * of a street under one postcode with a house-number range, as in the BAG. For development, tests
 * and demos; the data is plausible, not the real BAG.
 */
import { readFileSync } from 'node:fs';
import { normaliseHuisnummer, normalisePostcode, type PostcodeAddress, type PostcodeProvider } from './provider';

export interface PostcodeSegment {
  /** Without space, upper case: '2511CV'. */
  postcode: string;
  straat: string;
  plaats: string;
  /** First and last house number of the segment (inclusive). */
  van: number;
  tot: number;
}

export class EmbeddedPostcodeProvider implements PostcodeProvider {
  private readonly byPostcode = new Map<string, PostcodeSegment[]>();

  constructor(segments: readonly PostcodeSegment[]) {
    segments.forEach((segment, index) => {
      const problem = problemOf(segment);
      if (problem) throw new Error(`Postcodegegevens, regel ${index + 1}: ${problem}`);
      const postcode = normalisePostcode(segment.postcode)!;
      const list = this.byPostcode.get(postcode) ?? [];
      if (list.some((other) => segment.van <= other.tot && other.van <= segment.tot)) {
        throw new Error(`Postcodegegevens, regel ${index + 1}: huisnummers overlappen een ander segment van ${postcode}`);
      }
      list.push({ ...segment, postcode });
      this.byPostcode.set(postcode, list);
    });
  }

  /** Reads a JSON array of {@link PostcodeSegment}s. */
  static fromFile(file: string): EmbeddedPostcodeProvider {
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(data)) throw new Error(`${file}: verwacht een lijst met adressen`);
    return new EmbeddedPostcodeProvider(data as PostcodeSegment[]);
  }

  get size(): number {
    let count = 0;
    for (const list of this.byPostcode.values()) count += list.length;
    return count;
  }

  async lookup(postcode: string, huisnummer: string): Promise<PostcodeAddress | undefined> {
    const key = normalisePostcode(postcode);
    const number = normaliseHuisnummer(huisnummer);
    if (key === undefined || number === undefined) return undefined;
    const segment = this.byPostcode.get(key)?.find((candidate) => candidate.van <= number && number <= candidate.tot);
    return segment ? { straat: segment.straat, plaats: segment.plaats } : undefined;
  }
}

function problemOf(segment: PostcodeSegment): string | undefined {
  if (typeof segment !== 'object' || segment === null) return 'geen object';
  if (typeof segment.postcode !== 'string' || normalisePostcode(segment.postcode) === undefined) return 'ongeldige postcode';
  if (typeof segment.straat !== 'string' || segment.straat.trim() === '') return 'straat ontbreekt';
  if (typeof segment.plaats !== 'string' || segment.plaats.trim() === '') return 'plaats ontbreekt';
  if (!Number.isInteger(segment.van) || !Number.isInteger(segment.tot) || segment.van < 1 || segment.tot < segment.van) {
    return 'ongeldige huisnummerreeks (van/tot)';
  }
  return undefined;
}
