/**
 * Security headers with a strict Content-Security-Policy: scripts and styles only from our own
 * origin, never inline code or eval (validators are precompiled). The headers are helmet's, worked
 * out once at start-up (helmet itself would build them again for every request) and set on every
 * answer by one hook. No X-Frame-Options: the policy's `frame-ancestors 'none'`, on every answer,
 * says the same to every browser that matters and wins where both are given. The portal uses no
 * device or payment feature of the browser: a Permissions-Policy switches them off, also for
 * anything that might ever be embedded. An error answer is never stored by a cache.
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

/** The browser features no page of the portal may use (each with an empty allow list). */
export const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ');

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
    xFrameOptions: false,
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
  headers['Permissions-Policy'] = PERMISSIONS_POLICY;
  return headers;
}

/** The security headers named in lower case, as Fastify keeps header names: it then has no new name to make per header and answer. */
export function answerHeaders(production: boolean): Record<string, string> {
  return Object.fromEntries(Object.entries(securityHeaders(production)).map(([name, value]) => [name.toLowerCase(), value]));
}

/** Sets `headers` (from {@link answerHeaders}) on every answer of `app` (its errors and 404s included). */
export async function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): Promise<void> {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Whatever answered with an error (a route, the error handler, a plugin), nothing keeps the answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode >= 400) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
