/**
 * How much of what is stored a field, an option or a step concerns, for the dialog that asks before
 * it is removed (every role may read it). Counts only: no data of a submission leaves the server.
 *
 * - `GET /api/beheer/flows/:flowId/gebruik?veld=<model path>[&waarde=<value as JSON>]` ->
 *   `UsageCounts`: the stored submissions of the flow that hold a value at the model path (with
 *   `waarde`: that value), the saved applications that can still be taken back (sealed with the
 *   applicant's code: the server cannot see what they hold), and the test cases that set it.
 *   A step is asked for by its data key.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { ApiError, CODES } from '../../errors';
import type { UsageCounts } from '../../../shared/beheer';
import { holdsValue } from '../../../shared/usage/values';
import { caseInputs } from '../fixtureOwners';
import { fixtureCases } from '../fixtureRuns';
import { requireSession } from '../guard';

const PATH = '^[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*){0,9}$';

/** The option's value from its JSON text: a text, a number or yes/no; anything else is refused. */
function valueOf(text: string | undefined): string | number | boolean | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return value;
  throw new ApiError(400, 'De waarde van de keuze is ongeldig.', [{ code: CODES.invalidField, extraInfo: ['waarde'] }]);
}

export function registerBeheerUsageRoutes(app: FastifyInstance, context: ServerContext): void {
  const store = context.storage.beheer;
  const reader = requireSession(store, context.config);

  app.get<{ Params: { flowId: string }; Querystring: { veld: string; waarde?: string } }>(
    '/api/beheer/flows/:flowId/gebruik',
    {
      preValidation: reader,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['veld'],
          properties: { veld: { type: 'string', maxLength: 300, pattern: PATH }, waarde: { type: 'string', maxLength: 200 } },
        },
      },
    },
    async (request, reply): Promise<UsageCounts> => {
      reply.header('Cache-Control', 'no-store');
      const { flowId } = request.params;
      const { veld } = request.query;
      const value = valueOf(request.query.waarde);
      if ((await context.storage.listFlowVersions(flowId)).length === 0)
        throw new ApiError(404, 'Deze flow bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
      const [submissions, saved, cases] = await Promise.all([
        context.storage.countSubmissionsWithValue(flowId, veld, value),
        context.storage.countSavedApplications(flowId, new Date()),
        caseInputs(context.storage, flowId),
      ]);
      const fixtures = fixtureCases(context.config.rootDir, flowId, cases)
        .filter((entry) => holdsValue(entry.fixture.data, veld, value))
        .map((entry) => ({ name: entry.name, description: entry.fixture.description }));
      return { submissions, savedApplications: saved.flow, savedApplicationsUnknownFlow: saved.unknownFlow, fixtures };
    },
  );
}
