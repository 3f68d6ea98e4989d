/**
 * Test cases of a flow added or adjusted in the back office ('redacteur'; reading for every role).
 * A case is example data with the outcome expected of it; it runs on the server against the draft's
 * validators (the published version's when there is no draft) beside the repository's fixtures,
 * and publishing is refused while one fails.
 *
 * - `POST   /api/beheer/flows/:flowId/testgevallen` `{ description, step?, data }` -> stores the data
 *   with the outcome it gives now as its expectation (valid or not, which fields fail; no wording
 *   pinned), e.g. from the preview: 201 with its run.
 * - `POST   /api/beheer/flows/:flowId/testgevallen/:name/overnemen` -> takes the draft's outcome as
 *   the case's expectation (after a deliberate change): an adjustment of the open draft, deleted
 *   with it and kept with the version when the draft is published (fixtureOwners.ts).
 * - `DELETE /api/beheer/flows/:flowId/testgevallen/:name` -> a back-office case: forgets it (with
 *   its adjustments); a repository case: forgets the adjustment in effect: 204.
 * - `DELETE /api/beheer/flows/:flowId/testgevallen/:name/aanpassing` -> forgets the adjustment in
 *   effect of any case: the draft's own, else the one kept with the version it started from: 204.
 * - `GET    /api/beheer/flows/:flowId/testgevallen/:name/bestand` -> the case as a fixture file in
 *   the current format, with the expectation in effect.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { ApiError, CODES } from '../../errors';
import { fixtureFileText, type Fixture } from '../../flows/fixtures';
import type { FlowCompiler } from '../../flows/pipeline/compileFlow';
import type { FlowRegistry } from '../../flows/registry';
import { draftVersion } from '../drafts';
import { adjustmentOwners, caseInputs } from '../fixtureOwners';
import { fixtureCases, runCase, runFixtures } from '../fixtureRuns';
import { requireSession, sessionOf } from '../guard';
import type { NewFixtureAnswer, NewFixtureBody } from '../../../shared/beheer';

type Params = { flowId: string; name: string };

const NAME = /^[a-z0-9][a-z0-9-]{0,80}\.json$/;
const notFound = (detail: string) => new ApiError(404, detail, [{ code: CODES.notFound, extraInfo: [] }]);

/** A file name from the description: 'Alleen het e-mailadres' -> 'beheer-alleen-het-e-mailadres.json'. */
function nameFrom(description: string, taken: ReadonlySet<string>): string {
  const slug =
    description
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'testgeval';
  for (let n = 1; ; n++) {
    const name = `beheer-${slug}${n === 1 ? '' : `-${n}`}.json`;
    if (!taken.has(name)) return name;
  }
}

