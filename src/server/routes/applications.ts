/**
 * The final submit of flows whose answers are sent as one JSON model (`submit.kind: json`):
 * `POST /api/<flow>/indienen?scenario=<uzi|zovar>`. The model is checked like every submission (in
 * the version the applicant filled in: schemas, every rule kind, the address register) and stored
 * with that version under a kenmerk — only then does the browser move on, so nothing is cleared
 * that the server has not accepted. The printed form is made from what was stored. Sent with an
 * Idempotency-Key, a retry gets the first answer and nothing is stored twice (idempotency.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { ApiError, CODES } from '../errors';
import { acceptSubmission } from '../flows/acceptSubmission';
import type { FlowRegistry } from '../flows/registry';
import { versionForRequest } from '../flows/requestVersion';
import { requestLang } from '../i18n';
import { addressChecker } from '../postcode';
import { kenmerkAnswer, sendIdempotent } from '../idempotency';

export function registerApplicationRoutes(app: FastifyInstance, registry: FlowRegistry, context: ServerContext): void {
  app.post<{ Params: { flowPath: string }; Body: unknown; Querystring: { scenario?: string } }>(
    '/api/:flowPath/indienen',
    { config: { rateLimit: context.uploadRateLimit } },
    (request, reply) =>
      // A retry under the same Idempotency-Key gets the first answer (idempotency.ts).
      // The answer holds the kenmerk of an application: never kept by a cache.
      sendIdempotent(request, reply.header('Cache-Control', 'no-store'), context.storage, async (idempotent) => {
        const replayed = idempotent?.identify([request.headers['x-flow-version'], request.body]);
        if (replayed) return replayed;
        const version = await versionForRequest(registry, request, `/api/${request.params.flowPath}/indienen`);
        const flow = version.content.documents.nl;
        if (flow.submit.kind !== 'json') throw new ApiError(404, 'Deze flow wordt niet zo ingediend.', [{ code: CODES.notFound, extraInfo: [] }]);
        const scenario = flow.scenarios.find((candidate) => candidate === request.query.scenario);
        if (!scenario) throw new ApiError(400, 'Onbekend scenario.', [{ code: CODES.invalidField, extraInfo: ['scenario'] }]);
        const lang = requestLang(request.query, request.headers['accept-language']);
        const { model } = await acceptSubmission(version, request.body, lang, context.translations[lang], addressChecker(context.postcodeProvider));
        await context.storageGuard.charge('upload', request, reply, Buffer.byteLength(JSON.stringify(model)));
        const saved = await context.storage.saveSubmission(
          { flowId: flow.id, flowHash: version.hash, scenario, data: model, files: [] },
          idempotent?.write(kenmerkAnswer),
        );
        request.log.info({ flow: flow.id, version: version.version }, 'aanvraag opgeslagen');
        return kenmerkAnswer(saved);
      }),
  );
}
