/**
 * The shipped postcode data set (data/postcodes/adressen.json) and its provider: lookups by
 * house-number range, input normalisation, not found; the data file's own consistency; the LRU
 * cache in front of a provider.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CachingPostcodeProvider,
  createPostcodeProvider,
  embeddedDataFile,
  EmbeddedPostcodeProvider,
  normaliseHuisnummer,
  normalisePostcode,
  PdokPostcodeProvider,
  PostcodeLookupError,
  type PostcodeAddress,
  type PostcodeProvider,
  type PostcodeSegment,
} from '../../src/server/postcode';

const file = embeddedDataFile(process.cwd());
const provider = EmbeddedPostcodeProvider.fromFile(file);

describe('the embedded data set', () => {
  it('holds about 300 segments in several towns, postcodes without space and upper case', () => {
    const segments = JSON.parse(readFileSync(file, 'utf8')) as PostcodeSegment[];
    expect(segments.length).toBeGreaterThanOrEqual(250);
    expect(provider.size).toBe(segments.length);
    for (const segment of segments) expect(segment.postcode).toMatch(/^[1-9][0-9]{3}(?!SA|SD|SS)[A-Z]{2}$/);
    const towns = new Set(segments.map((segment) => segment.plaats));
    for (const town of ["'s-Gravenhage", 'Utrecht', 'Amsterdam', 'Rotterdam', 'Groningen', 'Eindhoven', 'Maastricht']) {
      expect(towns).toContain(town);
    }
  });

  it('has the addresses other tests rely on', async () => {
    expect(await provider.lookup('2511CV', '1')).toEqual({ straat: 'Lange Voorhout', plaats: "'s-Gravenhage" });
    expect(await provider.lookup('2511CV', '99')).toEqual({ straat: 'Lange Voorhout', plaats: "'s-Gravenhage" });
    expect(await provider.lookup('3511AB', '1')).toEqual({ straat: 'Oudegracht', plaats: 'Utrecht' });
    expect(await provider.lookup('3511AB', '40')).toEqual({ straat: 'Oudegracht', plaats: 'Utrecht' });
    expect(await provider.lookup('1012JS', '1')).toEqual({ straat: 'Dam', plaats: 'Amsterdam' });
    expect(await provider.lookup('1012JS', '300')).toEqual({ straat: 'Dam', plaats: 'Amsterdam' });
  });
});

describe('EmbeddedPostcodeProvider', () => {
  const small = new EmbeddedPostcodeProvider([
    { postcode: '3511AB', straat: 'Oudegracht', plaats: 'Utrecht', van: 1, tot: 40 },
    { postcode: '3511AB', straat: 'Lijnmarkt', plaats: 'Utrecht', van: 41, tot: 60 },
    { postcode: '3511ac', straat: 'Oudegracht', plaats: 'Utrecht', van: 41, tot: 80 },
  ]);

  it('finds the segment whose range holds the house number', async () => {
    expect(await small.lookup('3511AB', '40')).toEqual({ straat: 'Oudegracht', plaats: 'Utrecht' });
    expect(await small.lookup('3511AB', '41')).toEqual({ straat: 'Lijnmarkt', plaats: 'Utrecht' });
    expect(await small.lookup('3511AC', '41')).toEqual({ straat: 'Oudegracht', plaats: 'Utrecht' });
  });

  it('normalises the input: spaces, lower case, leading zeros', async () => {
    expect(await provider.lookup('2511 cv', '1')).toEqual({ straat: 'Lange Voorhout', plaats: "'s-Gravenhage" });
    expect(await provider.lookup(' 2511cv ', ' 07 ')).toEqual({ straat: 'Lange Voorhout', plaats: "'s-Gravenhage" });
    expect(normalisePostcode('2511 cv')).toBe('2511CV');
    expect(normaliseHuisnummer('007')).toBe(7);
  });

  it('answers undefined outside the ranges, for unknown postcodes and for input that is no address', async () => {
    expect(await provider.lookup('2511CV', '100')).toBeUndefined();
    expect(await small.lookup('3511AB', '61')).toBeUndefined();
    expect(await provider.lookup('9999ZZ', '1')).toBeUndefined();
    for (const [postcode, huisnummer] of [
      ['2511CV', '0'],
      ['2511CV', '1a'],
      ['2511CV', '-1'],
      ['2511CV', ''],
      ['0511CV', '1'],
      ['2511SA', '1'],
      ['2511C', '1'],
      ['', '1'],
    ]) {
      expect(await provider.lookup(postcode, huisnummer)).toBeUndefined();
    }
  });

  it('refuses a data set with a bad or overlapping segment', () => {
    expect(() => new EmbeddedPostcodeProvider([{ postcode: '0123AB', straat: 'X', plaats: 'Y', van: 1, tot: 2 }])).toThrow(/regel 1: ongeldige postcode/);
    expect(() => new EmbeddedPostcodeProvider([{ postcode: '1234AB', straat: 'X', plaats: 'Y', van: 5, tot: 2 }])).toThrow(/huisnummerreeks/);
    expect(
      () =>
        new EmbeddedPostcodeProvider([
          { postcode: '1234AB', straat: 'X', plaats: 'Y', van: 1, tot: 10 },
          { postcode: '1234 ab', straat: 'Z', plaats: 'Y', van: 10, tot: 20 },
        ]),
    ).toThrow(/regel 2: huisnummers overlappen/);
  });
});

describe('createPostcodeProvider', () => {
  it('picks the embedded data set or PDOK (behind a cache) by configuration', () => {
    const embedded = createPostcodeProvider({ rootDir: process.cwd(), postcodeProvider: 'embedded', pdokLocatieserverUrl: 'http://unused.test' });
    expect(embedded).toBeInstanceOf(EmbeddedPostcodeProvider);
    const pdok = createPostcodeProvider({ rootDir: process.cwd(), postcodeProvider: 'pdok', pdokLocatieserverUrl: 'http://pdok.test/search/' });
    expect(pdok).toBeInstanceOf(CachingPostcodeProvider);
    const inner = (pdok as CachingPostcodeProvider).inner;
    expect(inner).toBeInstanceOf(PdokPostcodeProvider);
    expect((inner as PdokPostcodeProvider).baseUrl).toBe('http://pdok.test/search');
  });
});

describe('CachingPostcodeProvider', () => {
  class Counting implements PostcodeProvider {
    calls: string[] = [];
    fail = false;
    async lookup(postcode: string, huisnummer: string): Promise<PostcodeAddress | undefined> {
      this.calls.push(`${postcode}|${huisnummer}`);
      if (this.fail) throw new PostcodeLookupError('network', 'down');
      return huisnummer === '404' ? undefined : { straat: `Straat ${huisnummer}`, plaats: 'Plaats' };
    }
  }

  it('answers a repeated lookup (also written differently) from the cache, found or not found', async () => {
    const inner = new Counting();
    const cached = new CachingPostcodeProvider(inner);
    expect(await cached.lookup('2511CV', '1')).toEqual({ straat: 'Straat 1', plaats: 'Plaats' });
    expect(await cached.lookup('2511 cv', '01')).toEqual({ straat: 'Straat 1', plaats: 'Plaats' });
    expect(await cached.lookup('2511CV', '404')).toBeUndefined();
    expect(await cached.lookup('2511CV', '404')).toBeUndefined();
    expect(inner.calls).toEqual(['2511CV|1', '2511CV|404']);
  });

  it('does not keep failures', async () => {
    const inner = new Counting();
    const cached = new CachingPostcodeProvider(inner);
    inner.fail = true;
    await expect(cached.lookup('2511CV', '1')).rejects.toBeInstanceOf(PostcodeLookupError);
    inner.fail = false;
    expect(await cached.lookup('2511CV', '1')).toEqual({ straat: 'Straat 1', plaats: 'Plaats' });
    expect(inner.calls).toHaveLength(2);
  });

  it('forgets the least recently used entry beyond its size, and entries after their time', async () => {
    let now = 0;
    const inner = new Counting();
    const cached = new CachingPostcodeProvider(inner, { maxEntries: 2, ttlMs: 1000, now: () => now });
    await cached.lookup('1000AA', '1');
    await cached.lookup('1000AA', '2');
    await cached.lookup('1000AA', '1'); // 1 is now the most recent
    await cached.lookup('1000AA', '3'); // evicts 2
    expect(inner.calls).toEqual(['1000AA|1', '1000AA|2', '1000AA|3']);
    await cached.lookup('1000AA', '1');
    expect(inner.calls).toHaveLength(3);
    await cached.lookup('1000AA', '2');
    expect(inner.calls).toHaveLength(4);
    now = 5000;
    await cached.lookup('1000AA', '2');
    expect(inner.calls).toHaveLength(5);
  });

  it('returns copies, so a caller cannot change what is cached', async () => {
    const cached = new CachingPostcodeProvider(new Counting());
    const first = (await cached.lookup('2511CV', '1'))!;
    first.straat = 'Gewijzigd';
    expect(await cached.lookup('2511CV', '1')).toEqual({ straat: 'Straat 1', plaats: 'Plaats' });
  });
});
