/**
 * The kept saves of a flow's draft ('Eerdere versies van dit concept'): every save, automatic or
 * not, with who and when and what it changed; going back to one makes it the draft's next save, so
 * that can be undone the same way.
 *
 * - `GET  /api/beheer/flows/:flowId/concept/eerdere-versies` -> `{ saves: DraftSaveRow[] }`, newest first.
 * - `POST /api/beheer/flows/:flowId/concept/eerdere-versies/:id/terugzetten` `{ updatedAt }` -> the
 *   draft with that save's content (as `PUT …/concept` answers); 409 UBEH-09 when the draft was
 *   saved since the person saw it.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerContext } from '../../context';
import { ApiError, CODES } from '../../errors';
import type { FlowCompiler } from '../../flows/pipeline/compileFlow';
import type { DraftSaveRow, DraftSavesAnswer, DraftSeenBody } from '../../../shared/beheer';
import { sourceOf } from '../drafts';
import { dateOf, draftAnswer, draftChanged, draftChecker, momentText, noDraft, saveSummary } from '../draftAnswer';
import { requireSession, sessionOf } from '../guard';

export function registerBeheerDraftSaveRoutes(app: FastifyInstance, context: ServerContext, compile: FlowCompiler): void {
  const store = context.storage.beheer;
  const { config } = context;
  const reader = requireSession(store, config);
  const editor = requireSession(store, config, ['redacteur']);
  const check = draftChecker(context, compile);
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  app.get<{ Params: { flowId: string } }>(
    '/api/beheer/flows/:flowId/concept/eerdere-versies',
    { preValidation: reader },
    async (request, reply): Promise<DraftSavesAnswer> => {
      noStore(reply);
      const { flowId } = request.params;
      if (!(await store.getDraft(flowId))) throw noDraft();
      const saves: DraftSaveRow[] = (await store.listDraftSaves(flowId)).map((save) => ({
        id: save.id,
        kind: save.kind,
        savedBy: save.savedBy,
        firstSavedAt: save.firstSavedAt.toISOString(),
        savedAt: save.savedAt.toISOString(),
        summary: save.summary ?? null,
      }));
      return { saves };
    },
  );

  app.post<{ Params: { flowId: string; id: string }; Body: DraftSeenBody }>(
    '/api/beheer/flows/:flowId/concept/eerdere-versies/:id/terugzetten',
    {
      preValidation: editor,
      schema: { body: { type: 'object', required: ['updatedAt'], additionalProperties: false, properties: { updatedAt: { type: 'string', maxLength: 40 } } } },
    },
    async (request, reply) => {
      noStore(reply);
      const { flowId, id } = request.params;
      const by = sessionOf(request).username;
      const expected = dateOf(request.body.updatedAt, 'updatedAt');
      const save = await store.getDraftSave(flowId, id);
      if (!save) throw new ApiError(404, 'Deze eerdere versie van het concept bestaat niet (meer).', [{ code: CODES.notFound, extraInfo: [] }]);
      const source = sourceOf(save.source);
      const now = new Date();
      const outcome = await store.writeDraft({ flowId, source, by, kind: 'hersteld', expected, describe: (previous) => saveSummary(previous, source) }, now);
      if (!('draft' in outcome)) throw draftChanged(outcome.conflict, by, 'Er is niets teruggezet; bekijk het concept opnieuw.');
      await store.addFlowEvent({ flowId, action: 'bewerkt', actor: by, note: `Teruggezet naar ${momentText(save.savedAt)}`, at: now });
      return draftAnswer(outcome.draft, await check(flowId, source));
    },
  );
}
