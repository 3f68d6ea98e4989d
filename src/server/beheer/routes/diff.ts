/**
 * What changed between two versions of a flow, or between a version and the draft, in words an
 * administrator understands (every role may read it).
 *
 * - `GET /api/beheer/flows/:flowId/verschillen?van=<versie|concept>&naar=<versie|concept>` ->
 *   `{ from, to, changes }`; without `van` the published version, without `naar` the draft.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { ApiError, CODES } from '../../errors';
import type { DiffAnswer } from '../../../shared/beheer';
import { sourceOf } from '../drafts';
import { describeChanges, type FlowSourceTexts } from '../flowDiff';
import { requireSession } from '../guard';

const DRAFT = 'concept';
const WHICH = { type: 'string', pattern: '^(concept|[1-9][0-9]{0,5})$' } as const;

export function registerBeheerDiffRoutes(app: FastifyInstance, context: ServerContext): void {
  const store = context.storage.beheer;
  const reader = requireSession(store, context.config);

  /** The texts of a version or the draft, with how the page names it. */
  const side = async (flowId: string, which: string): Promise<{ texts: FlowSourceTexts; version: number | null; label: string }> => {
    if (which === DRAFT) {
      const draft = await store.getDraft(flowId);
      if (!draft) throw new ApiError(404, 'Deze flow heeft geen concept.', [{ code: CODES.notFound, extraInfo: [] }]);
      return { texts: sourceOf(draft.source), version: null, label: 'Concept' };
    }
    const record = await context.storage.getFlowVersion(flowId, { version: Number(which) });
    if (!record) throw new ApiError(404, `Versie ${which} bestaat niet.`, [{ code: CODES.notFound, extraInfo: [] }]);
    return { texts: sourceOf(record.source), version: record.version, label: `Versie ${record.version}` };
  };

  app.get<{ Params: { flowId: string }; Querystring: { van?: string; naar?: string } }>(
    '/api/beheer/flows/:flowId/verschillen',
    { preValidation: reader, schema: { querystring: { type: 'object', additionalProperties: false, properties: { van: WHICH, naar: WHICH } } } },
    async (request, reply): Promise<DiffAnswer> => {
      reply.header('Cache-Control', 'no-store');
      const { flowId } = request.params;
      const published = (await context.storage.listFlowVersions(flowId)).find((version) => version.state === 'published');
      if (!published) throw new ApiError(404, 'Deze flow bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
      const from = await side(flowId, request.query.van ?? String(published.version));
      const to = await side(flowId, request.query.naar ?? DRAFT);
      return {
        from: { version: from.version, label: from.label },
        to: { version: to.version, label: to.label },
        changes: describeChanges(from.texts, to.texts),
      };
    },
  );
}
