/**
 * Builds the Fastify application: security headers, CSRF, rate limits, the /api routes generated
 * from the flow documents, and the built portal. Two scopes: the answers that are the same for every
 * applicant (flow documents, validator modules, reference lists) without the hooks only the rest of
 * the portal needs (cookies, uploads, CSRF, request bodies), and the rest. Used by main.ts and by the
 * server tests.
 */
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { ServerConfig } from './config';
import type { ServerContext } from './context';
import { ApiError, CODES, errorBody } from './errors';
import { clientErrorHandler, edgeErrorBody } from './http/edgeErrors';
import { registerJsonBodyParser } from './http/jsonBody';
import { checkRequestShapes } from './http/requestShape';
import { requestLoggerFactory } from './http/requestLogger';
import { createPipeline, type FlowCompiler } from './flows/pipeline/compileFlow';
import { FlowRegistry } from './flows/registry';
import { seedFromFiles } from './flows/seed';
import { flowInputs, loadPipelineSources } from './flows/sources';
import { loadTranslations } from './i18n';
import { registerBeheer } from './beheer/routes';
import { registerApplicationRoutes } from './routes/applications';
import { registerBaseDataRoutes } from './routes/baseData';
import { registerConfigRoute } from './routes/config';
import { registerConfirmationRoutes } from './routes/confirmations';
import { registerFlowRoutes } from './routes/flows';
import { registerReferenceDataRoutes } from './routes/referenceData';
import { registerSessionRoutes } from './routes/session';
import { registerSpa } from './routes/spa';
import { registerSubmissionRoutes } from './routes/submissions';
import { registerUserOpinionRoute } from './routes/userOpinion';
import { registerSavingRoutes } from './routes/saving';
import { registerHealthRoutes } from './routes/health';
import { startRetention, type RetentionJob } from './retention';
import { createSaving, savingSecret } from './saving';
import { createResumeMailer } from './saving/mail';
import { Semaphore } from './uploads/semaphore';
import { uploadTempDir } from './uploads/tempFiles';
import { startTempSweep } from './uploads/tempSweep';
import { postcodeProviderFor } from './postcode';
import { createPdfRenderer } from './pdf/pool';
import { checkCsrf, renewTokenIfForeign, XSRF_COOKIE, XSRF_HEADER } from './security/csrf';
import { answerHeaders, registerSecurityHeaders } from './security/headers';
import { refuseControlCharacters } from './security/text';
import { createStorage, StorageError, type Storage } from './storage';
import { replyUnavailable } from './http/unavailable';
import { connectRedis, type SharedRedis } from './shared/redis';
import { redisRateLimitStore } from './shared/rateLimitStore';
import { createByteBudget } from './quota/byteBudget';
import { diskSpace } from './quota/diskSpace';
import { storageGuard } from './quota/storageGuard';

export interface AppHandle {
  app: FastifyInstance;
  registry: FlowRegistry;
  storage: Storage;
  /** The retention job (runs on its own; tests call `run` to see its effect at once). */
  retention: RetentionJob;
  /** Every route the application has, one entry per method (tests go through all of them). */
  routes: readonly RouteEntry[];
}

export interface RouteEntry {
  method: string;
  /** The route's pattern, e.g. `/api/beheer/accounts/:id`. */
  url: string;
}

