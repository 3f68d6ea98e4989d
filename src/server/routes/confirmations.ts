/**
 * The 'bevestiging' downloads of the delivery flows: `POST .../bevestiging` with the kenmerk the
 * upload answered; the PDF is built from what the server stored, never from what the browser sends.
 * The kenmerk is unguessable, so holding it is what entitles the download.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, CODES } from '../errors';
import type { FlowEntry, FlowRegistry } from '../flows/registry';
import { checkSubmission } from '../flows/validateSubmission';
import { checkAddresses } from '../flows/checkAddresses';
import { applicationPdfModel } from '../confirmation/applicationPdf';
import { renderPdf } from '../pdf';
import type { ServerContext } from '../context';
import { renderSubmissionPdf } from '../confirmation/submissionPdf';
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
    if (flow.confirmation.download.payload === 'model') {
      registerApplicationForm(app, registry, context, entry);
      continue;
    }
    app.post<{ Body: { kenmerk: string } }>(flow.confirmation.download.url, { schema: { body: bodySchema } }, async (request, reply) => {
      const lang = requestLang(request.query, request.headers['accept-language']);
      const record = await context.storage.getSubmission(request.body.kenmerk.toUpperCase());
      if (!record || record.flowId !== flow.id) {
        throw new ApiError(404, 'Er is geen aanlevering gevonden met dit kenmerk.', [{ code: CODES.notFound, extraInfo: [] }]);
      }
      const document = entry.documents[lang];
      const pdf =
        flow.confirmation.download?.document === 'application'
          ? await renderPdf(
              applicationPdfModel(document, withEnvironment(document, record.data as FlowModel, registry.listsOf(flow)), record.scenario, context.translations[lang], lang, record.kenmerk),
            )
          : await renderSubmissionPdf(document, record, context.translations[lang], lang);
      const fileName = `bevestiging-${flow.id}-${record.kenmerk}.pdf`;
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    });
  }
}

/** `POST .../bevestiging` with the whole model: validated like a submission, answered with the form. */
function registerApplicationForm(app: FastifyInstance, registry: FlowRegistry, context: ServerContext, entry: FlowEntry): void {
  const flow = entry.documents.nl;
  app.post<{ Body: unknown; Querystring: { scenario?: string } }>(flow.confirmation.download!.url, async (request, reply) => {
    const lang = requestLang(request.query, request.headers['accept-language']);
    const scenario = flow.scenarios.find((candidate) => candidate === request.query.scenario) ?? flow.scenarios[0];
    const { env } = checkSubmission(entry, lang, request.body, registry.listsOf(flow), context.translations[lang]);
    await checkAddresses(flow, env, context.postcodeProvider, lang);
    const pdf = await renderPdf(applicationPdfModel(entry.documents[lang], env, scenario, context.translations[lang], lang));
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="aanvraagformulier-${flow.id}.pdf"`)
      .header('Cache-Control', 'no-store')
      .send(pdf);
  });
}
