/** `GET /api/config`: the public settings the portal shell needs (environment, links by scenario). */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

export function registerConfigRoute(app: FastifyInstance, config: ServerConfig): void {
  app.get('/api/config', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return {
      environment: config.environment,
      applicationName: config.applicationName,
      links: config.links,
      externalPassRequestUrl: config.externalPassRequestUrl,
    };
  });
  app.get('/api/health', async () => ({ status: 'ok' }));
}
