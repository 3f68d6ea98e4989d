/**
 * Serves the built portal: hashed assets from dist/client, beheer.html for the back office (/beheer
 * and below), and index.html for every other page path (client-side routes), setting the readable
 * XSRF-TOKEN cookie when a page is served. The old pass-request path redirects to the external page
 * before the client even loads.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isLang, LANG_COOKIE } from '../../../renderer/core/i18n';
import { pageBoot, widgetChunks, withBoot, type BootSources } from '../boot/pageBoot';
import type { ServerConfig } from '../config';
import { ApiError, CODES } from '../errors';
import type { FlowRegistry } from '../flows/registry';
import { EncodedCache, encodeBody, sendEncoded } from '../http/encoded';
import { allowedMethods, edgeError } from '../http/edgeErrors';
import { renewTokenIfForeign, XSRF_COOKIE } from '../security/csrf';
import { listsAnswer } from './baseData';
import { publicConfig } from './config';
import { flowAnswer, indexAnswer } from './flows';

const EXTERNAL_REDIRECT = /^\/uzi\/aanvraag-servercertificaat(\/|$)/i;
const BEHEER_PAGE = /^\/beheer(\/|$)/;

function readPage(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** `limit` counts the requests the not-found handler answers (pages, unknown addresses) per client. */
export async function registerSpa(app: FastifyInstance, config: ServerConfig, registry: FlowRegistry, limit: preHandlerAsyncHookHandler): Promise<void> {
  const indexHtml = readPage(path.join(config.clientDir, 'index.html'));
  const boot: BootSources = {
    registry,
    config: JSON.stringify(publicConfig(config)),
    index: (lang) => indexAnswer(registry, lang),
    flowAnswer,
    lists: (version, lang) => (version.content.documents.nl.baseData ? listsAnswer(version.content.lists[lang]).identity.toString('utf8') : undefined),
    chunks: widgetChunks(config.rootDir, config.clientDir),
  };
  // A page is the same for everyone on the same address while the published versions stay the same
  // (the session's token travels in a cookie header, not in the page): made and compressed once.
  const pages = new EncodedCache();
  const beheerHtml = readPage(path.join(config.clientDir, 'beheer.html'));
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build writes a brotli and a gzip copy of every script and stylesheet (scripts/compressAssets.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  /**
   * The back office's code editor (CodeMirror) writes its styles into a <style> element at run time.
   * Rather than allowing inline styles, the back-office page gets a fresh nonce per response: only
   * style elements carrying it apply (scripts stay 'self' only). The page hands it to the editor in
   * a meta element.
   */
  const serveBeheer = (request: FastifyRequest, reply: FastifyReply) => {
    if (!beheerHtml) return servePage(request, reply, beheerHtml);
    const nonce = randomBytes(16).toString('base64');
    const policy = String(reply.getHeader('content-security-policy') ?? '');
    reply.header('Content-Security-Policy', policy.replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`));
    return servePage(request, reply, beheerHtml.replace('</head>', `<meta name="csp-nonce" content="${nonce}"></head>`));
  };

  const servePage = (request: FastifyRequest, reply: FastifyReply, html: string | undefined) => {
    renewTokenIfForeign(request.cookies[XSRF_COOKIE], reply, config.csrfSecret, config.secureCookies);
    reply.header('Cache-Control', 'no-store');
    if (!html) {
      return reply.code(503).type('text/plain; charset=utf-8').send('De portaalbestanden zijn niet gebouwd: voer eerst `npm run build` uit.');
    }
    return reply.type('text/html; charset=utf-8').send(html);
  };

  /** A portal page with what it needs inline and its step's code preloaded (boot/pageBoot.ts). */
  const servePortalPage = (request: FastifyRequest, reply: FastifyReply, url: string) => {
    if (!indexHtml) return servePage(request, reply, indexHtml);
    renewTokenIfForeign(request.cookies[XSRF_COOKIE], reply, config.csrfSecret, config.secureCookies);
    reply.header('Cache-Control', 'no-store');
    const chosen = request.cookies[LANG_COOKIE];
    const page = pageBoot(url, boot, isLang(chosen) ? { lang: chosen, chosen: true } : undefined);
    const body = pages.get(boot.index('nl'), page.key, () => encodeBody(withBoot(indexHtml, page), 'text/html; charset=utf-8'));
    return sendEncoded(request, reply, body);
  };

  app.setNotFoundHandler({ preHandler: limit }, (request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api') {
      // A route that exists with another method: 405 with the methods it has.
      const allowed = allowedMethods(app, url);
      if (allowed.length > 0) {
        reply.header('Allow', allowed.join(', '));
        throw edgeError(405);
      }
      throw new ApiError(404, 'Deze functie bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new ApiError(404, 'Deze pagina bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
    }
    if (EXTERNAL_REDIRECT.test(url)) return reply.redirect(config.externalPassRequestUrl, 302);
    if (BEHEER_PAGE.test(url)) return serveBeheer(request, reply);
    return servePortalPage(request, reply, url);
  });
}
