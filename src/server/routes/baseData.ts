/** `GET /api/base-data/<flow>`: the reference lists of a flow (doc 2 §7), from data/base-data. */
import type { FastifyInstance } from 'fastify';
import { ApiError, CODES } from '../errors';
import type { FlowRegistry } from '../flows/registry';

export function registerBaseDataRoutes(app: FastifyInstance, registry: FlowRegistry): void {
  const baseData = registry.sources.baseData;
  app.get<{ Params: { name: string } }>('/api/base-data/:name', async (request, reply) => {
    const lists = baseData[request.params.name];
    if (!lists) throw new ApiError(404, 'Deze referentiegegevens bestaan niet.', [{ code: CODES.notFound, extraInfo: [] }]);
    reply.header('Cache-Control', 'public, max-age=300');
    return lists;
  });
}
