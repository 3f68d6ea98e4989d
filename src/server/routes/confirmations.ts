/**
 * The 'bevestiging' downloads (doc 2 §7). Delivery flows send the kenmerk the upload answered and
 * get a PDF built from what the server stored, never from what the browser sends (the kenmerk is
 * unguessable, so holding it is what entitles the download). Flows whose answers stay with the
 * applicant send the whole model, which is validated like a submission before the form is made.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, CODES } from '../errors';
import type { FlowEntry, FlowRegistry } from '../flows/registry';
import { checkSubmission } from '../flows/validateSubmission';
import { checkAddresses } from '../flows/checkAddresses';
import { applicationPdfModel } from '../confirmation/applicationPdf';
import { renderPdf } from '../pdf';
import type { ServerContext } from '../context';
import { submissionPdfModel } from '../confirmation/submissionPdf';
import { requestLang } from '../i18n';
import { withEnvironment } from '../../../renderer/core/environment';
import type { FlowModel } from '../../../renderer/core/types';

const bodySchema = {
  type: 'object',
  required: ['kenmerk'],
  properties: { kenmerk: { type: 'string', pattern: '^[0-9A-Za-z]{4}(-[0-9A-Za-z]{4}){3}$' } },
} as const;

export function registerConfirmationRoutes(app: FastifyInstance, registry: FlowRegistry, context: ServerContext): void {
  for (const entry of registry.all()) {
    const flow = entry.documents.nl;
    if (!flow.confirmation.download) continue;
    if (flow.confirmation.download.payload === 'model') registerApplicationForm(app, registry, context, entry);
    else registerStoredConfirmation(app, registry, context, entry);
  }
}

/** `POST .../bevestiging` with a kenmerk: the receipt (or application form) of a stored submission. */
function registerStoredConfirmation(app: FastifyInstance, registry: FlowRegistry, context: ServerContext, entry: FlowEntry): void {
  const flow = entry.documents.nl;
  app.post<{ Body: { kenmerk: string } }>(flow.confirmation.download!.url, { schema: { body: bodySchema } }, async (request, reply) => {
    const lang = requestLang(request.query, request.headers['accept-language']);
    const record = await context.storage.getSubmission(request.body.kenmerk.toUpperCase());
    if (!record || record.flowId !== flow.id) {
      throw new ApiError(404, 'Er is geen aanlevering gevonden met dit kenmerk.', [{ code: CODES.notFound, extraInfo: [] }]);
    }
    const document = entry.documents[lang];
    const lists = registry.listsOf(flow, lang);
    const t = context.translations[lang];
    if (flow.confirmation.download?.document === 'application') {
      const env = withEnvironment(document, record.data as FlowModel, lists);
      const pdf = await renderPdf(applicationPdfModel({ flow: document, env, scenario: record.scenario, t, lang, kenmerk: record.kenmerk }));
      return sendPdf(reply, pdf, `aanvraagformulier-${flow.id}-${record.kenmerk}.pdf`);
    }
    const pdf = await renderPdf(submissionPdfModel(document, record, t, lang, lists));
    return sendPdf(reply, pdf, `bevestiging-${flow.id}-${record.kenmerk}.pdf`);
  });
}

/** `POST .../bevestiging` with the whole model: validated like a submission, answered with the form. */
function registerApplicationForm(app: FastifyInstance, registry: FlowRegistry, context: ServerContext, entry: FlowEntry): void {
  const flow = entry.documents.nl;
  app.post<{ Body: unknown; Querystring: { scenario?: string } }>(flow.confirmation.download!.url, async (request, reply) => {
    const lang = requestLang(request.query, request.headers['accept-language']);
    const scenario = flow.scenarios.find((candidate) => candidate === request.query.scenario) ?? flow.scenarios[0];
    const t = context.translations[lang];
    const { env } = checkSubmission(entry, lang, request.body, registry.listsOf(flow, lang), t);
    await checkAddresses(flow, env, context.postcodeProvider, lang);
    const pdf = await renderPdf(applicationPdfModel({ flow: entry.documents[lang], env, scenario, t, lang }));
    return sendPdf(reply, pdf, `aanvraagformulier-${flow.id}.pdf`);
  });
}

function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string): FastifyReply {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(pdf);
}
