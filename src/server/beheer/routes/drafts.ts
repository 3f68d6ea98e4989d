/**
 * A flow's draft and versions as files. Reading is for every role; editing for 'redacteur';
 * approving for 'publicist' (publishing and rolling back: publishing.ts; earlier saves: draftSaves.ts).
 *
 * - `GET    /api/beheer/flows/:flowId/concept` -> the draft (or null), its findings and fixtures.
 * - `POST   /api/beheer/flows/:flowId/concept` -> starts a draft from the published version (201).
 * - `PUT    /api/beheer/flows/:flowId/concept` `{ document, english?, updatedAt?, automatisch? }` ->
 *   saves; answers the findings. A draft with errors is kept (nothing typed is lost); it cannot be
 *   published until they are gone. With `updatedAt` (the draft as the editor last had it) a save
 *   over a newer save of someone else, or over a draft deleted meanwhile, is refused (409, UBEH-09).
 *   `automatisch`: saved while typing; kept in the draft's history like any save. Starting, saving
 *   and importing write the ids of the flow's parts into the draft and move its English to the keys
 *   by id and value (`withPartIdsWritten`): the answer holds the draft as stored.
 * - `POST   /api/beheer/flows/:flowId/concept/importeren` `{ document, english? }` -> a file as the
 *   draft (what it replaces stays in the draft's history).
 * - `DELETE /api/beheer/flows/:flowId/concept` `{ updatedAt? }` -> 204, with the draft's history and
 *   the adjustments of test cases made in it;
 *   with `updatedAt`, only the draft as the person saw it (409 when it changed since).
 * - `POST   /api/beheer/flows/:flowId/concept/goedkeuren` `{ updatedAt }` -> approves the draft as
 *   seen (four-eyes: never by anyone who saved it, nor with an account they set up, see fourEyes.ts).
 * - `GET    /api/beheer/flows/:flowId/versies/:version/bestand` -> the version as a JSON file.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerContext } from '../../context';
import { ApiError, CODES } from '../../errors';
import type { FlowRegistry } from '../../flows/registry';
import type { FlowCompiler } from '../../flows/pipeline/compileFlow';
import type { DraftSaveBody, DraftSeenBody, FlowSource } from '../../../shared/beheer';
import { sourceOf, withPartIdsWritten } from '../drafts';
import { dateOf, draftAnswer, draftChanged, draftChecker, noDraft, publishedVersion, saveSummary } from '../draftAnswer';
import { wroteDraft } from '../fourEyes';
import { requireSession, sessionOf } from '../guard';

const TEXT_LIMIT = 512 * 1024;
const DATE = { type: 'string', maxLength: 40 } as const;
const SOURCE_PROPERTIES = { document: { type: 'string', maxLength: TEXT_LIMIT }, english: { type: 'string', maxLength: TEXT_LIMIT } } as const;
const SOURCE_BODY = { type: 'object', required: ['document'], additionalProperties: false, properties: SOURCE_PROPERTIES } as const;
const SAVE_BODY = {
  type: 'object',
  required: ['document'],
  additionalProperties: false,
  properties: { ...SOURCE_PROPERTIES, updatedAt: DATE, automatisch: { type: 'boolean' } },
} as const;

export function registerBeheerDraftRoutes(app: FastifyInstance, _registry: FlowRegistry, context: ServerContext, compile: FlowCompiler): void {
  const store = context.storage.beheer;
  const { config } = context;
  const reader = requireSession(store, config);
  const editor = requireSession(store, config, ['redacteur']);
  const publisher = requireSession(store, config, ['publicist']);
  const check = draftChecker(context, compile);
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  const published = (flowId: string) => publishedVersion(context, flowId);

  /** Whether an automatic save is one more line in the flow's history: not while the same person goes on editing. */
  const isNewEdit = async (flowId: string, by: string) => {
    const [last] = await store.listFlowEvents(flowId);
    return !(last?.action === 'bewerkt' && last.actor === by);
  };

  const save = async (flowId: string, body: DraftSaveBody, by: string, action: 'bewerkt' | 'geimporteerd') => {
    const current = await published(flowId);
    const source = withPartIdsWritten({ document: body.document, ...(body.english !== undefined ? { english: body.english } : {}) }, config.rootDir);
    const expected = body.updatedAt === undefined ? undefined : dateOf(body.updatedAt, 'updatedAt');
    const automatic = body.automatisch === true;
    const logged = !automatic || (await isNewEdit(flowId, by));
    const now = new Date();
    const outcome = await store.writeDraft(
      {
        flowId,
        baseVersion: current.version,
        source,
        by,
        kind: action === 'geimporteerd' ? 'geimporteerd' : automatic ? 'automatisch' : 'opgeslagen',
        ...(expected ? { expected } : {}),
        describe: (previous) => saveSummary(previous, source),
      },
      now,
    );
    if (!('draft' in outcome)) throw draftChanged(outcome.conflict, by, 'Uw wijzigingen zijn niet opgeslagen; ze staan nog op het scherm.');
    const created = outcome.draft.createdAt.getTime() === outcome.draft.updatedAt.getTime();
    if (logged || created) await store.addFlowEvent({ flowId, action: created && action !== 'geimporteerd' ? 'aangemaakt' : action, actor: by, at: now });
    return draftAnswer(outcome.draft, await check(flowId, source));
  };

  app.get<{ Params: { flowId: string } }>('/api/beheer/flows/:flowId/concept', { preValidation: reader }, async (request, reply) => {
    noStore(reply);
    const { flowId } = request.params;
    await published(flowId);
    const draft = await store.getDraft(flowId);
    return draftAnswer(draft, draft ? await check(flowId, sourceOf(draft.source)) : undefined);
  });

  app.post<{ Params: { flowId: string } }>('/api/beheer/flows/:flowId/concept', { preValidation: editor }, async (request, reply) => {
    noStore(reply);
    const { flowId } = request.params;
    const current = await published(flowId);
    const record = await context.storage.getFlowVersion(flowId, { version: current.version });
    const source = withPartIdsWritten(sourceOf(record?.source), config.rootDir);
    const by = sessionOf(request).username;
    const now = new Date();
    const outcome = await store.writeDraft(
      { flowId, baseVersion: current.version, source, by, kind: 'gestart', expected: null, describe: () => `Gestart vanaf versie ${current.version}.` },
      now,
    );
    if (!('draft' in outcome)) throw new ApiError(409, 'Deze flow heeft al een concept.', [{ code: CODES.malformed, extraInfo: [] }]);
    await store.addFlowEvent({ flowId, action: 'aangemaakt', actor: by, note: `Vanaf versie ${current.version}`, at: now });
    return reply.code(201).send(draftAnswer(outcome.draft, await check(flowId, source)));
  });

  app.put<{ Params: { flowId: string }; Body: DraftSaveBody }>(
    '/api/beheer/flows/:flowId/concept',
    { preValidation: editor, schema: { body: SAVE_BODY } },
    async (request, reply) => {
      noStore(reply);
      return save(request.params.flowId, request.body, sessionOf(request).username, 'bewerkt');
    },
  );

  app.post<{ Params: { flowId: string }; Body: FlowSource }>(
    '/api/beheer/flows/:flowId/concept/importeren',
    { preValidation: editor, schema: { body: SOURCE_BODY } },
    async (request, reply) => {
      noStore(reply);
      return save(request.params.flowId, request.body, sessionOf(request).username, 'geimporteerd');
    },
  );

  app.delete<{ Params: { flowId: string }; Body: Partial<DraftSeenBody> | undefined }>(
    '/api/beheer/flows/:flowId/concept',
    { preValidation: editor, schema: { body: { type: ['object', 'null'], additionalProperties: false, properties: { updatedAt: DATE } } } },
    async (request, reply) => {
      noStore(reply);
      const { flowId } = request.params;
      const by = sessionOf(request).username;
      const seen = request.body?.updatedAt;
      const expected = seen === undefined ? undefined : dateOf(seen, 'updatedAt');
      if (!(await store.deleteDraft(flowId, expected))) {
        const now = await store.getDraft(flowId);
        if (!now) throw noDraft();
        throw draftChanged(now, by, 'Het is niet verwijderd; bekijk het eerst opnieuw.');
      }
      await store.addFlowEvent({ flowId, action: 'verwijderd', actor: by, at: new Date() });
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { flowId: string }; Body: DraftSeenBody }>(
    '/api/beheer/flows/:flowId/concept/goedkeuren',
    { preValidation: publisher, schema: { body: { type: 'object', required: ['updatedAt'], additionalProperties: false, properties: { updatedAt: DATE } } } },
    async (request, reply) => {
      noStore(reply);
      const { flowId } = request.params;
      const by = sessionOf(request).username;
      const draft = await store.getDraft(flowId);
      if (!draft) throw noDraft();
      const part = await wroteDraft(store, draft, by, config.beheer.accountTieSeconds);
      if (part === 'self')
        throw new ApiError(403, 'U kunt een concept dat u zelf heeft bewerkt niet goedkeuren. Vraag een collega.', [{ code: CODES.fourEyes, extraInfo: [] }]);
      if (part === 'tied') {
        throw new ApiError(
          403,
          'U kunt dit concept niet goedkeuren: het is bewerkt door de beheerder die uw account kort geleden heeft ingericht, of met een account dat u kort geleden heeft ingericht. Vraag een collega.',
          [{ code: CODES.fourEyes, extraInfo: [] }],
        );
      }
      if (!(await store.approveDraft(flowId, by, dateOf(request.body.updatedAt, 'updatedAt'), new Date()))) {
        throw new ApiError(409, 'Het concept is intussen gewijzigd. Bekijk de nieuwe versie en keur die goed.', [{ code: CODES.fourEyes, extraInfo: [] }]);
      }
      await store.addFlowEvent({ flowId, action: 'goedgekeurd', actor: by, at: new Date() });
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { flowId: string; version: string } }>(
    '/api/beheer/flows/:flowId/versies/:version/bestand',
    { preValidation: reader },
    async (request, reply) => {
      noStore(reply);
      const { flowId } = request.params;
      const version = Number(request.params.version);
      const record = Number.isInteger(version) && version > 0 ? await context.storage.getFlowVersion(flowId, { version }) : undefined;
      if (!record) throw new ApiError(404, 'Deze versie bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
      const source = sourceOf(record.source);
      reply.header('Content-Disposition', `attachment; filename="${flowId}-versie-${record.version}.json"`);
      return {
        flowId,
        version: record.version,
        hash: record.hash,
        document: source.document,
        ...(source.english !== undefined ? { english: source.english } : {}),
      };
    },
  );
}
