/**
 * `GET /api/base-data/<set>`: the reference lists of a flow (doc 2 §7), as the published version of
 * the flow that uses them holds them, with their texts in the requested language (`?lang=en` or
 * Accept-Language).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, CODES } from '../errors';
import { EncodedCache, encodeJson, PRECOMPRESSED, sendEncoded } from '../http/encoded';
import type { FlowRegistry } from '../flows/registry';
import { requestLang } from '../i18n';

const bodies = new EncodedCache();

/** A flow's reference lists in one language, serialised and compressed once. */
export const listsAnswer = (lists: Record<string, unknown>) => bodies.get(lists, 'json', () => encodeJson(lists));

export function registerBaseDataRoutes(app: FastifyInstance, registry: FlowRegistry): void {
  app.get<{ Params: { name: string } }>('/api/base-data/:name', PRECOMPRESSED, async (request, reply) => {
    const lists = registry.baseData(request.params.name, requestLang(request.query, request.headers['accept-language']));
    if (!lists) throw new ApiError(404, 'Deze referentiegegevens bestaan niet.', [{ code: CODES.notFound, extraInfo: [] }]);
    reply.header('Cache-Control', 'public, max-age=300');
    reply.header('Vary', 'Accept-Language');
    return sendEncoded(request, reply, listsAnswer(lists));
  });
}
