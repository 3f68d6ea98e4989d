/**
 * Postcode lookup at the PDOK Locatieserver (BAG addresses, free and public):
 * `GET {baseUrl}/free?fq=type:adres&fq=postcode:2511CV&fq=huisnummer:1&fl=…&rows=1`.
 * numFound 0 is "not found"; a non-2xx answer, a network error, a timeout or an answer of another
 * shape throws a {@link PostcodeLookupError}.
 */
import { normaliseHuisnummer, normalisePostcode, PostcodeLookupError, type PostcodeAddress, type PostcodeProvider } from './provider';

export const DEFAULT_PDOK_LOCATIESERVER_URL = 'https://api.pdok.nl/bzk/locatieserver/search/v3_1';
export const PDOK_TIMEOUT_MS = 3000;

export interface PdokOptions {
  /** Whole call including the body; default {@link PDOK_TIMEOUT_MS}. */
  timeoutMs?: number;
}

export class PdokPostcodeProvider implements PostcodeProvider {
  readonly baseUrl: string;
  readonly timeoutMs: number;

  constructor(baseUrl: string = DEFAULT_PDOK_LOCATIESERVER_URL, options: PdokOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    new URL(`${this.baseUrl}/free`); // a wrong setting fails at start-up, not at the first lookup
    this.timeoutMs = options.timeoutMs ?? PDOK_TIMEOUT_MS;
  }

  async lookup(postcode: string, huisnummer: string): Promise<PostcodeAddress | undefined> {
    // Only normalised values reach the Solr filter query: nothing of the input can change its meaning.
    const key = normalisePostcode(postcode);
    const number = normaliseHuisnummer(huisnummer);
    if (key === undefined || number === undefined) return undefined;

    const url = new URL(`${this.baseUrl}/free`);
    url.searchParams.append('fq', 'type:adres');
    url.searchParams.append('fq', `postcode:${key}`);
    url.searchParams.append('fq', `huisnummer:${number}`);
    url.searchParams.set('fl', 'straatnaam,woonplaatsnaam,postcode,huisnummer');
    url.searchParams.set('rows', '1');

    const signal = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal });
    } catch (error) {
      throw failure(error, 'network', 'PDOK Locatieserver is niet bereikbaar');
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new PostcodeLookupError('http', `PDOK Locatieserver antwoordde met status ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw failure(error, 'invalid-response', 'PDOK Locatieserver gaf geen JSON');
    }
    return addressOf(body);
  }
}

function failure(error: unknown, kind: 'network' | 'invalid-response', message: string): PostcodeLookupError {
  if ((error as { name?: unknown } | null)?.name === 'TimeoutError') {
    return new PostcodeLookupError('timeout', 'PDOK Locatieserver antwoordde niet op tijd', { cause: error });
  }
  return new PostcodeLookupError(kind, message, { cause: error });
}

function addressOf(body: unknown): PostcodeAddress | undefined {
  const response = (body as { response?: { numFound?: unknown; docs?: unknown } } | null)?.response;
  if (typeof response?.numFound !== 'number' || !Array.isArray(response.docs)) {
    throw new PostcodeLookupError('invalid-response', 'PDOK Locatieserver gaf een onverwacht antwoord');
  }
  if (response.numFound === 0) return undefined;
  const doc = response.docs[0] as { straatnaam?: unknown; woonplaatsnaam?: unknown } | undefined;
  const straat = typeof doc?.straatnaam === 'string' ? doc.straatnaam.trim() : '';
  const plaats = typeof doc?.woonplaatsnaam === 'string' ? doc.woonplaatsnaam.trim() : '';
  if (!straat || !plaats) throw new PostcodeLookupError('invalid-response', 'PDOK Locatieserver gaf een adres zonder straat of plaats');
  return { straat, plaats };
}
