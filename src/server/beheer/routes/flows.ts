/**
 * The back office's view of the flows, for every signed-in role.
 *
 * - `GET /api/beheer/flows` -> a row per flow: title, scenarios, published version and date, the
 *   open draft, and how many of its fixtures hold.
 * - `GET /api/beheer/flows/:flowId/geschiedenis` -> every version and every action, newest first.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { ApiError, CODES } from '../../errors';
import type { FlowRegistry } from '../../flows/registry';
import type { FlowVersionSummary } from '../../storage';
import { requireSession } from '../guard';
import { runFixtures } from '../fixtureRuns';
import type { FlowHistoryAnswer, FlowsAnswer, HistoryEntry } from '../../../shared/beheer';

function versionEntry(version: FlowVersionSummary): HistoryEntry {
  return {
    at: (version.publishedAt ?? version.createdAt).toISOString(),
    actor: version.author,
    action: version.origin === 'terugzetting' ? 'teruggezet' : 'gepubliceerd',
    version: version.version,
    note: version.note ?? null,
  };
}

export function registerBeheerFlowRoutes(app: FastifyInstance, registry: FlowRegistry, context: ServerContext): void {
  const store = context.storage.beheer;
  const guard = requireSession(store, context.config);
  const t = context.translations.nl;

  app.get('/api/beheer/flows', { preValidation: guard }, async (_request, reply): Promise<FlowsAnswer> => {
    reply.header('Cache-Control', 'no-store');
    const drafts = new Map((await store.listDrafts()).map((draft) => [draft.flowId, draft]));
    const stored = await store.listFixtures();
    // The published versions' cases, with the adjustments kept with each version's content.
    const adjustments = new Map(
      await Promise.all(
        registry.all().map(async (active) => [active.flowId, await store.listFixtureAdjustments(active.flowId, { versionHash: active.hash })] as const),
      ),
    );
    return {
      flows: registry.all().map((active) => {
        const flow = active.content.documents.nl;
        const draft = drafts.get(active.flowId);
        const runs = runFixtures(active, context.config.rootDir, t, {
          stored: stored.filter((entry) => entry.flowId === active.flowId),
          adjustments: adjustments.get(active.flowId) ?? [],
        });
        return {
          id: active.flowId,
          title: flow.title,
          scenarios: flow.scenarios,
          example: flow.example === true,
          version: active.version,
          publishedAt: active.publishedAt?.toISOString() ?? null,
          draft: draft ? { updatedAt: draft.updatedAt.toISOString(), updatedBy: draft.updatedBy, approved: draft.approvedBy !== undefined } : null,
          fixtures: { total: runs.length, failed: runs.filter((run) => run.problems.length > 0).length },
        };
      }),
    };
  });

  app.get<{ Params: { flowId: string } }>(
    '/api/beheer/flows/:flowId/geschiedenis',
    { preValidation: guard },
    async (request, reply): Promise<FlowHistoryAnswer> => {
      reply.header('Cache-Control', 'no-store');
      const { flowId } = request.params;
      const versions = await context.storage.listFlowVersions(flowId);
      if (versions.length === 0) throw new ApiError(404, 'Deze flow bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
      const events = await store.listFlowEvents(flowId);
      const history: HistoryEntry[] = [
        ...versions.map(versionEntry),
        ...events.map((event) => ({
          at: event.at.toISOString(),
          actor: event.actor,
          action: event.action,
          version: event.version ?? null,
          note: event.note ?? null,
        })),
      ].sort((a, b) => b.at.localeCompare(a.at));
      return {
        flowId,
        title: registry.get(flowId)?.content.documents.nl.title ?? flowId,
        versions: versions.map((version) => ({
          version: version.version,
          state: version.state,
          origin: version.origin,
          author: version.author,
          note: version.note ?? null,
          publishedAt: (version.publishedAt ?? version.createdAt).toISOString(),
        })),
        history,
        hasDraft: (await store.getDraft(flowId)) !== undefined,
      };
    },
  );
}
