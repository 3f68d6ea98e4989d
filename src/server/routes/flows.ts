/**
 * Serves the flows to the browser: the index, each resolved flow document (per language) and its
 * precompiled validators as same-origin ES modules, one per step (no eval in the browser).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, CODES } from '../errors';
import { validatorUrls, type FlowRegistry } from '../flows/registry';
import { requestLang } from '../i18n';

export function registerFlowRoutes(app: FastifyInstance, registry: FlowRegistry): void {
  const entryOrThrow = (id: string) => {
    const entry = registry.get(id);
    if (!entry) throw new ApiError(404, 'Deze flow bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
    return entry;
  };

  app.get('/api/flows', async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return registry.index(requestLang(request.query, request.headers['accept-language']));
  });

  app.get<{ Params: { id: string } }>('/api/flows/:id', async (request, reply) => {
    const entry = entryOrThrow(request.params.id);
    reply.header('Cache-Control', 'no-cache');
    return { flow: entry.documents[requestLang(request.query, request.headers['accept-language'])], hash: entry.hash, validators: validatorUrls(entry) };
  });

  app.get<{ Params: { id: string; step: string } }>('/api/flows/:id/validators/:step.js', async (request, reply) => {
    const module = entryOrThrow(request.params.id).modules[request.params.step];
    if (!module) throw new ApiError(404, 'Deze stap bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
    reply.header('Content-Type', 'text/javascript; charset=utf-8');
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    return module.code;
  });
}
