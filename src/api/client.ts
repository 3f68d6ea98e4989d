/**
 * The one HTTP client of the portal. Every state-changing call echoes the XSRF-TOKEN cookie in the
 * X-XSRF-TOKEN header (the double-submit convention of the original portal).
 */
import type { HTTPError, KyInstance, KyResponse, Options } from 'ky';
import { XSRF_COOKIE, XSRF_HEADER } from '../shared/csrf';

export { XSRF_COOKIE, XSRF_HEADER };

/** Reads a cookie the server made readable for the page. */
export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

let made: Promise<KyInstance> | undefined;

/**
 * The client, loaded with the first call: a step whose data came inline with the page sends no
 * call before it is shown, so its first script does not carry the client.
 */
function client(): Promise<KyInstance> {
  made ??= import('ky').then(({ default: ky }) =>
    ky.create({
      prefixUrl: '/api/',
      credentials: 'same-origin',
      retry: 0,
      timeout: 60_000,
      hooks: {
        beforeRequest: [
          (request) => {
            if (request.method !== 'GET' && request.method !== 'HEAD') {
              const token = readCookie(XSRF_COOKIE);
              if (token) request.headers.set(XSRF_HEADER, token);
            }
          },
        ],
      },
    }),
  );
  made.catch(() => {
    made = undefined;
  });
  return made;
}

/** A GET whose answer is JSON. */
export async function getJson<T>(url: string, options?: Options): Promise<T> {
  return (await client()).get(url, options).json<T>();
}

/** Whether a call failed with an answer (any status outside 2xx), as opposed to no connection. */
export function isHttpError(error: unknown): error is HTTPError {
  return error instanceof Error && error.name === 'HTTPError' && 'response' in error;
}

/** Error code of a refused security token (doc 2 §3 error body). */
const CSRF_REFUSED = 'UCSRF-01';

/** Whether an answer refuses the page's security token (403 with UCSRF-01): the one test for every client. */
export function refusesToken(status: number, body: unknown): boolean {
  const errors = status === 403 ? ((body as { errors?: { code?: string }[] } | undefined)?.errors ?? []) : [];
  return errors.some((item) => item.code === CSRF_REFUSED);
}

async function isCsrfRefusal(error: unknown): Promise<boolean> {
  if (!isHttpError(error)) return false;
  try {
    return refusesToken(error.response.status, await error.response.clone().json());
  } catch {
    return false;
  }
}

/**
 * A state-changing call (POST unless `options.method` says PUT or DELETE). When the security token
 * the page holds is stale (the server refuses it and hands out a fresh one in the same answer), the
 * call is sent once more with the fresh token; a second refusal is the caller's to report.
 */
export async function post(url: string, options: Options = {}): Promise<KyResponse> {
  const send = async () => (await client())(url, { method: 'post', ...options });
  try {
    return await send();
  } catch (error) {
    if (await isCsrfRefusal(error)) return send();
    throw error;
  }
}

/** Public portal settings served by `GET /api/instellingen` (declared with the server's). */
export type { PortalConfig, SessionSettings } from '../shared/portalConfig';
