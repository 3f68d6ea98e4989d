/** `GET /api/instellingen` (formerly `/api/config`): the public settings the portal shell needs (environment, links by scenario, session timeout). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { KEEPALIVE_PATH } from './session';
import { FREEPOST } from '../confirmation/texts';
import { withFormerNames } from '../routeNames';
import type { PortalConfig } from '../../shared/portalConfig';

/** The public settings, as `GET /api/instellingen` answers them and the pages carry them. */
export function publicConfig(config: ServerConfig): PortalConfig {
  return {
    environment: config.environment,
    ...(config.customApplicationName ? { applicationName: config.customApplicationName } : {}),
    links: config.links,
    externalPassRequestUrl: config.externalPassRequestUrl,
    freepostAddress: FREEPOST,
    saving: { days: config.saving.days, mail: config.saving.mail !== undefined },
    session: {
      keepaliveUrl: KEEPALIVE_PATH,
      popupSeconds: config.session.popupSeconds,
      logoutUrl: config.session.logoutUrl,
      keepaliveOnRouteChange: config.session.keepaliveOnRouteChange,
    },
  };
}

export function registerConfigRoute(app: FastifyInstance, config: ServerConfig): void {
  const answer = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache');
    return publicConfig(config);
  };
  for (const url of withFormerNames('GET', '/api/instellingen')) app.get(url, answer);
}
