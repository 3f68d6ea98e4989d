/**
 * The back office's calls to /api/beheer, on the portal's one HTTP client (CSRF header included).
 * A refused call becomes a BeheerError with the server's Dutch message and error codes.
 */
import { HTTPError } from 'ky';
import { api, post } from '../api/client';

export interface BeheerUser {
  naam: string;
  rollen: ('redacteur' | 'publicist' | 'beheerder')[];
  vorigeLogin: string | null;
  lokaal: boolean;
  tweedeFactor: boolean;
}

export interface SessionAnswer {
  gebruiker: BeheerUser;
  sessie: { ttl: number; popup?: number };
  vierOgen?: boolean;
}

export interface FlowRow {
  id: string;
  title: string;
  scenarios: string[];
  example: boolean;
  version: number;
  publishedAt: string | null;
  draft: { updatedAt: string; updatedBy: string; approved: boolean } | null;
  fixtures: { total: number; failed: number };
}

export interface HistoryEntry {
  at: string;
  actor: string;
  action: string;
  version: number | null;
  note: string | null;
}

export class BeheerError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly codes: string[],
  ) {
    super(message);
  }
}

const FALLBACK = 'Er is een technische fout opgetreden. Probeer het later opnieuw.';

async function refusal(error: unknown): Promise<never> {
  if (error instanceof HTTPError) {
    const body = (await error.response.json().catch(() => undefined)) as { detail?: string; errors?: { code?: string }[] } | undefined;
    throw new BeheerError(error.response.status, body?.detail ?? FALLBACK, (body?.errors ?? []).map((item) => item.code ?? ''));
  }
  throw new BeheerError(0, 'De server is niet bereikbaar. Controleer uw verbinding en probeer het opnieuw.', []);
}

async function get<T>(path: string): Promise<T> {
  return api.get(`beheer/${path}`, { cache: 'no-store' }).json<T>().catch(refusal);
}

async function send<T>(path: string, json: unknown): Promise<T> {
  const response = await post(`beheer/${path}`, { json }).catch(refusal);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export const beheerApi = {
  session: () => get<SessionAnswer>('sessie'),
  signInOptions: () => get<{ oidc: boolean }>('inloggen'),
  signIn: (email: string, wachtwoord: string, code?: string) => send<SessionAnswer>('inloggen', { email, wachtwoord, ...(code ? { code } : {}) }),
  signOut: () => send<void>('uitloggen', {}),
  flows: () => get<{ flows: FlowRow[] }>('flows'),
  history: (flowId: string) => get<{ flowId: string; title: string; history: HistoryEntry[] }>(`flows/${encodeURIComponent(flowId)}/geschiedenis`),
};
