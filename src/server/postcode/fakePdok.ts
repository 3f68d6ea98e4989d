/**
 * A stand-in for the PDOK Locatieserver on a local port, answering `/free` in PDOK's own response
 * shape from a small address table. For tests and for running the portal without internet
 * (POSTCODE_PROVIDER=pdok, PDOK_LOCATIESERVER_URL=<baseUrl>). Not used by the server itself.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePdokAddress {
  postcode: string;
  huisnummer: number;
  straatnaam: string;
  woonplaatsnaam: string;
}

/**
 * normal: answer from the table; error: 500 with an HTML page; slow: the whole answer after
 * `delayMs`; slowBody: headers at once, the body after `delayMs`; garbage: 200 with a body that is
 * not PDOK's shape.
 */
export type FakePdokMode = 'normal' | 'error' | 'slow' | 'slowBody' | 'garbage';

export interface FakePdok {
  /** Base URL to give PdokPostcodeProvider (like https://api.pdok.nl/bzk/locatieserver/search/v3_1). */
  baseUrl: string;
  mode: FakePdokMode;
  delayMs: number;
  /** Path and query of every request received, oldest first. */
  requests: URL[];
  close(): Promise<void>;
}

export const FAKE_PDOK_PATH = '/bzk/locatieserver/search/v3_1';

export async function startFakePdok(addresses: FakePdokAddress[]): Promise<FakePdok> {
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const fake: FakePdok = { baseUrl: '', mode: 'normal', delayMs: 1000, requests: [], close: async () => undefined };

  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake-pdok');
    fake.requests.push(url);
    if (url.pathname !== `${FAKE_PDOK_PATH}/free`) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const mode = fake.mode;
    if (mode === 'error') {
      response.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
      return;
    }
    if (mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"result":[]}');
      return;
    }
    const body = JSON.stringify(search(url, addresses));
    const headers = { 'content-type': 'application/json;charset=UTF-8' };
    if (mode === 'slow') later(fake.delayMs, () => response.writeHead(200, headers).end(body));
    else if (mode === 'slowBody') {
      response.writeHead(200, headers);
      response.flushHeaders();
      later(fake.delayMs, () => response.end(body));
    } else response.writeHead(200, headers).end(body);
  };

  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}${FAKE_PDOK_PATH}`;
  fake.close = async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

/** Solr-like filtering on fq=field:value (all must match), `rows` limit; PDOK's response envelope. */
function search(url: URL, addresses: FakePdokAddress[]) {
  const filters = url.searchParams.getAll('fq').map((fq) => {
    const colon = fq.indexOf(':');
    return [fq.slice(0, colon), fq.slice(colon + 1)] as const;
  });
  const matches = addresses.filter((address) =>
    filters.every(([field, value]) => {
      if (field === 'type') return value === 'adres';
      if (field === 'postcode') return address.postcode === value;
      if (field === 'huisnummer') return String(address.huisnummer) === value;
      return false;
    }),
  );
  const rows = Number(url.searchParams.get('rows') ?? 10);
  const fields = (url.searchParams.get('fl') ?? 'straatnaam,woonplaatsnaam,postcode,huisnummer').split(',');
  const docs = matches.slice(0, rows).map((address) => {
    const all: Record<string, unknown> = {
      ...address,
      type: 'adres',
      weergavenaam: `${address.straatnaam} ${address.huisnummer}, ${address.postcode} ${address.woonplaatsnaam}`,
    };
    return Object.fromEntries(fields.filter((field) => field in all).map((field) => [field, all[field]]));
  });
  return { response: { numFound: matches.length, start: 0, maxScore: matches.length > 0 ? 17.5 : 0, numFoundExact: true, docs } };
}
