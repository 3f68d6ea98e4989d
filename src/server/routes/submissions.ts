/**
 * The upload calls of the flows whose submit is an upload (doc 2 §7): `POST /api/<flow>/upload`,
 * answered by whichever flow's published version posts there (a version published while the
 * server runs is served at once). The request is read within the limits of the flow's file fields,
 * the model rebuilt from the step schemas, checked like every submission (acceptSubmission: schema,
 * every rule kind, the address register), each file's content check run, and submission and files
 * stored in one transaction with the version they were checked against; the answer is the kenmerk.
 * Sent with an Idempotency-Key, a retry gets the first answer and nothing is stored twice.
 */
import type { FastifyInstance } from 'fastify';
import type { FileRules, UploadSubmit } from '../../../renderer/core/types';
import { uploadParts } from '../../../renderer/core/uploadFields';
import { getAt } from '../../../renderer/core/paths';
import { ApiError } from '../errors';
import { acceptSubmission } from '../flows/acceptSubmission';
import type { FlowRegistry } from '../flows/registry';
import { versionForRequest } from '../flows/requestVersion';
import type { ServerContext } from '../context';
import { requestLang } from '../i18n';
import { multipartShape, rebuildModel } from '../uploads/model';
import { withUploads } from '../uploads/readMultipart';
import { runFileCheck } from '../uploads/fileChecks';
import { addressChecker } from '../postcode';
import { kenmerkAnswer, sendIdempotent } from '../idempotency';
import { submittedBytes } from '../quota/submittedBytes';

export function registerSubmissionRoutes(app: FastifyInstance, registry: FlowRegistry, context: ServerContext): void {
  app.post<{ Params: { flowPath: string } }>('/api/:flowPath/upload', { config: { rateLimit: context.uploadRateLimit } }, (request, reply) =>
    // A retry under the same Idempotency-Key gets the first answer (idempotency.ts); the request is
    // known once it is read: its fields and its files' names and hashes.
    // The answer holds the kenmerk of an application: never kept by a cache.
    sendIdempotent(request, reply.header('Cache-Control', 'no-store'), context.storage, async (idempotent) => {
      const version = await versionForRequest(registry, request, `/api/${request.params.flowPath}/upload`);
      const flow = version.content.documents.nl;
      if (flow.submit.kind !== 'upload') throw new ApiError(404, 'Deze flow kent geen upload.', []);
      const submit: UploadSubmit = flow.submit;
      const lang = requestLang(request.query, request.headers['accept-language']);
      // No room on the disk: refused before a byte of the body is written to a temporary file.
      await context.storageGuard.checkRoom(reply);
      return withUploads(request, reply, multipartShape(flow, submit), context, async ({ fields, files }) => {
        const replayed = idempotent?.identify([request.headers['x-flow-version'], fields, files.map((file) => [file.fieldName, file.fileName, file.sha256])]);
        if (replayed) return replayed;
        const rebuilt = rebuildModel(flow, submit, fields, files);
        const { model } = await acceptSubmission(version, rebuilt.model, lang, context.translations[lang], addressChecker(context.postcodeProvider));
        const parts = new Map(uploadParts(flow, submit).map((part) => [part.name, part]));
        for (const file of files) {
          const part = parts.get(file.fieldName);
          const rules = part?.schema['x-files'] as FileRules | undefined;
          // The field the check compares with lies in the same step as the file field.
          const step = part?.modelPath.split('.')[0];
          const compareWith = rules?.checkField && step ? getAt(model, `${step}.${rules.checkField}`) : undefined;
          const failure = rules?.check
            ? await runFileCheck(rules.check, file, context, { compareWith: typeof compareWith === 'string' ? compareWith : undefined })
            : undefined;
          if (failure) throw new ApiError(400, 'Het bestand kan niet worden verwerkt.', [failure]);
        }
        await context.storageGuard.charge('upload', request, reply, submittedBytes(fields, files));
        const stored = await context.storage.saveSubmission(
          { flowId: flow.id, flowHash: version.hash, scenario: rebuilt.scenario, data: model, files },
          idempotent?.write(kenmerkAnswer),
        );
        request.log.info({ flow: flow.id, version: version.version, files: files.length }, 'aanvraag opgeslagen');
        return kenmerkAnswer(stored);
      });
    }),
  );
}
