/**
 * The shape of what an address carries, checked before any handler (and so any SQL) sees it.
 * Every path parameter has a shape by its name; a route with a parameter this module does not know
 * is refused when it is added, so a new route cannot skip the check. A value of the wrong shape (a
 * NUL, a number beyond what a database column holds) means nothing on that address: 404 with the
 * error body. A query value with a control character is refused with 400, as body text is.
 */
import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import { ApiError, CODES } from '../errors';
import { controlCharactersError, hasControlCharacters } from '../security/text';

/** The largest whole number every engine's integer column holds (PostgreSQL `integer`). */
export const DATABASE_INTEGER_MAX = 2_147_483_647;

/** A flow's id, as the meta-schema has it. */
const FLOW_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Flow ids and UUIDs (accounts, earlier saves of a draft). */
const ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export const PARAMETER_SHAPES: Readonly<Record<string, RegExp>> = {
  flowPath: FLOW_ID,
  flowId: FLOW_ID,
  id: ID,
  hash: /^[A-Za-z0-9]+$/,
  step: /^[A-Za-z0-9_-]+$/,
  file: NAME,
  name: NAME,
  // Whole numbers from 1 up to nine digits: always within DATABASE_INTEGER_MAX.
  version: /^[1-9][0-9]{0,8}$/,
};

export const WRONG_ADDRESS_MESSAGE = 'Wat bij dit adres hoort, bestaat niet. Controleer het adres.';

/** The names of the path parameters of a route pattern (`/a/:flowId/b/:step.js` -> flowId, step). */
export function parameterNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
}

const checkQuery: onRequestHookHandler = (request, _reply, done) => {
  if (!request.url.includes('?')) {
    done();
    return;
  }
  for (const [name, value] of Object.entries(request.query as Record<string, unknown>)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((item) => typeof item === 'string' && hasControlCharacters(item))) {
      done(controlCharactersError(name));
      return;
    }
  }
  done();
};

function parameterCheck(names: string[]): onRequestHookHandler {
  const shapes = names.map((name) => [name, PARAMETER_SHAPES[name]] as const);
  return (request, _reply, done) => {
    const params = request.params as Record<string, string | undefined>;
    for (const [name, shape] of shapes) {
      if (!shape.test(params[name] ?? '')) {
        done(new ApiError(404, WRONG_ADDRESS_MESSAGE, [{ code: CODES.notFound, extraInfo: [] }]));
        return;
      }
    }
    done();
  };
}

/** Adds the checks to every route added to `app` (and its scopes) from now on. */
export function checkRequestShapes(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const names = parameterNames(route.url);
    const unknown = names.filter((name) => !Object.hasOwn(PARAMETER_SHAPES, name));
    if (unknown.length > 0) throw new Error(`Route ${route.url}: path parameter without a shape in requestShape.ts: ${unknown.join(', ')}`);
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [...(names.length > 0 ? [parameterCheck(names)] : []), checkQuery, ...own];
  });
}
