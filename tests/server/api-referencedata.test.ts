/**
 * The reference-data routes over real HTTP: `GET /api/referencedata/postcodedata` with the embedded
 * data set and with the PDOK provider against a local fake PDOK (200/400/404/500 bodies, caching
 * headers, rate limit, nothing personal in the log), `GET /api/referencedata/landen` (Dutch and
 * English, Nederland first), the provider setting, and checkDutchAddress.
 */
import Fastify, { LogController } from 'fastify';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import {
  checkDutchAddress,
  EmbeddedPostcodeProvider,
  embeddedDataFile,
  PdokPostcodeProvider,
  PostcodeLookupError,
  type PostcodeProvider,
} from '../../src/server/postcode';
import { startFakePdok, type FakePdok } from '../../src/server/postcode/fakePdok';
import { registerReferenceDataRoutes } from '../../src/server/routes/referenceData';
import { expectError, startServer, type TestServer } from '../helpers/server';

const POSTCODEDATA = '/api/referencedata/postcodedata';
const LANDEN = '/api/referencedata/landen';

function postcodedata(postcode: string, huisnummer: string): string {
  return `${POSTCODEDATA}?${new URLSearchParams({ Postcode: postcode, Huisnummer: huisnummer })}`;
}

const NOT_FOUND_TEXT = /^Er is geen adres gevonden met opgegeven postcode en huisnummer/;
const FAILED_TEXT = /^Door een technische storing kan het adres niet opgezocht worden/;

