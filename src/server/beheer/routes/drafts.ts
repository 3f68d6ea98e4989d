/**
 * A flow's draft, its approval, publishing, rolling back, and versions as files. Reading is for
 * every role; editing for 'redacteur'; approving, publishing and rolling back for 'publicist'.
 *
 * - `GET    /api/beheer/flows/:flowId/concept` -> the draft (or null), its findings and fixtures.
 * - `POST   /api/beheer/flows/:flowId/concept` -> starts a draft from the published version (201).
 * - `PUT    /api/beheer/flows/:flowId/concept` `{ document, english? }` -> saves; answers the findings.
 *   A draft with errors is kept (nothing typed is lost); it cannot be published until they are gone.
 *   Starting, saving and importing write the ids of the flow's parts into the draft and move its
 *   English to the keys by id and value (`withPartIdsWritten`): the answer holds the draft as stored.
 * - `POST   /api/beheer/flows/:flowId/concept/importeren` `{ document, english? }` -> a file as the draft.
 * - `DELETE /api/beheer/flows/:flowId/concept` -> 204; the adjustments of test cases made in it go with it.
 * - `POST   /api/beheer/flows/:flowId/concept/goedkeuren` `{ updatedAt }` -> approves the draft as
 *   seen (four-eyes: never by who wrote it).
 * - `POST   /api/beheer/flows/:flowId/publiceren` `{ note }` -> publishes the draft as the next
 *   version; refused with its findings, with a failing fixture, or without the second person's approval.
 *   Its adjustments of test cases are kept with the content published.
 * - `POST   /api/beheer/flows/:flowId/terugzetten` `{ version, note? }` -> that version's content
 *   becomes the next version.
 * - `GET    /api/beheer/flows/:flowId/versies/:version/bestand` -> the version as a JSON file.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerContext } from '../../context';
import { ApiError, CODES } from '../../errors';
import { publishCompiled } from '../../flows/publish';
import type { FlowRegistry } from '../../flows/registry';
import type { FlowDraft } from '../../storage';
import type { FlowCompiler, FlowVersionSource } from '../../flows/pipeline/compileFlow';
import { checkDraft, sourceOf, withPartIdsWritten, type DraftCheck } from '../drafts';
import { caseInputs } from '../fixtureOwners';
import { requireSession, sessionOf } from '../guard';

const TEXT_LIMIT = 512 * 1024;
const SOURCE_BODY = {
  type: 'object',
  required: ['document'],
  additionalProperties: false,
  properties: { document: { type: 'string', maxLength: TEXT_LIMIT }, english: { type: 'string', maxLength: TEXT_LIMIT } },
} as const;

function draftAnswer(draft: FlowDraft | undefined, check: DraftCheck | undefined) {
  return {
    draft: draft
      ? {
          source: sourceOf(draft.source),
          baseVersion: draft.baseVersion ?? null,
          createdBy: draft.createdBy,
          updatedBy: draft.updatedBy,
          updatedAt: draft.updatedAt.toISOString(),
          approvedBy: draft.approvedBy ?? null,
        }
      : null,
    findings: check?.findings ?? [],
    fixtures: check?.fixtures ?? [],
  };
}

const notFound = () => new ApiError(404, 'Deze flow bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
const noDraft = () => new ApiError(404, 'Deze flow heeft geen concept.', [{ code: CODES.notFound, extraInfo: [] }]);

export function registerBeheerDraftRoutes(app: FastifyInstance, registry: FlowRegistry, context: ServerContext, compile: FlowCompiler): void {
  const store = context.storage.beheer;
  const { config } = context;
  const reader = requireSession(store, config);
  const editor = requireSession(store, config, ['redacteur']);
  const publisher = requireSession(store, config, ['publicist']);
  const check = async (flowId: string, source: FlowVersionSource) => checkDraft(compile, flowId, source, config.rootDir, context.translations.nl, await caseInputs(context.storage, flowId));
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  /** The published version's record; 404 for a flow this deployment does not have. */
  const published = async (flowId: string) => {
    const current = (await context.storage.listFlowVersions(flowId)).find((version) => version.state === 'published');
    if (!current) throw notFound();
    return current;
  };

  const save = async (flowId: string, written: FlowVersionSource, by: string, action: 'bewerkt' | 'geimporteerd') => {
    const current = await published(flowId);
    const source = withPartIdsWritten(written, config.rootDir);
    const before = await store.getDraft(flowId);
    const now = new Date();
    const draft = await store.saveDraft({ flowId, baseVersion: before?.baseVersion ?? current.version, source, by }, now);
    await store.addFlowEvent({ flowId, action: before || action === 'geimporteerd' ? action : 'aangemaakt', actor: by, at: now });
    return draftAnswer(draft, await check(flowId, source));
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
    if (await store.getDraft(flowId)) throw new ApiError(409, 'Deze flow heeft al een concept.', [{ code: CODES.malformed, extraInfo: [] }]);
    const record = await context.storage.getFlowVersion(flowId, { version: current.version });
    const source = withPartIdsWritten(sourceOf(record?.source), config.rootDir);
    const by = sessionOf(request).username;
    const now = new Date();
    const draft = await store.saveDraft({ flowId, baseVersion: current.version, source, by }, now);
    await store.addFlowEvent({ flowId, action: 'aangemaakt', actor: by, note: `Vanaf versie ${current.version}`, at: now });
    return reply.code(201).send(draftAnswer(draft, await check(flowId, source)));
  });

  app.put<{ Params: { flowId: string }; Body: FlowVersionSource }>('/api/beheer/flows/:flowId/concept', { preValidation: editor, schema: { body: SOURCE_BODY } }, async (request, reply) => {
    noStore(reply);
    return save(request.params.flowId, request.body, sessionOf(request).username, 'bewerkt');
  });

  app.post<{ Params: { flowId: string }; Body: FlowVersionSource }>('/api/beheer/flows/:flowId/concept/importeren', { preValidation: editor, schema: { body: SOURCE_BODY } }, async (request, reply) => {
    noStore(reply);
    return save(request.params.flowId, request.body, sessionOf(request).username, 'geimporteerd');
  });

  app.delete<{ Params: { flowId: string } }>('/api/beheer/flows/:flowId/concept', { preValidation: editor }, async (request, reply) => {
    noStore(reply);
    const { flowId } = request.params;
    if (!(await store.getDraft(flowId))) throw noDraft();
    await store.deleteDraft(flowId);
    await store.addFlowEvent({ flowId, action: 'verwijderd', actor: sessionOf(request).username, at: new Date() });
    return reply.code(204).send();
  });

  app.post<{ Params: { flowId: string }; Body: { updatedAt: string } }>(
    '/api/beheer/flows/:flowId/concept/goedkeuren',
    { preValidation: publisher, schema: { body: { type: 'object', required: ['updatedAt'], additionalProperties: false, properties: { updatedAt: { type: 'string', maxLength: 40 } } } } },
    async (request, reply) => {
      noStore(reply);
      const { flowId } = request.params;
      const by = sessionOf(request).username;
      const draft = await store.getDraft(flowId);
      if (!draft) throw noDraft();
      if (draft.createdBy === by || draft.updatedBy === by) {
        throw new ApiError(403, 'U kunt een concept dat u zelf heeft bewerkt niet goedkeuren. Vraag een collega.', [{ code: CODES.fourEyes, extraInfo: [] }]);
      }
      if (!(await store.approveDraft(flowId, by, new Date(request.body.updatedAt), new Date()))) {
        throw new ApiError(409, 'Het concept is intussen gewijzigd. Bekijk de nieuwe versie en keur die goed.', [{ code: CODES.fourEyes, extraInfo: [] }]);
      }
      await store.addFlowEvent({ flowId, action: 'goedgekeurd', actor: by, at: new Date() });
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { flowId: string }; Body: { note: string } }>(
    '/api/beheer/flows/:flowId/publiceren',
    { preValidation: publisher, schema: { body: { type: 'object', required: ['note'], additionalProperties: false, properties: { note: { type: 'string', maxLength: 500 } } } } },
    async (request, reply) => {
      noStore(reply);
      const { flowId } = request.params;
      const by = sessionOf(request).username;
      const note = request.body.note.trim();
      if (!note) throw new ApiError(400, "Het veld 'Toelichting' is niet ingevuld.", [{ code: CODES.invalidField, extraInfo: ['note'] }]);
      const draft = await store.getDraft(flowId);
      if (!draft) throw noDraft();
      if (config.beheer.fourEyes && !draft.approvedBy) {
        throw new ApiError(409, 'Dit concept moet eerst door een tweede persoon worden goedgekeurd.', [{ code: CODES.fourEyes, extraInfo: [] }]);
      }
      const result = await check(flowId, sourceOf(draft.source));
      const errors = result.findings.filter((finding) => finding.severity === 'error');
      if (!result.compiled || errors.length > 0) {
        throw new ApiError(400, 'Het concept bevat fouten en is niet gepubliceerd.', errors.map((finding) => ({ code: CODES.draftFindings, extraInfo: [finding.pointer ?? '', finding.message] })));
      }
      const failing = result.fixtures.filter((run) => run.problems.length > 0);
      if (failing.length > 0) {
        throw new ApiError(400, 'Niet gepubliceerd: niet alle testgevallen slagen.', failing.map((run) => ({ code: CODES.fixturesFail, extraInfo: [run.file, ...run.problems] })));
      }
      const outcome = await publishCompiled(context.storage, result.compiled, { origin: 'beheer', author: by, note });
      // The draft's adjustments of test cases stay with the content published; the rest go with the draft.
      await store.keepDraftAdjustments(flowId, draft.id, result.compiled.hash);
      await store.deleteDraft(flowId);
      await registry.refresh();
      const version = 'published' in outcome ? outcome.published.version : outcome.unchanged;
      request.log.info({ flow: flowId, version }, 'beheer: flow gepubliceerd');
      return { version, unchanged: 'unchanged' in outcome };
    },
  );

  app.post<{ Params: { flowId: string }; Body: { version: number; note?: string } }>(
    '/api/beheer/flows/:flowId/terugzetten',
    {
      preValidation: publisher,
      schema: { body: { type: 'object', required: ['version'], additionalProperties: false, properties: { version: { type: 'integer', minimum: 1 }, note: { type: 'string', maxLength: 500 } } } },
    },
    async (request, reply) => {
      noStore(reply);
      const { flowId } = request.params;
      const current = await published(flowId);
      const record = await context.storage.getFlowVersion(flowId, { version: request.body.version });
      if (!record) throw new ApiError(404, 'Deze versie bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
      if (record.hash === current.hash) throw new ApiError(409, `Versie ${record.version} is al wat aanvragers krijgen.`, [{ code: CODES.malformed, extraInfo: [] }]);
      const by = sessionOf(request).username;
      const republished = await context.storage.publishFlowVersion({
        flowId,
        hash: record.hash,
        origin: 'terugzetting',
        author: by,
        note: request.body.note?.trim() || `Teruggezet naar versie ${record.version}`,
        source: record.source,
        content: record.content,
      });
      await registry.refresh();
      request.log.info({ flow: flowId, version: republished?.version, from: record.version }, 'beheer: flow teruggezet');
      return { version: republished?.version };
    },
  );

  app.get<{ Params: { flowId: string; version: string } }>('/api/beheer/flows/:flowId/versies/:version/bestand', { preValidation: reader }, async (request, reply) => {
    noStore(reply);
    const { flowId } = request.params;
    const version = Number(request.params.version);
    const record = Number.isInteger(version) && version > 0 ? await context.storage.getFlowVersion(flowId, { version }) : undefined;
    if (!record) throw new ApiError(404, 'Deze versie bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
    const source = sourceOf(record.source);
    reply.header('Content-Disposition', `attachment; filename="${flowId}-versie-${record.version}.json"`);
    return { flowId, version: record.version, hash: record.hash, document: source.document, ...(source.english !== undefined ? { english: source.english } : {}) };
  });
}
