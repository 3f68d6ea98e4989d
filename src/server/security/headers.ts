/**
 * Security headers with a strict Content-Security-Policy: scripts and styles only from our own
 * origin, never inline code or eval (validators are precompiled). The headers are helmet's, worked
 * out once at start-up (helmet itself would build them again for every request) and set on every
 * answer by one hook.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
} as const;

/** The headers helmet sets with the portal's settings, read off one run of its middleware. */
export function securityHeaders(production: boolean): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CSP_DIRECTIVES, upgradeInsecureRequests: production ? [] : null },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  let done = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Sets the security headers on every answer of `app` (its errors and 404s included). */
export async function registerSecurityHeaders(app: FastifyInstance, production: boolean): Promise<void> {
  // Named in lower case, as Fastify keeps header names: it then has no new name to make per header and answer.
  const headers = Object.fromEntries(Object.entries(securityHeaders(production)).map(([name, value]) => [name.toLowerCase(), value]));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
