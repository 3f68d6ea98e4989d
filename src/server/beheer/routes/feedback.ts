/**
 * The 'Geef uw mening' feedback for the back office.
 *
 * - `GET /api/beheer/feedback?van=YYYY-MM-DD&tm=YYYY-MM-DD` -> ratings per page and month in that
 *   period (both days included; default the last twelve months), and the totals. Every role.
 * - `GET /api/beheer/feedback/opmerkingen?van&tm&pagina&per` -> the comments, newest first, a page at
 *   a time. Role 'beheerder' only: a comment may hold personal data.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import { ApiError, CODES } from '../../errors';
import type { BeheerStore } from '../../storage';
import { requireSession } from '../guard';
import type { FeedbackAnswer, FeedbackComments } from '../../../shared/beheer';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const QUERY = {
  type: 'object',
  properties: {
    van: { type: 'string', maxLength: 10 },
    tm: { type: 'string', maxLength: 10 },
    pagina: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    per: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
  },
} as const;

interface Period {
  van?: string;
  tm?: string;
}

/** The period asked for, as [from, until) in UTC days; a wrong date or an end before the start is refused in Dutch. */
export function periodOf(query: Period, now = new Date()): { from: Date; until: Date; van: string; tm: string } {
  const day = (text: string | undefined, label: string): Date | undefined => {
    if (text === undefined || text === '') return undefined;
    const date = new Date(`${text}T00:00:00Z`);
    if (!DAY.test(text) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
      throw new ApiError(400, `Het veld '${label}' is geen geldige datum.`, [{ code: CODES.invalidField, extraInfo: [label === 'Van' ? 'van' : 'tm'] }]);
    }
    return date;
  };
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const end = day(query.tm, 't/m') ?? today;
  const start = day(query.van, 'Van') ?? new Date(Date.UTC(end.getUTCFullYear() - 1, end.getUTCMonth(), end.getUTCDate() + 1));
  if (end < start) throw new ApiError(400, 'De einddatum mag niet voor de begindatum liggen.', [{ code: CODES.invalidField, extraInfo: ['tm'] }]);
  return { from: start, until: new Date(end.getTime() + 86_400_000), van: start.toISOString().slice(0, 10), tm: end.toISOString().slice(0, 10) };
}

export function registerBeheerFeedbackRoutes(app: FastifyInstance, config: ServerConfig, store: BeheerStore): void {
  app.get<{ Querystring: Period }>(
    '/api/beheer/feedback',
    { preValidation: requireSession(store, config), schema: { querystring: QUERY } },
    async (request, reply): Promise<FeedbackAnswer> => {
      reply.header('Cache-Control', 'no-store');
      const period = periodOf(request.query);
      const rows = await store.feedbackSummary(period.from, period.until);
      const count = rows.reduce((sum, row) => sum + row.count, 0);
      const average = count === 0 ? null : rows.reduce((sum, row) => sum + row.average * row.count, 0) / count;
      return { van: period.van, tm: period.tm, rows, total: { count, average } };
    },
  );

  app.get<{ Querystring: Period & { pagina: number; per: number } }>(
    '/api/beheer/feedback/opmerkingen',
    { preValidation: requireSession(store, config, ['beheerder']), schema: { querystring: QUERY } },
    async (request, reply): Promise<FeedbackComments> => {
      reply.header('Cache-Control', 'no-store');
      const period = periodOf(request.query);
      const { pagina, per } = request.query;
      const page = await store.feedbackComments(period.from, period.until, (pagina - 1) * per, per);
      return { van: period.van, tm: period.tm, total: page.total, rows: page.rows.map((row) => ({ ...row, at: row.at.toISOString() })) };
    },
  );
}
