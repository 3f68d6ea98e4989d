/**
 * Reference data of the address blocks (doc 2 §7):
 * - `GET /api/referencedata/postcodedata?Postcode=&Huisnummer=` -> `{ straat, plaats }`; 400 for
 *   input that cannot be a Dutch address, 404 when there is no such address, 500 when the lookup
 *   fails (the portal then lets the user type street and town).
 * - `GET /api/referencedata/landen[?lang=en]` -> `[{ code, omschrijving }]`, Nederland first.
 * Postcode and house number are personal data: they are never logged (the request log holds only
 * the route pattern, and a failure logs only its type).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { ApiError, CODES } from '../errors';
import { EncodedCache, encodeJson, PRECOMPRESSED, sendEncoded } from '../http/encoded';
import { landen, type LandenLang } from '../postcode/landen';
import type { PostcodeAnswer } from '../../shared/referenceData';
import { normaliseHuisnummer, POSTCODE_INPUT, PostcodeLookupError, postcodeProviderFor, type PostcodeProvider } from '../postcode';

const NOT_FOUND =
  'Er is geen adres gevonden met opgegeven postcode en huisnummer. Controleer of dit juist is ingevuld. Klopt het wel? Vul dan handmatig de straatnaam en plaats in.';
const LOOKUP_FAILED = 'Door een technische storing kan het adres niet opgezocht worden. Voer hieronder de straatnaam en plaatsnaam handmatig in.';

const ADDRESS_SCHEMA = {
  type: 'object',
  properties: { straat: { type: 'string' }, plaats: { type: 'string' } },
  required: ['straat', 'plaats'],
  additionalProperties: false,
} as const;

const LANDEN_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    properties: { code: { type: 'string' }, omschrijving: { type: 'string' } },
    required: ['code', 'omschrijving'],
    additionalProperties: false,
  },
} as const;

const bodies = new EncodedCache();

type Query = Record<string, string | string[] | undefined>;

export function registerReferenceDataRoutes(app: FastifyInstance, config: ServerConfig, provider: PostcodeProvider = postcodeProviderFor(config)): void {
  if (config.environment === 'production' && config.postcodeProvider === 'embedded') {
    app.log.warn('POSTCODE_PROVIDER=embedded in productie: adressen komen uit de meegeleverde voorbeeldgegevens, niet uit de BAG');
  }
  app.get<{ Querystring: Query }>(
    '/api/referencedata/postcodedata',
    {
      schema: { response: { 200: ADDRESS_SCHEMA } },
      config: { rateLimit: { max: config.postcodeRateLimit.max, timeWindow: config.postcodeRateLimit.timeWindowMs } },
    },
    async (request, reply): Promise<PostcodeAnswer> => {
      // Errors are never cached; only a found address is (by the browser only: it is personal data).
      reply.header('Cache-Control', 'no-store');
      const postcode = single(request.query.Postcode);
      const huisnummer = single(request.query.Huisnummer);
      const invalid: string[] = [];
      if (postcode === undefined || !POSTCODE_INPUT.test(postcode.trim())) invalid.push('Postcode');
      if (huisnummer === undefined || normaliseHuisnummer(huisnummer) === undefined) invalid.push('Huisnummer');
      if (invalid.length > 0) {
        throw new ApiError(
          400,
          'De postcode of het huisnummer is niet geldig.',
          invalid.map((field) => ({ code: CODES.malformed, extraInfo: [field] })),
        );
      }

      let address;
      try {
        address = await provider.lookup(postcode!, huisnummer!);
      } catch (error) {
        // Only what went wrong, never the message or URL of the call: those could hold the address.
        const kind = error instanceof PostcodeLookupError ? error.kind : undefined;
        request.log.error({ err: { type: error instanceof Error ? error.name : typeof error, kind } }, 'adres opzoeken mislukt');
        throw new ApiError(500, LOOKUP_FAILED);
      }
      if (!address) throw new ApiError(404, NOT_FOUND, [{ code: CODES.notFound, extraInfo: [] }]);
      reply.header('Cache-Control', 'private, max-age=3600');
      return { straat: address.straat, plaats: address.plaats };
    },
  );

  app.get<{ Querystring: Query }>('/api/referencedata/landen', { ...PRECOMPRESSED, schema: { response: { 200: LANDEN_SCHEMA } } }, async (request, reply) => {
    const lang = single(request.query.lang) ?? 'nl';
    if (!isLang(lang)) {
      throw new ApiError(400, 'Deze taal wordt niet ondersteund.', [{ code: CODES.malformed, extraInfo: ['lang'] }]);
    }
    reply.header('Cache-Control', 'public, max-age=86400');
    const list = landen(lang);
    return sendEncoded(
      request,
      reply,
      bodies.get(list, 'json', () => encodeJson(list)),
    );
  });
}

/** A query value given once; `undefined` when absent or repeated. */
function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isLang(value: string): value is LandenLang {
  return value === 'nl' || value === 'en';
}
