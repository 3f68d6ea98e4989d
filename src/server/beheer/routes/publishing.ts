/**
 * Publishing a flow's draft and rolling a flow back, for 'publicist'. Both go through the four-eyes
 * rule when it is on (BEHEER_VIER_OGEN=true).
 *
 * - `POST /api/beheer/flows/:flowId/publiceren` `{ note, updatedAt }` -> `{ version, unchanged: false }`:
 *   publishes the draft the person saw (`updatedAt`; 409 UBEH-09 when it was saved since) as the
 *   next version; refused with its findings, with a failing fixture, without the second person's
 *   approval, and when it equals the version in use (409 UBEH-10 'Er is niets gewijzigd', the draft
 *   is kept). A draft that is exactly a rollback republishes that version as it was checked then.
 * - `POST /api/beheer/flows/:flowId/terugzetten` `{ version, note, draftUpdatedAt? }` ->
 *   `RollbackAnswer`. Without four eyes: that version's content becomes the next version at once
 *   (an open draft stays as it is). With four eyes: the version becomes the draft ("Terugzetten naar
 *   versie N", 202), which a second person approves and then publishes as usual; an open draft takes
 *   its content only when the person saw that draft (`draftUpdatedAt`), and what it held stays in
 *   its history.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerContext } from '../../context';
import { ApiError, CODES } from '../../errors';
import { DATABASE_INTEGER_MAX } from '../../http/requestShape';
import { publishCompiled } from '../../flows/publish';
import type { FlowRegistry } from '../../flows/registry';
import type { FlowCompiler } from '../../flows/pipeline/compileFlow';
import type { FlowDraft, FlowVersionSummary } from '../../storage';
import type { PublishAnswer, PublishBody, RollbackAnswer, RollbackBody } from '../../../shared/beheer';
import { sourceOf } from '../drafts';
import { dateOf, draftChanged, draftChecker, noDraft, publishedVersion } from '../draftAnswer';
import { requireSession, sessionOf } from '../guard';

const NOTE = { type: 'string', maxLength: 500 } as const;
const DATE = { type: 'string', maxLength: 40 } as const;

const emptyNote = () => new ApiError(400, "Het veld 'Toelichting' is niet ingevuld.", [{ code: CODES.invalidField, extraInfo: ['note'] }]);
const nothingChanged = (current: FlowVersionSummary) =>
  new ApiError(
    409,
    `Er is niets gewijzigd: het concept is gelijk aan versie ${current.version}, die aanvragers nu krijgen. Er is niets gepubliceerd; het concept blijft bewaard.`,
    [{ code: CODES.nothingChanged, extraInfo: [String(current.version)] }],
  );

export function registerBeheerPublishingRoutes(app: FastifyInstance, registry: FlowRegistry, context: ServerContext, compile: FlowCompiler): void {
  const store = context.storage.beheer;
  const { config } = context;
  const publisher = requireSession(store, config, ['publicist']);
  const check = draftChecker(context, compile);
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  const published = (flowId: string) => publishedVersion(context, flowId);

  /** The version a rollback draft stands for, while its content is still exactly that version's. */
  const rollbackOf = async (draft: FlowDraft) => {
    if (!draft.rollback) return undefined;
    const record = await context.storage.getFlowVersion(draft.flowId, { version: draft.rollback.version });
    return record && isDeepStrictEqual(sourceOf(record.source), sourceOf(draft.source)) ? record : undefined;
  };

  /** Publishes the draft as checked now: refused with its findings or failing test cases, or when it changes nothing. */
  const publishDraft = async (draft: FlowDraft, current: FlowVersionSummary, by: string, note: string): Promise<{ version: number; hash: string }> => {
    const result = await check(draft.flowId, sourceOf(draft.source));
    const errors = result.findings.filter((finding) => finding.severity === 'error');
    if (!result.compiled || errors.length > 0) {
      throw new ApiError(
        400,
        'Het concept bevat fouten en is niet gepubliceerd.',
        errors.map((finding) => ({ code: CODES.draftFindings, extraInfo: [finding.pointer ?? '', finding.message] })),
      );
    }
    const failing = result.fixtures.filter((run) => run.problems.length > 0);
    if (failing.length > 0) {
      throw new ApiError(
        400,
        'Niet gepubliceerd: niet alle testgevallen slagen.',
        failing.map((run) => ({ code: CODES.fixturesFail, extraInfo: [run.file, ...run.problems] })),
      );
    }
    if (result.compiled.hash === current.hash) throw nothingChanged(current);
    const outcome = await publishCompiled(context.storage, result.compiled, { origin: 'beheer', author: by, note });
    if (!('published' in outcome)) throw nothingChanged(current);
    return { version: outcome.published.version, hash: result.compiled.hash };
  };

  app.post<{ Params: { flowId: string }; Body: PublishBody }>(
    '/api/beheer/flows/:flowId/publiceren',
    {
      preValidation: publisher,
      schema: { body: { type: 'object', required: ['note', 'updatedAt'], additionalProperties: false, properties: { note: NOTE, updatedAt: DATE } } },
    },
    async (request, reply): Promise<PublishAnswer> => {
      noStore(reply);
      const { flowId } = request.params;
      const by = sessionOf(request).username;
      const note = request.body.note.trim();
      if (!note) throw emptyNote();
      const seen = dateOf(request.body.updatedAt, 'updatedAt');
      const current = await published(flowId);
      const draft = await store.getDraft(flowId);
      if (!draft) throw noDraft();
      if (draft.updatedAt.getTime() !== seen.getTime()) throw draftChanged(draft, by, 'Er is niets gepubliceerd; bekijk het concept opnieuw.');
      if (config.beheer.fourEyes && !draft.approvedBy) {
        throw new ApiError(409, 'Dit concept moet eerst door een tweede persoon worden goedgekeurd.', [{ code: CODES.fourEyes, extraInfo: [] }]);
      }
      const rollback = await rollbackOf(draft);
      let version: number;
      let hash: string;
      if (rollback) {
        // The version as it was checked and served then, like a rollback without four eyes.
        if (rollback.hash === current.hash) throw nothingChanged(current);
        const republished = await context.storage.publishFlowVersion({
          flowId,
          hash: rollback.hash,
          origin: 'terugzetting',
          author: by,
          note,
          source: rollback.source,
          content: rollback.content,
        });
        ({ version, hash } = { version: republished!.version, hash: rollback.hash });
      } else {
        ({ version, hash } = await publishDraft(draft, current, by, note));
      }
      // The draft's adjustments of test cases stay with the content published; the rest go with the draft.
      await store.keepDraftAdjustments(flowId, draft.id, hash);
      // Only the draft as published: a save that came in between stays as the next draft.
      await store.deleteDraft(flowId, draft.updatedAt);
      await registry.refresh();
      request.log.info({ flow: flowId, version, rollback: rollback !== undefined }, 'beheer: flow gepubliceerd');
      return { version, unchanged: false };
    },
  );

  app.post<{ Params: { flowId: string }; Body: RollbackBody }>(
    '/api/beheer/flows/:flowId/terugzetten',
    {
      preValidation: publisher,
      schema: {
        body: {
          type: 'object',
          required: ['version', 'note'],
          additionalProperties: false,
          properties: { version: { type: 'integer', minimum: 1, maximum: DATABASE_INTEGER_MAX }, note: NOTE, draftUpdatedAt: DATE },
        },
      },
    },
    async (request, reply): Promise<RollbackAnswer> => {
      noStore(reply);
      const { flowId } = request.params;
      const by = sessionOf(request).username;
      const note = request.body.note.trim();
      if (!note) throw emptyNote();
      const current = await published(flowId);
      const record = await context.storage.getFlowVersion(flowId, { version: request.body.version });
      if (!record) throw new ApiError(404, 'Deze versie bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
      if (record.hash === current.hash)
        throw new ApiError(409, `Versie ${record.version} is al wat aanvragers krijgen.`, [{ code: CODES.malformed, extraInfo: [] }]);

      if (!config.beheer.fourEyes) {
        const republished = await context.storage.publishFlowVersion({
          flowId,
          hash: record.hash,
          origin: 'terugzetting',
          author: by,
          note,
          source: record.source,
          content: record.content,
        });
        await registry.refresh();
        request.log.info({ flow: flowId, version: republished?.version, from: record.version }, 'beheer: flow teruggezet');
        return { version: republished?.version ?? null, concept: false };
      }

      // Four eyes: the rollback becomes the draft, for a second person to approve.
      const open = await store.getDraft(flowId);
      const seen = request.body.draftUpdatedAt === undefined ? null : dateOf(request.body.draftUpdatedAt, 'draftUpdatedAt');
      if (open && !seen) throw draftChanged(open, by, 'Bekijk dat concept eerst; terugzetten vervangt de inhoud ervan.');
      const now = new Date();
      const outcome = await store.writeDraft(
        {
          flowId,
          // The version restored is what the draft starts from: its test cases' adjustments are those in effect.
          baseVersion: record.version,
          source: record.source,
          by,
          kind: 'teruggezet',
          expected: open ? seen : null,
          rollback: { version: record.version, note },
          describe: () => `Terugzetten naar versie ${record.version}.`,
        },
        now,
      );
      if (!('draft' in outcome)) throw draftChanged(outcome.conflict, by, 'Er is niets teruggezet; bekijk het concept opnieuw.');
      await store.addFlowEvent({
        flowId,
        action: open ? 'bewerkt' : 'aangemaakt',
        actor: by,
        note: `Terugzetten naar versie ${record.version}: ${note}`,
        at: now,
      });
      request.log.info({ flow: flowId, from: record.version }, 'beheer: terugzetten wacht op goedkeuring');
      return reply.code(202).send({ version: null, concept: true } satisfies RollbackAnswer);
    },
  );
}
