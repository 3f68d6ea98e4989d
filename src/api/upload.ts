/**
 * Sending a multipart form with the bytes counted as they leave: fetch cannot report upload
 * progress, XMLHttpRequest can. There is no time limit on the transfer itself (a large file on a slow
 * line takes as long as it takes; a stalled connection is the server's to end), and the applicant
 * can cancel it. The security token is echoed as in every state-changing call, and a stale token is
 * renewed once, as `post` does.
 */
import { readCookie, refusesToken, XSRF_COOKIE, XSRF_HEADER } from './client';

/** How far a transfer has come: bytes of the whole request body. */
export interface TransferProgress {
  loaded: number;
  total: number;
}

/** What came of a transfer. */
export type TransferResult = { kind: 'answered'; status: number; body: unknown } | { kind: 'network' } | { kind: 'cancelled' };

export interface TransferOptions {
  headers?: Record<string, string>;
  onProgress?: (progress: TransferProgress) => void;
  signal?: AbortSignal;
}

function parseBody(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function sendOnce(url: string, form: FormData, options: TransferOptions): Promise<TransferResult> {
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      resolve({ kind: 'cancelled' });
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setRequestHeader(name, value);
    const token = readCookie(XSRF_COOKIE);
    if (token) request.setRequestHeader(XSRF_HEADER, token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    const onAbort = () => request.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (result: TransferResult) => {
      options.signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    request.onload = () => settle({ kind: 'answered', status: request.status, body: parseBody(request.responseText) });
    request.onerror = () => settle({ kind: 'network' });
    request.onabort = () => settle({ kind: 'cancelled' });
    request.send(form);
  });
}

function isCsrfRefusal(result: TransferResult): boolean {
  return result.kind === 'answered' && refusesToken(result.status, result.body);
}

/** Sends `form` to `url` (a full path, e.g. /api/aanleveren-documenten/upload). */
export async function sendForm(url: string, form: FormData, options: TransferOptions = {}): Promise<TransferResult> {
  const result = await sendOnce(url, form, options);
  return isCsrfRefusal(result) ? sendOnce(url, form, options) : result;
}