describe('postcodedata with the embedded data set (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('uses the embedded provider when nothing is set', () => {
    expect(server.config.postcodeProvider).toBe('embedded');
  });

  it('200: street and town, privately cacheable for an hour', async () => {
    const response = await server.fetch(postcodedata('2511CV', '1'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(await response.json()).toEqual({ straat: 'Lange Voorhout', plaats: "'s-Gravenhage" });
  });

  it('200: a postcode with a space or in lower case', async () => {
    for (const postcode of ['3511 AB', '3511ab', '3511 ab']) {
      const response = await server.fetch(postcodedata(postcode, '40'));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ straat: 'Oudegracht', plaats: 'Utrecht' });
    }
    const dam = await server.fetch(postcodedata('1012JS', '300'));
    expect(await dam.json()).toEqual({ straat: 'Dam', plaats: 'Amsterdam' });
  });

  it('400: a postcode that is not Dutch, naming the field', async () => {
    for (const postcode of ['0511CV', '2511SA', '2511sd', '2511SS', '2511C', '25111CV', '2511  CV', 'ABCDEF', '']) {
      const response = await server.fetch(postcodedata(postcode, '1'));
      const body = await expectError(response, 400);
      expect(body.type).toBe('urn:uzi-portaal:fout:ongeldige-invoer');
      expect(body.errors).toEqual([{ code: 'UREQ-01', extraInfo: ['Postcode'] }]);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('400: a house number that is not digits (or 0)', async () => {
    for (const huisnummer of ['abc', '1a', '-1', '1.5', '0', '', '12345678901']) {
      const body = await expectError(await server.fetch(postcodedata('2511CV', huisnummer)), 400);
      expect(body.errors).toEqual([{ code: 'UREQ-01', extraInfo: ['Huisnummer'] }]);
    }
  });

  it('400: missing or repeated parameters', async () => {
    const none = await expectError(await server.fetch(POSTCODEDATA), 400);
    expect(none.errors).toEqual([
      { code: 'UREQ-01', extraInfo: ['Postcode'] },
      { code: 'UREQ-01', extraInfo: ['Huisnummer'] },
    ]);
    await expectError(await server.fetch(`${POSTCODEDATA}?Postcode=2511CV`), 400);
    await expectError(await server.fetch(`${POSTCODEDATA}?Postcode=2511CV&Postcode=3511AB&Huisnummer=1`), 400);
    // The parameter names are those of the portal: Postcode, Huisnummer.
    await expectError(await server.fetch(`${POSTCODEDATA}?postcode=2511CV&huisnummer=1`), 400);
  });

  it('404: no address with this postcode and house number', async () => {
    for (const [postcode, huisnummer] of [
      ['2511CV', '100'],
      ['9999ZZ', '1'],
    ]) {
      const response = await server.fetch(postcodedata(postcode, huisnummer));
      const body = await expectError(response, 404);
      expect(body.type).toBe('urn:uzi-portaal:fout:niet-gevonden');
      expect(body.detail).toMatch(NOT_FOUND_TEXT);
      expect(body.errors).toEqual([{ code: 'UREQ-02', extraInfo: [] }]);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('postcodedata with PDOK (POSTCODE_PROVIDER=pdok)', () => {
  let pdok: FakePdok;
  let server: TestServer;
  beforeAll(async () => {
    pdok = await startFakePdok([
      { postcode: '2511CV', huisnummer: 1, straatnaam: 'Lange Voorhout', woonplaatsnaam: "'s-Gravenhage" },
      { postcode: '2511CV', huisnummer: 3, straatnaam: 'Lange Voorhout', woonplaatsnaam: "'s-Gravenhage" },
      { postcode: '9711LV', huisnummer: 5, straatnaam: 'Grote Markt', woonplaatsnaam: 'Groningen' },
    ]);
    server = await startServer({ env: { POSTCODE_PROVIDER: 'pdok', PDOK_LOCATIESERVER_URL: pdok.baseUrl } });
  });
  afterAll(async () => {
    await server?.close();
    await pdok?.close();
  });

  it('is configured from the environment', () => {
    expect(server.config.postcodeProvider).toBe('pdok');
    expect(server.config.pdokLocatieserverUrl).toBe(pdok.baseUrl);
  });

  it('200: the address PDOK found, asked with the normalised postcode', async () => {
    pdok.mode = 'normal';
    pdok.requests.length = 0;
    const response = await server.fetch(postcodedata('9711 lv', '5'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(await response.json()).toEqual({ straat: 'Grote Markt', plaats: 'Groningen' });
    expect(pdok.requests).toHaveLength(1);
    expect(pdok.requests[0].searchParams.getAll('fq')).toEqual(['type:adres', 'postcode:9711LV', 'huisnummer:5']);
  });

  it('a repeated lookup is answered from the cache', async () => {
    pdok.mode = 'normal';
    pdok.requests.length = 0;
    expect((await server.fetch(postcodedata('2511CV', '3'))).status).toBe(200);
    expect((await server.fetch(postcodedata('2511 cv', '3'))).status).toBe(200);
    expect(pdok.requests).toHaveLength(1);
  });

  it('404: PDOK finds nothing (numFound 0)', async () => {
    pdok.mode = 'normal';
    const body = await expectError(await server.fetch(postcodedata('2511CV', '2')), 404);
    expect(body.detail).toMatch(NOT_FOUND_TEXT);
    expect(body.errors).toEqual([{ code: 'UREQ-02', extraInfo: [] }]);
  });

  it('500: PDOK fails, the body says to enter the address by hand', async () => {
    pdok.mode = 'error';
    try {
      const response = await server.fetch(postcodedata('2511CV', '1'));
      const body = await expectError(response, 500);
      expect(body.type).toBe('urn:uzi-portaal:fout:technisch');
      expect(body.detail).toMatch(FAILED_TEXT);
      expect(response.headers.get('cache-control')).toBe('no-store');
    } finally {
      pdok.mode = 'normal';
    }
    // Failures are not cached: once PDOK is back, the same lookup works.
    expect((await server.fetch(postcodedata('2511CV', '1'))).status).toBe(200);
  });

  it('400 is decided by the portal: PDOK is not asked', async () => {
    pdok.requests.length = 0;
    await expectError(await server.fetch(postcodedata('2511SA', '1')), 400);
    expect(pdok.requests).toHaveLength(0);
  });
});

describe('postcodedata limits and logging', () => {
  it('429 after POSTCODE_RATE_LIMIT_MAX lookups per window', async () => {
    const server = await startServer({ env: { POSTCODE_RATE_LIMIT_MAX: '3' } });
    try {
      for (let i = 0; i < 3; i++) expect((await server.fetch(postcodedata('2511CV', '1'))).status).toBe(200);
      const body = await expectError(await server.fetch(postcodedata('2511CV', '1')), 429);
      expect(body.errors).toEqual([{ code: 'UREQ-03', extraInfo: [] }]);
      // The country list is not limited.
      expect((await server.fetch(LANDEN)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('a failed lookup logs the error type, never the postcode or house number', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const failing: PostcodeProvider = {
      lookup: async (postcode, huisnummer) => {
        throw new PostcodeLookupError('http', `kapot voor ${postcode} ${huisnummer}`, { cause: new Error(`${postcode}/${huisnummer}`) });
      },
    };
    // As in the portal, Fastify's own request lines (full URL) are off; app.ts logs the route pattern.
    const app = Fastify({ logger: { level: 'info', stream }, logController: new LogController({ disableRequestLogging: true }) });
    registerReferenceDataRoutes(app, loadConfig({ NODE_ENV: 'test' }), failing);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}${postcodedata('9876ZY', '4321')}`);
      expect(response.status).toBe(500);
      await response.arrayBuffer();
    } finally {
      await app.close();
    }
    // The listening line names the random port, and every line its time and process id, which may
    // hold the same digits: those are left out of what is searched.
    const log = lines
      .filter((line) => !line.includes('Server listening'))
      .map((line) => JSON.stringify({ ...JSON.parse(line), time: undefined, pid: undefined }))
      .join('');
    expect(log).toContain('adres opzoeken mislukt');
    expect(log).toContain('PostcodeLookupError');
    expect(log).toContain('"kind":"http"');
    expect(log).not.toMatch(/9876|4321/);
  });
});

describe('landen', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('Dutch short names, Nederland first, the rest in Dutch order; public for a day', async () => {
    const response = await server.fetch(LANDEN);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const landen = (await response.json()) as { code: string; omschrijving: string }[];
    expect(landen.length).toBeGreaterThan(240);
    expect(landen[0]).toEqual({ code: 'NL', omschrijving: 'Nederland' });
    const byCode = new Map(landen.map((land) => [land.code, land.omschrijving]));
    expect(byCode.size).toBe(landen.length);
    expect(byCode.get('GB')).toBe('Verenigd Koninkrijk');
    expect(byCode.get('US')).toBe('Verenigde Staten');
    expect(byCode.get('DE')).toBe('Duitsland');
    expect(byCode.get('BE')).toBe('België');
    expect(new Set(landen.map((land) => land.omschrijving)).size).toBe(landen.length);
    const rest = landen.slice(1).map((land) => land.omschrijving);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('nl').compare));
    expect(rest).not.toContain('Nederland');
    for (const land of landen) expect(Object.keys(land).sort()).toEqual(['code', 'omschrijving']);
  });

  it('?lang=nl is the default; ?lang=en gives English names with the Netherlands first', async () => {
    expect(await (await server.fetch(`${LANDEN}?lang=nl`)).json()).toEqual(await (await server.fetch(LANDEN)).json());
    const response = await server.fetch(`${LANDEN}?lang=en`);
    expect(response.status).toBe(200);
    const landen = (await response.json()) as { code: string; omschrijving: string }[];
    expect(landen[0]).toEqual({ code: 'NL', omschrijving: 'Netherlands' });
    const byCode = new Map(landen.map((land) => [land.code, land.omschrijving]));
    expect(byCode.get('GB')).toBe('United Kingdom');
    expect(byCode.get('US')).toBe('United States');
    expect(byCode.get('DE')).toBe('Germany');
    expect(byCode.get('BE')).toBe('Belgium');
    expect(new Set(landen.map((land) => land.omschrijving)).size).toBe(landen.length);
    const rest = landen.slice(1).map((land) => land.omschrijving);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('en').compare));
  });

  it('400 for a language the portal does not have', async () => {
    const body = await expectError(await server.fetch(`${LANDEN}?lang=fr`), 400);
    expect(body.errors).toEqual([{ code: 'UREQ-01', extraInfo: ['lang'] }]);
  });
});

describe('POSTCODE_PROVIDER', () => {
  it('defaults to embedded and the public PDOK URL; refuses an unknown value', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.postcodeProvider).toBe('embedded');
    expect(config.pdokLocatieserverUrl).toBe('https://api.pdok.nl/bzk/locatieserver/search/v3_1');
    expect(loadConfig({ NODE_ENV: 'test', POSTCODE_PROVIDER: 'pdok' }).postcodeProvider).toBe('pdok');
    expect(() => loadConfig({ NODE_ENV: 'test', POSTCODE_PROVIDER: 'bag' })).toThrow(/POSTCODE_PROVIDER/);
  });
});

describe('checkDutchAddress', () => {
  const embedded = EmbeddedPostcodeProvider.fromFile(embeddedDataFile(process.cwd()));
  const failing: PostcodeProvider = {
    lookup: async () => {
      throw new PostcodeLookupError('timeout', 'te traag');
    },
  };
  const address = { postcode: '2511CV', huisnummer: '1', straatnaam: 'Lange Voorhout', woonplaats: "'s-Gravenhage" };

  it("'ok' when street and town agree, ignoring case and surrounding spaces", async () => {
    expect(await checkDutchAddress(embedded, address)).toBe('ok');
    expect(await checkDutchAddress(embedded, { postcode: '2511 cv', huisnummer: '99', straatnaam: '  lange voorhout ', woonplaats: "'S-GRAVENHAGE" })).toBe(
      'ok',
    );
  });

  it("'mismatch' when the found street or town differs", async () => {
    expect(await checkDutchAddress(embedded, { ...address, straatnaam: 'Korte Voorhout' })).toBe('mismatch');
    expect(await checkDutchAddress(embedded, { ...address, woonplaats: 'Den Haag' })).toBe('mismatch');
    expect(await checkDutchAddress(embedded, { ...address, postcode: '3511AB' })).toBe('mismatch');
  });

  it("'unknown' when there is no such address or the lookup fails (manual entry allowed)", async () => {
    expect(await checkDutchAddress(embedded, { ...address, huisnummer: '100' })).toBe('unknown');
    expect(await checkDutchAddress(embedded, { ...address, postcode: '9999ZZ' })).toBe('unknown');
    expect(await checkDutchAddress(embedded, { ...address, huisnummer: 'abc' })).toBe('unknown');
    expect(await checkDutchAddress(failing, address)).toBe('unknown');
  });

  it('works the same with PDOK, including PDOK being down', async () => {
    const pdok = await startFakePdok([{ postcode: '2511CV', huisnummer: 1, straatnaam: 'Lange Voorhout', woonplaatsnaam: "'s-Gravenhage" }]);
    try {
      const provider = new PdokPostcodeProvider(pdok.baseUrl, { timeoutMs: 500 });
      expect(await checkDutchAddress(provider, address)).toBe('ok');
      expect(await checkDutchAddress(provider, { ...address, straatnaam: 'Kneuterdijk' })).toBe('mismatch');
      expect(await checkDutchAddress(provider, { ...address, huisnummer: '2' })).toBe('unknown');
      pdok.mode = 'error';
      expect(await checkDutchAddress(provider, address)).toBe('unknown');
      pdok.mode = 'slow';
      expect(await checkDutchAddress(provider, address)).toBe('unknown');
    } finally {
      await pdok.close();
    }
  });
});
