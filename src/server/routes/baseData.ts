/**
 * `GET /api/base-data/<set>`: the reference lists of a flow (doc 2 §7), as the published version of
 * the flow that uses them holds them, with their texts in the requested language (`?lang=en` or
 * Accept-Language).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, CODES } from '../errors';
import type { FlowRegistry } from '../flows/registry';
import { requestLang } from '../i18n';

export function registerBaseDataRoutes(app: FastifyInstance, registry: FlowRegistry): void {
  app.get<{ Params: { name: string } }>('/api/base-data/:name', async (request, reply) => {
    const lists = registry.baseData(request.params.name, requestLang(request.query, request.headers['accept-language']));
    if (!lists) throw new ApiError(404, 'Deze referentiegegevens bestaan niet.', [{ code: CODES.notFound, extraInfo: [] }]);
    reply.header('Cache-Control', 'public, max-age=300');
    reply.header('Vary', 'Accept-Language');
    return lists;
  });
}
