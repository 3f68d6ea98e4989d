/**
 * PdokPostcodeProvider against a local HTTP server that answers in the PDOK Locatieserver's shape:
 * the query it sends, found / numFound 0, a 500, an answer of another shape, a refused connection
 * and answers slower than the timeout.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakePdok, FAKE_PDOK_PATH, type FakePdok } from '../../src/server/postcode/fakePdok';
import { DEFAULT_PDOK_LOCATIESERVER_URL, PdokPostcodeProvider, PostcodeLookupError } from '../../src/server/postcode';

let pdok: FakePdok;
/** Far beyond the lookup's 200 ms: a lookup that does not give up gets this answer and fails the test. */
const SLOW_ANSWER_MS = 60_000;

beforeAll(async () => {
  pdok = await startFakePdok([
    { postcode: '2511CV', huisnummer: 1, straatnaam: 'Lange Voorhout', woonplaatsnaam: "'s-Gravenhage" },
    { postcode: '2511CV', huisnummer: 3, straatnaam: 'Lange Voorhout', woonplaatsnaam: "'s-Gravenhage" },
    { postcode: '3511AB', huisnummer: 12, straatnaam: 'Oudegracht', woonplaatsnaam: 'Utrecht' },
  ]);
});

afterAll(async () => {
  await pdok?.close();
});

beforeEach(() => {
  pdok.mode = 'normal';
  pdok.requests.length = 0;
});

async function failureOf(promise: Promise<unknown>): Promise<PostcodeLookupError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PostcodeLookupError);
  return error as PostcodeLookupError;
}

describe('PdokPostcodeProvider', () => {
  it('asks /free with the type, postcode and house-number filters, the fields and one row', async () => {
    const provider = new PdokPostcodeProvider(pdok.baseUrl);
    await provider.lookup('2511 cv', '1');
    expect(pdok.requests).toHaveLength(1);
    const sent = pdok.requests[0];
    expect(sent.pathname).toBe(`${FAKE_PDOK_PATH}/free`);
    expect(sent.searchParams.getAll('fq')).toEqual(['type:adres', 'postcode:2511CV', 'huisnummer:1']);
    expect(sent.searchParams.get('fl')).toBe('straatnaam,woonplaatsnaam,postcode,huisnummer');
    expect(sent.searchParams.get('rows')).toBe('1');
    expect([...sent.searchParams.keys()].sort()).toEqual(['fl', 'fq', 'fq', 'fq', 'rows']);
  });

  it('answers street and town of a found address', async () => {
    const provider = new PdokPostcodeProvider(pdok.baseUrl);
    expect(await provider.lookup('2511CV', '1')).toEqual({ straat: 'Lange Voorhout', plaats: "'s-Gravenhage" });
    expect(await provider.lookup('3511ab', '12')).toEqual({ straat: 'Oudegracht', plaats: 'Utrecht' });
  });

  it('normalises the house number before it goes into the filter', async () => {
    const provider = new PdokPostcodeProvider(pdok.baseUrl);
    expect(await provider.lookup(' 2511CV ', ' 003 ')).toEqual({ straat: 'Lange Voorhout', plaats: "'s-Gravenhage" });
    expect(pdok.requests[0].searchParams.getAll('fq')).toEqual(['type:adres', 'postcode:2511CV', 'huisnummer:3']);
  });

  it('answers undefined when PDOK finds nothing (numFound 0)', async () => {
    const provider = new PdokPostcodeProvider(pdok.baseUrl);
    expect(await provider.lookup('2511CV', '2')).toBeUndefined();
    expect(await provider.lookup('9999ZZ', '1')).toBeUndefined();
    expect(pdok.requests).toHaveLength(2);
  });

  it('does not call PDOK for input that cannot be a Dutch address (nothing can reach the filter query)', async () => {
    const provider = new PdokPostcodeProvider(pdok.baseUrl);
    for (const [postcode, huisnummer] of [
      ['2511CV OR postcode:*', '1'],
      ['0511CV', '1'],
      ['2511SS', '1'],
      ['2511CV', '1 OR huisnummer:*'],
      ['2511CV', '0'],
      ['2511CV', '1a'],
      ['2511CV', ''],
    ]) {
      expect(await provider.lookup(postcode, huisnummer)).toBeUndefined();
    }
    expect(pdok.requests).toHaveLength(0);
  });

  it('throws on a non-2xx answer', async () => {
    pdok.mode = 'error';
    const error = await failureOf(new PdokPostcodeProvider(pdok.baseUrl).lookup('2511CV', '1'));
    expect(error.kind).toBe('http');
    expect(error.message).not.toContain('2511');
  });

  it('throws on an answer of another shape', async () => {
    pdok.mode = 'garbage';
    expect((await failureOf(new PdokPostcodeProvider(pdok.baseUrl).lookup('2511CV', '1'))).kind).toBe('invalid-response');
  });

  it('throws on a network error', async () => {
    // A port that was free a moment ago: the connection is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const error = await failureOf(new PdokPostcodeProvider(`http://127.0.0.1:${port}${FAKE_PDOK_PATH}`).lookup('2511CV', '1'));
    expect(error.kind).toBe('network');
  });

  it('gives up after the timeout when the answer is slow', async () => {
    pdok.mode = 'slow';
    pdok.delayMs = SLOW_ANSWER_MS;
    const error = await failureOf(new PdokPostcodeProvider(pdok.baseUrl, { timeoutMs: 200 }).lookup('2511CV', '1'));
    expect(error.kind).toBe('timeout');
  });

  it('also times out when the headers come at once but the body is slow', async () => {
    pdok.mode = 'slowBody';
    pdok.delayMs = SLOW_ANSWER_MS;
    const error = await failureOf(new PdokPostcodeProvider(pdok.baseUrl, { timeoutMs: 200 }).lookup('2511CV', '1'));
    expect(error.kind).toBe('timeout');
  });

  it('waits 3 seconds by default and uses the public PDOK URL by default', () => {
    const provider = new PdokPostcodeProvider();
    expect(provider.timeoutMs).toBe(3000);
    expect(provider.baseUrl).toBe(DEFAULT_PDOK_LOCATIESERVER_URL);
    expect(DEFAULT_PDOK_LOCATIESERVER_URL).toBe('https://api.pdok.nl/bzk/locatieserver/search/v3_1');
    expect(new PdokPostcodeProvider(`${pdok.baseUrl}/`).baseUrl).toBe(pdok.baseUrl);
  });

  it('refuses a base URL that is no URL', () => {
    expect(() => new PdokPostcodeProvider('not a url')).toThrow();
  });
});
