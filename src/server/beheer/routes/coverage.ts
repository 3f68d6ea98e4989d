/**
 * The coverage of a flow's test cases, for every role: what they reach of the draft (of the
 * published version when there is no draft) — steps, fields, visibility rules both ways, values the
 * flow sets itself, cross-field rules, messages — and in plain Dutch what none reaches.
 *
 * - `GET /api/beheer/flows/:flowId/dekking` -> `{ concept, coverage }` (409 while the draft has errors).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import type { FlowCompiler } from '../../flows/pipeline/compileFlow';
import type { FlowRegistry } from '../../flows/registry';
import { versionCoverage } from '../coverage';
import { draftVersion } from '../drafts';
import { caseInputs } from '../fixtureOwners';
import { requireSession } from '../guard';

export function registerBeheerCoverageRoutes(app: FastifyInstance, registry: FlowRegistry, context: ServerContext, compile: FlowCompiler): void {
  const store = context.storage.beheer;
  const reader = requireSession(store, context.config);

  app.get<{ Params: { flowId: string } }>('/api/beheer/flows/:flowId/dekking', { preValidation: reader }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { flowId } = request.params;
    const { version, concept } = await draftVersion(registry, store, compile, flowId);
    const coverage = versionCoverage(version, context.config.rootDir, context.translations.nl, await caseInputs(context.storage, flowId));
    return { concept, coverage };
  });
}