export function registerBeheerFixtureRoutes(app: FastifyInstance, registry: FlowRegistry, context: ServerContext, compile: FlowCompiler): void {
  const store = context.storage.beheer;
  const { config } = context;
  const t = context.translations.nl;
  const reader = requireSession(store, config);
  const editor = requireSession(store, config, ['redacteur']);

  /** The version cases run against: the draft when it compiles, else the published one. */
  const target = async (flowId: string, draftOnly: boolean) => (await draftVersion(registry, store, compile, flowId, draftOnly)).version;

  /** A case of the flow with the expectation in effect for its draft (or published version). */
  const findCase = async (flowId: string, name: string) => {
    const found = fixtureCases(config.rootDir, flowId, await caseInputs(context.storage, flowId)).find((entry) => entry.name === name);
    if (!found) throw notFound('Dit testgeval bestaat niet.');
    return found;
  };

  /** Forgets the adjustment in effect of a case: the draft's own, else the one kept with the version it started from. */
  const forgetAdjustment = async (flowId: string, name: string) => {
    const draft = await store.getDraft(flowId);
    const owners = await adjustmentOwners(context.storage, flowId, draft);
    const adjustments = await store.listFixtureAdjustments(flowId, owners);
    const own = adjustments.find((entry) => entry.name === name && entry.scope === 'concept') ?? adjustments.find((entry) => entry.name === name);
    if (!own || !(await store.deleteFixtureAdjustment(flowId, name, own.scope, own.scopeRef))) throw notFound('Dit testgeval heeft geen aanpassing.');
  };

  app.post<{ Params: { flowId: string }; Body: NewFixtureBody }>(
    '/api/beheer/flows/:flowId/testgevallen',
    {
      preValidation: editor,
      schema: {
        body: {
          type: 'object',
          required: ['description', 'data'],
          additionalProperties: false,
          properties: { description: { type: 'string', minLength: 1, maxLength: 200 }, step: { type: 'string', maxLength: 100 }, data: { type: 'object' } },
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { flowId } = request.params;
      const description = request.body.description.trim();
      if (!description) throw new ApiError(400, "Het veld 'Omschrijving' is niet ingevuld.", [{ code: CODES.invalidField, extraInfo: ['description'] }]);
      const version = await target(flowId, false);
      const { step } = request.body;
      if (step !== undefined && !version.content.documents.nl.steps.some((candidate) => candidate.id === step)) {
        throw new ApiError(400, 'Deze stap bestaat niet in de flow.', [{ code: CODES.invalidField, extraInfo: ['step'] }]);
      }
      const draft: Fixture = { description, ...(step ? { step } : {}), data: request.body.data as Fixture['data'], expected: { valid: true } };
      const fixture: Fixture = { ...draft, expected: runCase(version, draft, t).outcome };
      const inputs = await caseInputs(context.storage, flowId);
      const name = nameFrom(description, new Set(fixtureCases(config.rootDir, flowId, inputs).map((entry) => entry.name)));
      await store.saveFixture({ flowId, name, fixture, by: sessionOf(request).username }, new Date());
      const run = runFixtures(version, config.rootDir, t, await caseInputs(context.storage, flowId)).find((entry) => entry.name === name);
      request.log.info({ flow: flowId, fixture: name }, 'beheer: testgeval toegevoegd');
      // The case was just saved, so it is among the runs.
      return reply.code(201).send({ name, run: run! } satisfies NewFixtureAnswer);
    },
  );

  app.post<{ Params: Params }>('/api/beheer/flows/:flowId/testgevallen/:name/overnemen', { preValidation: editor }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { flowId, name } = request.params;
    const found = await findCase(flowId, name);
    // A case that cannot be read as written has no outcome to take over (an unreadable adjustment can be replaced).
    if (found.problem && !found.adjustment)
      throw new ApiError(409, `Dit testgeval kan niet worden uitgevoerd: ${found.problem}`, [{ code: CODES.malformed, extraInfo: [] }]);
    const version = await target(flowId, true);
    const draft = await store.getDraft(flowId);
    if (!draft) throw notFound('Deze flow heeft geen concept.');
    const expected = runCase(version, found.fixture, t).outcome;
    await store.saveFixtureAdjustment({ flowId, name, scope: 'concept', scopeRef: draft.id, expected, by: sessionOf(request).username }, new Date());
    request.log.info({ flow: flowId, fixture: name }, 'beheer: uitkomst testgeval overgenomen');
    return reply.code(204).send();
  });

  app.delete<{ Params: Params }>('/api/beheer/flows/:flowId/testgevallen/:name', { preValidation: editor }, async (request, reply) => {
    const { flowId, name } = request.params;
    const found = await findCase(flowId, name);
    if (found.source === 'beheer') await store.deleteFixture(flowId, name);
    else if (found.adjustment) await forgetAdjustment(flowId, name);
    else throw notFound('Dit testgeval is niet in het beheer toegevoegd of aangepast.');
    return reply.code(204).send();
  });

  app.delete<{ Params: Params }>('/api/beheer/flows/:flowId/testgevallen/:name/aanpassing', { preValidation: editor }, async (request, reply) => {
    const { flowId, name } = request.params;
    await findCase(flowId, name);
    await forgetAdjustment(flowId, name);
    return reply.code(204).send();
  });

  app.get<{ Params: Params }>('/api/beheer/flows/:flowId/testgevallen/:name/bestand', { preValidation: reader }, async (request, reply) => {
    const { flowId, name } = request.params;
    if (!NAME.test(name)) throw notFound('Dit testgeval bestaat niet.');
    const found = await findCase(flowId, name);
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Type', 'application/json; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${name}"`);
    return fixtureFileText(found.fixture);
  });
}
