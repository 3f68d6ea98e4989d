/**
 * 'Opslaan en later verder': `POST /api/opslaan` stores the answers and chosen files of an unfinished
 * application (multipart: `gegevens` as JSON, the files under their field's model path, optionally
 * `email`) and answers the resume link and code; `POST /api/hervatten` takes the application back
 * once with its code. The answers are not checked against the flow here — the applicant is not
 * finished — but their shape, the flow, its file fields and every file's content are, and nothing
 * is stored from a refused request. Files are streamed both ways: read into temporary files as
 * uploads are, sealed and stored chunk by chunk, and sent back as they are opened.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileFields } from '../../../renderer/core/rules/fileCheck';
import { nestsDeeperThan } from '../../shared/jsonDepth';
import { EMAIL_PATTERN, type SaveDetails, type SavedHeader, type SaveResult } from '../../shared/savedApplication';
import { ApiError, CODES } from '../errors';
import type { FlowRegistry } from '../flows/registry';
import type { ServerContext } from '../context';
import { withUploads } from '../uploads/readMultipart';
import { submittedBytes } from '../quota/submittedBytes';
import { resumePath, type Saving } from '../saving';

const MAX_HEADER_BYTES = 512 * 1024;
const FILE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const HASH = /^[a-f0-9]{16,128}$/;

function refused(detail: string, field: string): ApiError {
  return new ApiError(400, detail, [{ code: CODES.malformed, extraInfo: [field] }]);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface SaveRequest {
  header: Omit<SaveDetails, 'files'>;
  files: SaveDetails['files'];
}

/** The `gegevens` part: where the applicant was and what they entered; refused when it does not fit the flow. */
function readHeader(text: string | undefined, registry: FlowRegistry): SaveRequest {
  if (text === undefined) throw refused('De gegevens ontbreken.', 'gegevens');
  // Kept and handed back to the browser, which walks it: never deeper than any request body may be.
  if (nestsDeeperThan(text)) throw refused('De gegevens zijn te diep genest.', 'gegevens');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refused('De gegevens zijn geen geldige JSON.', 'gegevens');
  }
  if (!isObject(value)) throw refused('De gegevens zijn niet juist opgebouwd.', 'gegevens');
  const { flowId, scenario, variant, hash, path, answers, files } = value;
  const flow = typeof flowId === 'string' ? registry.get(flowId)?.content.documents.nl : undefined;
  if (!flow) throw refused('Deze flow is niet bekend.', 'flowId');
  if (scenario !== 'uzi' && scenario !== 'zovar') throw refused('Het scenario is niet bekend.', 'scenario');
  if (variant !== undefined && !flow.variants?.some((candidate) => candidate.id === variant)) throw refused('Deze variant is niet bekend.', 'variant');
  if (typeof hash !== 'string' || !HASH.test(hash)) throw refused('De versie ontbreekt.', 'hash');
  if (typeof path !== 'string' || path.length > 200 || !/^[a-z0-9/-]+$/.test(path) || !path.startsWith(`/${scenario}/${flow.id}/`))
    throw refused('De stap is niet juist.', 'path');
  if (!isObject(answers) || !isObject(answers.model) || !isObject(answers.drafts)) throw refused('De antwoorden zijn niet juist opgebouwd.', 'answers');
  if (
    !Array.isArray(files) ||
    !files.every((file) => isObject(file) && typeof file.id === 'string' && FILE_ID.test(file.id) && typeof file.field === 'string')
  ) {
    throw refused('De bestandenlijst is niet juist opgebouwd.', 'files');
  }
  return {
    header: {
      flowId: flow.id,
      scenario,
      ...(typeof variant === 'string' ? { variant } : {}),
      hash,
      path,
      answers: answers as unknown as SavedHeader['answers'],
    },
    files: files as SaveDetails['files'],
  };
}

