/** The session calls of doc 2 §7: keepalive (`{ session: { ttl } }`) and logging out. */
import { getJson, post } from '../../api/client';
import type { KeepaliveAnswer } from '../../shared/session';

/** ky's prefixUrl is /api/; the configured keepalive URL is a full path. */
function apiPath(url: string): string {
  return url.replace(/^\/api\//, '');
}

/** Calls the keepalive URL; with `extend` the session is extended (`?keepalive=true`). Resolves to the ttl in seconds. */
export async function keepalive(url: string, extend: boolean): Promise<number> {
  // Checked as it arrives: the answer's shape is the server's, its values are not trusted.
  const answer = await getJson<Partial<KeepaliveAnswer>>(apiPath(url), { searchParams: extend ? { keepalive: 'true' } : undefined, cache: 'no-store' });
  const ttl = answer.session?.ttl;
  if (typeof ttl !== 'number' || !Number.isFinite(ttl)) throw new Error('Ongeldig antwoord van keepalive');
  return Math.max(0, ttl);
}

/** Ends the session on the server (removes its cookie). */
export async function logout(): Promise<void> {
  await post('uitloggen');
}
