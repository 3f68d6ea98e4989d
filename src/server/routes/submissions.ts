/**
 * The upload calls of the flows whose submit is an upload (doc 2 §7), registered generically from
 * the flow documents: read the multipart request within the flow's limits, rebuild the model with
 * the flow's mapping, refuse hidden data, validate with the same flow document as the browser, run
 * the content check the file field names (e.g. the CSR check), then store submission and files in
 * one transaction and answer the kenmerk.
 */
import type { FastifyInstance } from 'fastify';
import { schemaAt } from '../../../renderer/core/schemaPaths';
import type { FileRules, FlowDocument, UploadSubmit } from '../../../renderer/core/types';
import { ApiError } from '../errors';
import { checkSubmission } from '../flows/validateSubmission';
import type { FlowRegistry } from '../flows/registry';
import type { ServerContext } from '../context';
import { requestLang } from '../i18n';
import { rebuildModel } from '../uploads/model';
import { readMultipart } from '../uploads/readMultipart';
import { runFileCheck } from '../uploads/fileChecks';

function fileRulesOf(flow: FlowDocument, submit: UploadSubmit): FileRules {
  const [dataKey, ...rest] = submit.files.from.split('.');
  const step = flow.steps.find((candidate) => candidate.dataKey === dataKey);
  const rules = step ? schemaAt(step.schema, rest.join('.'))?.['x-files'] : undefined;
  if (!rules) throw new Error(`Flow ${flow.id}: het bestandsveld ${submit.files.from} heeft geen x-files`);
  return rules;
}

export function registerSubmissionRoutes(app: FastifyInstance, registry: FlowRegistry, context: ServerContext): void {
  for (const entry of registry.all()) {
    const flow = entry.documents.nl;
    if (flow.submit.kind !== 'upload') continue;
    const submit = flow.submit;
    const rules = fileRulesOf(flow, submit);
    app.post(submit.url, { config: { rateLimit: context.uploadRateLimit } }, async (request, reply) => {
      const lang = requestLang(request.query, request.headers['accept-language']);
      const { fields, files } = await context.uploadSlots.run(() => readMultipart(request, submit.files.field, rules));
      const rebuilt = rebuildModel(flow, submit, fields, files);
      const { model } = checkSubmission(entry, lang, rebuilt.model, registry.listsOf(flow), context.translations[lang]);
      const scenario = rebuilt.scenario;
      if (rules.check) {
        for (const file of files) {
          const failure = await runFileCheck(rules.check, file, context);
          if (failure) throw new ApiError(400, 'Het bestand kan niet worden verwerkt.', [failure]);
        }
      }
      const saved = await context.storage.saveSubmission({ flowId: flow.id, scenario, data: model, files });
      request.log.info({ flow: flow.id, files: files.length }, 'aanvraag opgeslagen');
      return reply.code(200).send({ kenmerk: saved.kenmerk });
    });
  }
}