/**
 * Reads the request (its files streamed to temporary files, see uploads/readMultipart.ts), checks
 * it, and saves it: the files are read from their temporary files as they are sealed and stored,
 * never whole. Nothing is stored from a refused request; the temporary files go either way.
 */
async function saveRequest(request: FastifyRequest, reply: FastifyReply, registry: FlowRegistry, context: ServerContext, saving: Saving) {
  // The flow is known only from the `gegevens` part; its file fields bound the request. Every
  // flow's file fields are allowed while reading, the flow's own ones are required after.
  const shapes = registry.all().flatMap((version) => fileFields(version.content.documents.nl));
  const fileRules = Object.fromEntries(shapes.map((field) => [field.modelPath, field.rules]));
  // No room on the disk: refused before a byte of the body is written to a temporary file.
  await context.storageGuard.checkRoom(reply);
  return withUploads(
    request,
    reply,
    { fileFields: fileRules, repeatable: new Set(), maxFields: 2, maxFieldSize: MAX_HEADER_BYTES },
    context,
    async ({ fields, files }) => {
      const { header, files: listed } = readHeader(fields.gegevens?.[0], registry);
      const own = new Set(fileFields(registry.get(header.flowId)!.content.documents.nl).map((field) => field.modelPath));
      if (listed.length !== files.length || files.some((file, index) => file.fieldName !== listed[index].field || !own.has(file.fieldName))) {
        throw refused('De bestanden passen niet bij de bestandenlijst.', 'files');
      }
      const email = fields.email?.[0]?.trim();
      if (email && !EMAIL_PATTERN.test(email))
        throw new ApiError(400, 'Het e-mailadres is ongeldig.', [{ code: CODES.invalidField, extraInfo: ['email', 'ongeldig'] }]);
      await context.storageGuard.charge('save', request, reply, submittedBytes(fields, files));
      const saved = await saving.save(
        { ...header, files: files.map((file, index) => ({ id: listed[index].id, name: file.fileName, type: file.mimeType, size: file.size })) },
        files,
      );
      return { saved, email: email || undefined, flowId: header.flowId, files: files.length };
    },
  );
}

export function registerSavingRoutes(app: FastifyInstance, registry: FlowRegistry, context: ServerContext, saving: Saving): void {
  app.post('/api/opslaan', { config: { rateLimit: context.uploadRateLimit } }, async (request, reply) => {
    const { saved, email, flowId, files } = await saveRequest(request, reply, registry, context, saving);
    const mailed = email ? await saving.mailLink(saved, email, context.config.applicationName) : false;
    request.log.info({ flow: flowId, files, mailed }, 'aanvraag opgeslagen om later verder te gaan');
    return reply
      .code(201)
      .header('Cache-Control', 'no-store')
      .send({ code: saved.code, path: resumePath(saved.id), link: saved.link, expiresAt: saved.expiresAt.toISOString(), mailed } satisfies SaveResult);
  });

  app.post<{ Body: { id?: unknown; code?: unknown } }>(
    '/api/hervatten',
    {
      bodyLimit: 1024,
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        body: {
          type: 'object',
          required: ['id', 'code'],
          properties: { id: { type: 'string', maxLength: 64 }, code: { type: 'string', maxLength: 64 } },
        },
      },
    },
    async (request, reply) => {
      const resumed = await saving.resume(String(request.body.id), String(request.body.code)).catch((error: unknown) => {
        if (error instanceof ApiError && error.errors[0]?.code === CODES.savedDamaged) request.log.error('opgeslagen aanvraag beschadigd: niet geopend');
        throw error;
      });
      request.log.info('opgeslagen aanvraag hervat');
      // Sent as it is opened, a chunk at a time (objectMode off: the stream buffers bytes, not chunks).
      return reply
        .code(200)
        .header('Cache-Control', 'no-store')
        .header('Content-Length', String(resumed.size))
        .type('application/octet-stream')
        .send(Readable.from(resumed.content, { objectMode: false }));
    },
  );
}
