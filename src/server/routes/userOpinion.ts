/**
 * `POST /api/useropinion` (doc 2 §7): stores the feedback of the 'Geef uw mening' dialog — rating,
 * comment, page path and device info — and answers 201 `{ id }`. A body that does not pass the
 * checks gets the error body with one `UVAL-01` item per field and nothing is stored. Rate-limited
 * per client; CSRF-protected like every POST; idempotent under an Idempotency-Key (idempotency.ts).
 * Neither the comment nor the user agent is logged.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { ApiError } from '../errors';
import type { Storage } from '../storage';
import { checkUserOpinion } from '../useropinion/validate';
import { sendIdempotent } from '../idempotency';

export function registerUserOpinionRoute(app: FastifyInstance, config: ServerConfig, storage: Storage): void {
  app.post(
    '/api/useropinion',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: { max: config.userOpinionRateLimit.max, timeWindow: config.userOpinionRateLimit.timeWindowMs } },
    },
    (request, reply) =>
      // A retry under the same Idempotency-Key gets the first answer (idempotency.ts).
      sendIdempotent(request, reply.header('Cache-Control', 'no-store'), storage, async (idempotent) => {
        const replayed = idempotent?.identify(request.body);
        if (replayed) return replayed;
        const check = checkUserOpinion(request.body);
        if (!check.ok) throw new ApiError(400, 'Uw mening is niet opgeslagen, omdat niet alle gegevens geldig zijn.', check.errors);
        const answer = (stored: { id: string }) => ({ status: 201, body: { id: stored.id } });
        const saved = await storage.saveUserOpinion(check.opinion, idempotent?.write(answer));
        return answer(saved);
      }),
  );
}
