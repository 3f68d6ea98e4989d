/**
 * The 'bevestiging' downloads (doc 2 §7), `POST /api/<flow>/bevestiging`. The browser sends the
 * kenmerk the submit answered and gets a PDF built from what the server stored, with the flow version
 * it was checked against (the kenmerk is unguessable, so holding it is what entitles the download).
 * An application form may also be asked for with the whole model (the spec's call), which is then
 * checked like every submission, in the version the applicant filled in, before the form is made.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { withEnvironment } from '../../../renderer/core/environment';
import type { FlowModel } from '../../../renderer/core/types';
import { applicationPdfModel } from '../confirmation/applicationPdf';
import { formatDocumentDate } from '../confirmation/dates';
import { submissionPdfModel } from '../confirmation/submissionPdf';
import type { ServerContext } from '../context';
import { ApiError, CODES } from '../errors';
import { acceptSubmission } from '../flows/acceptSubmission';
import type { FlowRegistry } from '../flows/registry';
import { versionForRequest } from '../flows/requestVersion';
import { requestLang } from '../i18n';
import { addressChecker } from '../postcode';

const KENMERK = /^[0-9A-Za-z]{4}(-[0-9A-Za-z]{4}){3}$/;

export function registerConfirmationRoutes(app: FastifyInstance, registry: FlowRegistry, context: ServerContext): void {
  app.post<{ Params: { flowPath: string }; Body: unknown; Querystring: { scenario?: string } }>('/api/:flowPath/bevestiging', async (request, reply) => {
    const path = `/api/${request.params.flowPath}/bevestiging`;
    const lang = requestLang(request.query, request.headers['accept-language']);
    const t = context.translations[lang];
    const current = await versionForRequest(registry, request, path);
    const download = current.content.documents.nl.confirmation.download;
    if (!download) throw new ApiError(404, 'Deze flow kent geen bevestiging.', [{ code: CODES.notFound, extraInfo: [] }]);

    // The printed form of an application: from the stored application (its kenmerk), or, as the
    // spec's call also allows, from the whole model sent again.
    if (download.document === 'application' && current.content.documents.nl.submit.kind !== 'upload' && !isKenmerkBody(request.body)) {
      const flow = current.content.documents.nl;
      const scenario = flow.scenarios.find((candidate) => candidate === request.query.scenario) ?? flow.scenarios[0];
      const { env } = await acceptSubmission(current, request.body, lang, t, addressChecker(context.postcodeProvider));
      // Never cached: the model is the client's.
      const pdf = await context.pdf.render(
        applicationPdfModel({ flow: current.content.documents[lang], env, scenario, t, lang, validators: current.runtime.validators }),
      );
      return sendPdf(reply, pdf, `aanvraagformulier-${flow.id}.pdf`);
    }

    const kenmerk = (request.body as { kenmerk?: unknown } | null)?.kenmerk;
    if (typeof kenmerk !== 'string' || !KENMERK.test(kenmerk))
      throw new ApiError(400, 'Het verzoek is niet juist opgebouwd.', [{ code: CODES.malformed, extraInfo: [] }]);
    const record = await context.storage.getSubmission(kenmerk.toUpperCase());
    if (!record || record.flowId !== current.flowId) {
      throw new ApiError(404, 'Er is geen aanlevering gevonden met dit kenmerk.', [{ code: CODES.notFound, extraInfo: [] }]);
    }
    // The receipt shows the submission as the version it was checked against defines it.
    const version = (record.flowHash && (await registry.forRecord(record.flowId, record.flowHash))) || current;
    const document = version.content.documents[lang];
    const lists = version.content.lists[lang];
    // A stored submission never changes, so its document is fully determined by the kenmerk, the flow
    // version, the language, the kind of document and the creation date it prints (today, in Dutch
    // time): cached for a short while, for the repeated downloads right after submitting.
    const now = new Date();
    const kind = document.confirmation.download?.document === 'application' ? 'application' : 'receipt';
    const key = [record.kenmerk, version.flowId, version.hash, lang, kind, formatDocumentDate(now, lang)].join('|');
    if (kind === 'application') {
      const pdf = await context.pdf.cached(key, () => {
        const env = withEnvironment(document, record.data as FlowModel, lists);
        return applicationPdfModel({
          flow: document,
          env,
          scenario: record.scenario,
          t,
          lang,
          kenmerk: record.kenmerk,
          createdAt: now,
          validators: version.runtime.validators,
        });
      });
      return sendPdf(reply, pdf, `aanvraagformulier-${record.flowId}-${record.kenmerk}.pdf`);
    }
    const pdf = await context.pdf.cached(key, () => submissionPdfModel(document, record, t, lang, lists, now, version.runtime.validators));
    return sendPdf(reply, pdf, `bevestiging-${record.flowId}-${record.kenmerk}.pdf`);
  });
}

/** A body that holds a kenmerk and nothing else. */
function isKenmerkBody(body: unknown): boolean {
  return !!body && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 1 && 'kenmerk' in body;
}

function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string): FastifyReply {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(pdf);
}
