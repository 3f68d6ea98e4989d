/**
 * Serves the flows to the browser: the index, each flow's published version (or, with `?v=`, the
 * version an applicant started on while it may still be used) per language, and the precompiled
 * validators of a version as same-origin ES modules, one per step (no eval in the browser), each
 * served only under the hash of its own code so it can be cached for good.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, CODES } from '../errors';
import { validatorUrls, type FlowRegistry } from '../flows/registry';
import { requestLang } from '../i18n';

const notFound = (detail: string) => new ApiError(404, detail, [{ code: CODES.notFound, extraInfo: [] }]);

export function registerFlowRoutes(app: FastifyInstance, registry: FlowRegistry): void {
  app.get('/api/flows', async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return registry.index(requestLang(request.query, request.headers['accept-language']));
  });

  app.get<{ Params: { id: string }; Querystring: { v?: string } }>('/api/flows/:id', async (request, reply) => {
    const hash = typeof request.query.v === 'string' && request.query.v !== '' ? request.query.v : undefined;
    const version = await registry.forApplicant(request.params.id, hash);
    if (!version) throw notFound(hash ? 'Deze versie van de flow is niet meer beschikbaar.' : 'Deze flow bestaat niet.');
    reply.header('Cache-Control', 'no-cache');
    const lang = requestLang(request.query, request.headers['accept-language']);
    return { flow: version.content.documents[lang], hash: version.hash, version: version.version, validators: validatorUrls(version) };
  });

  app.get<{ Params: { id: string; hash: string; step: string }; Querystring: { v?: string } }>(
    '/api/flows/:id/versions/:hash/validators/:step.js',
    async (request, reply) => {
      const version = await registry.forRecord(request.params.id, request.params.hash);
      const module = version && Object.hasOwn(version.runtime.modules, request.params.step) ? version.runtime.modules[request.params.step] : undefined;
      // Only under its own hash: a cached copy can then never be another module's code.
      if (!module || request.query.v !== module.hash) throw notFound('Deze validatiemodule bestaat niet.');
      reply.header('Content-Type', 'text/javascript; charset=utf-8');
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      return module.code;
    },
  );
}
