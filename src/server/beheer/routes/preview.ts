/**
 * The preview of a flow's draft in the back office: the draft's document in a language and its
 * validators, compiled by the server into same-origin modules exactly as a published version's
 * (the browser evaluates no code: the same CSP as the portal). Without a draft, the published
 * version. Every role may look.
 *
 * - `GET /api/beheer/flows/:flowId/voorbeeld?lang=nl|en` -> `{ flow, hash, validators, concept }`.
 * - `GET /api/beheer/flows/:flowId/voorbeeld/validatiemodules/:step.js?v=<module hash>` -> the module
 *   (formerly `…/voorbeeld/validators/…`).
 */
import type { FastifyInstance, RouteHandler } from 'fastify';
import type { ServerContext } from '../../context';
import { ApiError, CODES } from '../../errors';
import type { FlowCompiler } from '../../flows/pipeline/compileFlow';
import { validatorUrls, type FlowRegistry } from '../../flows/registry';
import { requestLang } from '../../i18n';
import { withFormerNames } from '../../routeNames';
import { draftVersion } from '../drafts';
import { requireSession } from '../guard';
import type { PreviewAnswer } from '../../../shared/beheer';

const notFound = (detail: string) => new ApiError(404, detail, [{ code: CODES.notFound, extraInfo: [] }]);

export function registerBeheerPreviewRoutes(app: FastifyInstance, registry: FlowRegistry, context: ServerContext, compile: FlowCompiler): void {
  const store = context.storage.beheer;
  const { config } = context;
  const reader = requireSession(store, config);

  const shown = (flowId: string) => draftVersion(registry, store, compile, flowId);

  app.get<{ Params: { flowId: string }; Querystring: { lang?: string } }>(
    '/api/beheer/flows/:flowId/voorbeeld',
    { preValidation: reader },
    async (request, reply): Promise<PreviewAnswer> => {
      reply.header('Cache-Control', 'no-store');
      const { flowId } = request.params;
      const { version, concept } = await shown(flowId);
      const lang = requestLang(request.query, request.headers['accept-language']);
      const validators = validatorUrls(version, `/api/beheer/flows/${encodeURIComponent(flowId)}/voorbeeld/validatiemodules`);
      return { flow: version.content.documents[lang], hash: version.hash, validators, concept };
    },
  );

  type ModuleRoute = { Params: { flowId: string; step: string }; Querystring: { v?: string } };
  const validatorModule: RouteHandler<ModuleRoute> = async (request, reply) => {
    const { version } = await shown(request.params.flowId);
    const { modules } = version.runtime;
    const module = Object.hasOwn(modules, request.params.step) ? modules[request.params.step] : undefined;
    // Only under its own hash: a cached copy can then never be another module's code.
    if (!module || request.query.v !== module.hash) throw notFound('Deze validatiemodule bestaat niet.');
    reply.header('Content-Type', 'text/javascript; charset=utf-8');
    reply.header('Cache-Control', 'private, max-age=3600, immutable');
    return module.code;
  };
  for (const url of withFormerNames('GET', '/api/beheer/flows/:flowId/voorbeeld/validatiemodules/:step.js')) {
    app.get<ModuleRoute>(url, { preValidation: reader }, validatorModule);
  }
}
