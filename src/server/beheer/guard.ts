/**
 * The door of every /api/beheer call: without a valid session 401, without the role the call needs
 * 403, both with the portal's error body. The session is handed to the handler on the request.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { ApiError, CODES } from '../errors';
import type { BeheerRole, BeheerSession, BeheerStore } from '../storage';
import { currentSession } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in administrator, set by the back office's guard. */
    beheerSession?: BeheerSession;
  }
}

export const NOT_SIGNED_IN = () => new ApiError(401, 'U bent niet (meer) ingelogd. Log opnieuw in.', [{ code: CODES.notSignedIn, extraInfo: [] }]);

/** A preValidation hook (before the body is checked: who may not call learns nothing of it) that lets a signed-in user through, and only with one of `roles` when given. */
export function requireSession(store: BeheerStore, config: ServerConfig, roles?: readonly BeheerRole[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const session = await currentSession(request, store, config);
    if (!session) throw NOT_SIGNED_IN();
    if (roles && !roles.some((role) => session.roles.includes(role))) {
      throw new ApiError(403, 'U heeft geen toegang tot deze functie.', [{ code: CODES.noRole, extraInfo: roles.map(String) }]);
    }
    request.beheerSession = session;
  };
}

/** The session a guarded handler runs with. */
export function sessionOf(request: FastifyRequest): BeheerSession {
  if (!request.beheerSession) throw NOT_SIGNED_IN();
  return request.beheerSession;
}