/** Brings the shipped flow files into the database (each refused alone) and loads the published versions. */
async function startFlows(config: ServerConfig, storage: Storage, app: FastifyInstance, compile: FlowCompiler): Promise<FlowRegistry> {
  // The example flows (one per construct the engine can show) are for developers, testers and the back office.
  const examples = config.environment !== 'production';
  const compiled = await seedFromFiles(storage, flowInputs(config.rootDir, { examples }), compile, app.log);
  return FlowRegistry.start(storage, { ...config.flowVersions, examples, log: app.log }, compiled);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Request and response headers that carry a secret; never logged, at any level. */
const SECRET_HEADERS = ['cookie', 'set-cookie', XSRF_HEADER, 'authorization', 'proxy-authorization'];
/** Wherever a log line may hold headers: a request or answer object, or headers on their own. */
const REDACTED_PATHS = ['req', 'request', 'res', 'reply', 'response', 'raw', '*']
  .flatMap((owner) => SECRET_HEADERS.flatMap((name) => [`${owner}.headers["${name}"]`, ...(owner === '*' ? [`headers["${name}"]`] : [])]))
  .concat(['err.rawPacket', '*.rawPacket']);
/** Text, JSON and scripts; not PDFs, images or stored files (already compressed, or large). */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|javascript|(?:\+|\/)xml(?:;|$)/u;

/**
 * TRUST_PROXY for Fastify: a hop count trusts that many nearest hops (the connection's own address
 * first), as Express does; this Fastify trusts no hop count by itself.
 */
function trustProxyOption(value: ServerConfig['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

export interface BuildOptions {
  storage?: Storage;
  /** false: no log at all. */
  logger?: boolean;
  /** Where log lines go (default standard output); tests read them. */
  logStream?: { write(line: string): void };
  /**
   * The flow compiler for the shipped files and the drafts (default: one built from the files under
   * the configured root). Tests hand every server of a test worker the same one, which remembers
   * what it compiled: the shipped flows are compiled once per worker, not once per server.
   */
  compile?: FlowCompiler;
}

export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<AppHandle> {
  const storage =
    options.storage ?? (await createStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, postgresTimeouts: config.databaseTimeouts }));
  const timeouts = config.httpTimeouts;
  const headers = answerHeaders(config.environment === 'production');
  const app: FastifyInstance = Fastify({
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    // A client that is slow to send its headers or its request, or sends nothing, is cut off.
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.min(1000, timeouts.headersMs / 2) },
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    clientErrorHandler: clientErrorHandler(() => app.log),
    // A URL with bad percent-encoding (or an overlong parameter) gets the error body, never an echo of the URL.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const status = error.code === 'FST_ERR_ASYNC_CONSTRAINT' ? 500 : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 404 : 400;
      // Answered before any hook runs: the security headers and no-store are set here.
      reply.headers(headers).header('Cache-Control', 'no-store');
      if (status === 500) return reply.code(500).send(errorBody(500, 'Er is een technische fout opgetreden.', request.id));
      return reply.code(status).send(edgeErrorBody(status, request.id));
    },
    // Fastify's own request lines carry the full URL; the hook below logs the route pattern instead.
    logController: new LogController({ disableRequestLogging: true }),
    // A request's child logger is made when the request first logs (most log nothing).
    ...(options.logger === false ? {} : { childLoggerFactory: requestLoggerFactory }),
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[verborgen]' }, ...(options.logStream ? { stream: options.logStream } : {}) },
    // A stopping server answers requests that still arrive with the portal's own 503 (hook below).
    return503OnClosing: false,
  });
  // A client that half-closes its side once its request is sent still gets the answer (Node would
  // end the connection at once, so a refusal of a body cut short could never be read).
  Object.assign(app.server, { httpAllowHalfOpen: true });
  // Before any scope is registered, so every scope parses JSON bodies with it.
  registerJsonBodyParser(app);
  checkRequestShapes(app);
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  let shared: SharedRedis | undefined;
  if (config.redis) {
    try {
      shared = await connectRedis(config.redis, app.log);
    } catch (error) {
      if (!options.storage) await storage.close();
      throw error;
    }
    const connection = shared;
    // Runs after the server stopped and its requests ended (Fastify closes the server first).
    app.addHook('onClose', async () => connection.close());
  }
  // One pipeline for the shipped files and the back office's drafts.
  const compile = options.compile ?? createPipeline(loadPipelineSources(config.rootDir));
  const registry = await startFlows(config, storage, app, compile);
  const disk = diskSpace(config.dataDir, config.quota.diskReserveBytes);
  // With REDIS_URL the byte budgets are shared by every process, like the rate limits.
  const budget = createByteBudget({ windowMs: config.quota.windowMs, limits: { upload: config.quota.upload, save: config.quota.save } }, shared);
  const context: ServerContext = {
    config,
    storage,
    translations: loadTranslations(),
    csrPolicy: config.csrPolicy,
    uploadRateLimit: { max: config.uploadRateLimit.max, timeWindow: config.uploadRateLimit.timeWindowMs },
    uploadSlots: new Semaphore(config.uploadConcurrency),
    postcodeProvider: postcodeProviderFor(config),
    pdf: createPdfRenderer({ workers: config.pdfWorkers, log: app.log }),
    storageGuard: storageGuard(disk, budget),
  };
  app.addHook('onClose', async () => context.pdf.close());

  // Only the route pattern is logged: URLs can hold a postcode or a kenmerk. The hook is there only
  // when its level is logged, and like every hook all requests pass, it is a plain callback.
  if (['trace', 'debug', 'info'].includes(config.logLevel)) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        { method: request.method, route: request.routeOptions.url ?? 'onbekend', status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'verzoek afgehandeld',
      );
      done();
    });
  }

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.status).send(errorBody(error.status, error.detail, request.id, error.errors));
    }
    // The storage layer wraps every driver error; only its faults mean the database is away.
    if (error instanceof StorageError && error.fault) return replyUnavailable(request, reply, error.fault);
    const status = error.statusCode ?? 500;
    if (error.validation) {
      return reply.code(400).send(errorBody(400, 'Het verzoek is niet juist opgebouwd.', request.id, [{ code: CODES.malformed, extraInfo: [] }]));
    }
    if (status === 429) {
      return reply
        .code(429)
        .send(errorBody(429, 'Te veel verzoeken. Probeer het over een minuut opnieuw.', request.id, [{ code: CODES.rateLimited, extraInfo: [] }]));
    }
    if (error.code === 'FST_FIELDS_LIMIT' || error.code === 'FST_PARTS_LIMIT' || error.code === 'FST_FILES_LIMIT') {
      return reply.code(400).send(errorBody(400, 'Het verzoek bevat te veel onderdelen.', request.id, [{ code: CODES.malformed, extraInfo: [] }]));
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(400).send(errorBody(400, 'Het verzoek is te groot.', request.id, [{ code: CODES.fileTooBig, extraInfo: [] }]));
    }
    if (status === 405 || status === 408 || status === 413 || status === 415 || status === 431) {
      return reply.code(status).send(edgeErrorBody(status, request.id));
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(status, 'Het verzoek kan niet worden verwerkt.', request.id, [{ code: CODES.malformed, extraInfo: [] }]));
    }
    request.log.error({ err: { type: error.name, code: error.code, stack: error.stack } }, 'onverwachte fout');
    return reply.code(500).send(errorBody(500, 'Er is een technische fout opgetreden.', request.id));
  });

  // Answers made per request (errors, submissions, the pages) are compressed as they go; the bodies
  // that are the same for everyone are compressed once (http/encoded.ts) and the built assets at
  // build time. Request bodies are never inflated: a compressed upload is refused, not unpacked.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE_TYPES,
  });
  await registerSecurityHeaders(app, headers);

  // Stopping: requests that still come in on an open connection are sent elsewhere (the proxy retries).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    reply.header('Connection', 'close').header('Retry-After', '1');
    done(new ApiError(503, 'De server wordt herstart. Probeer het zo opnieuw.', [{ code: CODES.unavailable, extraInfo: [] }]));
  });

  // The flow documents, validator modules and reference lists are the same for every applicant and
  // read nothing of a request but its address and Accept headers (GET and HEAD only): they are served
  // without the cookie, upload and request-body hooks of the rest of the portal. Any other method on
  // their addresses ends in the not-found handler below, which has those hooks (CSRF included).
  // What they answer is in memory; only a version that is not (one an applicant started on, or a
  // hash nobody published) is looked up in the database, and those look-ups are counted per client.
  const general = { max: config.requestRateLimit.max, timeWindow: config.requestRateLimit.timeWindowMs };
  const redisStore = shared ? redisRateLimitStore(shared) : undefined;
  await app.register(async (everyone) => {
    await everyone.register(rateLimit, { global: false, ...(redisStore ? { store: redisStore } : {}) });
    const lookUps = everyone.createRateLimit({ ...general, keyGenerator: (request) => `versie-opzoeken:${request.ip}` });
    registerFlowRoutes(everyone, registry, async (request, reply) => {
      const counted = await lookUps(request);
      if (counted.isAllowed || !counted.isExceeded) return;
      reply.header('Retry-After', String(counted.ttlInSeconds));
      throw new ApiError(429, 'Te veel verzoeken. Probeer het over een minuut opnieuw.', [{ code: CODES.rateLimited, extraInfo: [] }]);
    });
    registerBaseDataRoutes(everyone, registry);
  });

  const saving = createSaving({
    config: config.saving,
    secret: savingSecret(config.saving, config.dataDir),
    storage,
    ...(config.saving.mail ? { mailer: createResumeMailer(config.saving.mail) } : {}),
  });
  await app.register(async (portal) => {
    await portal.register(cookie);
    // Every route here counts its requests per client: with a limit of its own, or else the general
    // one. Only a route that says `rateLimit: false` (the health checks) is not counted. Added before
    // the plugin, so the plugin sees the limit this sets.
    portal.addHook('onRoute', (route) => {
      if (route.config?.rateLimit === undefined) route.config = { ...route.config, rateLimit: general };
    });
    await portal.register(rateLimit, {
      global: false,
      // The address of the connection, or what a trusted proxy (TRUST_PROXY) says it is; never a header an untrusted sender sets.
      keyGenerator: (request) => request.ip,
      // With REDIS_URL the counters are shared by every process; otherwise each process counts (in memory).
      ...(redisStore ? { store: redisStore } : {}),
      errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: `Te veel verzoeken (${context.max})` }),
    });
    await portal.register(multipart, { throwFileSizeLimit: false });

    portal.addHook('onRequest', (request, reply, done) => {
      if (SAFE_METHODS.has(request.method)) {
        done();
        return;
      }
      const header = request.headers[XSRF_HEADER];
      if (!checkCsrf(request.cookies[XSRF_COOKIE], typeof header === 'string' ? header : undefined, config.csrfSecret)) {
        renewTokenIfForeign(request.cookies[XSRF_COOKIE], reply, config.csrfSecret, config.secureCookies);
        done(new ApiError(403, 'De beveiligingscode van uw sessie ontbreekt of klopt niet. Herlaad de pagina.', [{ code: CODES.csrf, extraInfo: [] }]));
        return;
      }
      done();
    });

    // Text with control characters is refused before any route looks at it (multipart text fields:
    // uploads/readMultipart.ts).
    portal.addHook('preValidation', (request, _reply, done) => {
      try {
        if (request.body !== undefined) refuseControlCharacters(request.body);
        done();
      } catch (error) {
        done(error as Error);
      }
    });

    // Route names (docs/decisions/0004-route-names.md): a call the specification names keeps its
    // spelling; every other route is named in Dutch, lowercase, words joined by hyphens. Holds for
    // the routes of both scopes; tests/server/route-names.test.ts checks each one registered.
    registerConfigRoute(portal, config);
    registerReferenceDataRoutes(portal, config);
    registerSubmissionRoutes(portal, registry, context);
    registerApplicationRoutes(portal, registry, context);
    registerConfirmationRoutes(portal, registry, context);
    registerSessionRoutes(portal, config);
    registerHealthRoutes(portal, storage, disk);
    registerUserOpinionRoute(portal, config, storage);
    registerSavingRoutes(portal, registry, context, saving);
    await registerBeheer(portal, registry, context, compile);
    // Pages, built assets and the not-found handler (for every address and method no route has).
    await registerSpa(portal, config, registry, portal.rateLimit(general));
  });
  // Temporary upload files a killed process left behind are removed now and every hour.
  const sweep = await startTempSweep(uploadTempDir(config.dataDir), app.log);
  app.addHook('onClose', async () => sweep.stop());
  // Old submissions and expired saved applications are deleted within the hour.
  const retention = startRetention({ storage, saving, retentionDays: config.retentionDays, log: app.log });
  app.addHook('onClose', async () => retention.stop());

  app.addHook('onClose', async () => {
    registry.close();
    if (!options.storage) await storage.close();
  });
  return { app, registry, storage, retention, routes };
}
