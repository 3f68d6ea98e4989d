/**
 * Serves the flows to the browser: the index, each flow's published version (or, with `?v=`, the
 * version an applicant started on while it may still be used) per language, and the precompiled
 * validators of a version as same-origin ES modules, one per step (no eval in the browser), each
 * served only under the hash of its own code so it can be cached for good.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandler } from 'fastify';
import type { Lang } from '../../../renderer/core/i18n';
import type { FlowDocument } from '../../../renderer/core/types';
import type { ValidatorSet } from '../../../renderer/core/validate';
import { initialStepData } from '../../../renderer/core/formDefaults';
import { stepCodeNames } from '../../../renderer/core/stepCode';
import { ApiError, CODES } from '../errors';
import { validatorUrls, type FlowRegistry } from '../flows/registry';
import { sentModuleCode } from '../flows/sentModule';
import type { ActiveFlowVersion } from '../flows/version';
import { encodeBody, EncodedCache, encodeJson, PRECOMPRESSED, sendEncoded, type EncodedBody } from '../http/encoded';
import { requestLang } from '../i18n';
import { withFormerNames } from '../routeNames';
import type { FlowAnswer } from '../../shared/flowAnswer';

const notFound = (detail: string) => new ApiError(404, detail, [{ code: CODES.notFound, extraInfo: [] }]);

const bodies = new EncodedCache();

/**
 * The data each step of a flow document starts with, as its form works it out (so the form is not
 * drawn twice for the defaults the flow gives). It goes with every flow answer, with the names of the
 * code each step renders that loads on demand (core/stepCode.ts): both worked out once per version
 * here, not in every browser.
 */
function startData(flow: FlowDocument, validators: ValidatorSet): Record<string, Record<string, unknown>> {
  return Object.fromEntries(flow.steps.map((step) => [step.id, initialStepData(step, validators)]));
}

/** The answer of `GET /api/flows/:id` for a version in a language, serialised and compressed once. */
export function flowAnswer(version: ActiveFlowVersion, lang: Lang): EncodedBody {
  return bodies.get(version.content, `flow:${lang}:${version.version}`, () => {
    const flow = version.content.documents[lang];
    const code = Object.fromEntries(flow.steps.map((step) => [step.id, [...stepCodeNames([step])]]));
    const answer: FlowAnswer = {
      flow,
      hash: version.hash,
      version: version.version,
      validators: validatorUrls(version),
      startData: startData(flow, version.runtime.validators),
      code,
    };
    return encodeJson(answer);
  });
}

const indexBodies = new WeakMap<FlowRegistry, { generation: number; byLang: Map<Lang, EncodedBody> }>();

/** The flow index in a language, made once per change of the published versions. */
export function indexAnswer(registry: FlowRegistry, lang: Lang): EncodedBody {
  let made = indexBodies.get(registry);
  if (made?.generation !== registry.generation) indexBodies.set(registry, (made = { generation: registry.generation, byLang: new Map() }));
  let body = made.byLang.get(lang);
  if (!body) made.byLang.set(lang, (body = encodeJson(registry.index(lang))));
  return body;
}

/**
 * Answers with `send` for the version asked for: at once (no promise) when it is the published one,
 * in memory, as it nearly always is; else once `lookUp` has found it. A synchronous handler returns
 * nothing after sending.
 */
function withVersion(
  published: ActiveFlowVersion | undefined,
  lookUp: () => Promise<ActiveFlowVersion | undefined>,
  send: (version: ActiveFlowVersion | undefined) => unknown,
): Promise<unknown> | undefined {
  if (!published) return lookUp().then(send);
  send(published);
  return undefined;
}

/** Counts a look-up in the database for the client; throws the 429 once it has made too many. */
export type CountLookUp = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function registerFlowRoutes(app: FastifyInstance, registry: FlowRegistry, countLookUp: CountLookUp): void {
  app.get('/api/flows', PRECOMPRESSED, (request, reply) => {
    reply.header('cache-control', 'no-cache');
    sendEncoded(request, reply, indexAnswer(registry, requestLang(request.query, request.headers['accept-language'])));
  });

  app.get<{ Params: { id: string }; Querystring: { v?: string } }>('/api/flows/:id', PRECOMPRESSED, (request, reply) => {
    const { id } = request.params;
    const hash = typeof request.query.v === 'string' && request.query.v !== '' ? request.query.v : undefined;
    const send = (version: ActiveFlowVersion | undefined) => {
      if (!version) throw notFound(hash ? 'Deze versie van de flow is niet meer beschikbaar.' : 'Deze flow bestaat niet.');
      // Revalidated on every visit; an unchanged version answers 304 without a body.
      reply.header('cache-control', 'no-cache');
      return sendEncoded(request, reply, flowAnswer(version, requestLang(request.query, request.headers['accept-language'])));
    };
    return withVersion(registry.publishedAs(id, hash), () => countLookUp(request, reply).then(() => registry.forApplicant(id, hash)), send);
  });

  type ModuleRoute = { Params: { id: string; hash: string; file: string }; Querystring: { v?: string } };
  const validatorModule: RouteHandler<ModuleRoute> = (request, reply) => {
    const { id, hash, file } = request.params;
    const step = file.endsWith('.js') ? file.slice(0, -3) : undefined;
    if (step === undefined) throw notFound('Deze validatiemodule bestaat niet.');
    const send = (version: ActiveFlowVersion | undefined) => {
      const module = version && Object.hasOwn(version.runtime.modules, step) ? version.runtime.modules[step] : undefined;
      // Only under its own hash: a cached copy can then never be another module's code.
      if (!module || request.query.v !== module.hash) throw notFound('Deze validatiemodule bestaat niet.');
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return sendEncoded(
        request,
        reply,
        bodies.get(module, 'module', () => encodeBody(sentModuleCode(module.code), 'text/javascript; charset=utf-8')),
      );
    };
    return withVersion(registry.publishedAs(id, hash), () => countLookUp(request, reply).then(() => registry.forRecord(id, hash)), send);
  };
  // `:file` and not `:step.js`: a parameter with a suffix is matched by a regular expression on every request.
  for (const url of withFormerNames('GET', '/api/flows/:id/versies/:hash/validatiemodules/:file')) app.get<ModuleRoute>(url, PRECOMPRESSED, validatorModule);
}
