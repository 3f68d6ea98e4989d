/**
 * One Idempotency-Key per attempt at sending a submit (an upload, a final submit, feedback): made
 * when the applicant sends, and sent again with that same request when it goes out once more after
 * its answer was lost — a network error, a cancelled or timed-out transfer, a server that was still
 * busy with it (409) or unavailable — so the server stores it once and answers with the same
 * kenmerk. A final answer (stored, or refused for its content) ends the attempt, and a request with
 * other content is another attempt with a new key. The open attempts are kept with the tab's data
(sessionStorage), so the same request sent after a reload still carries its key. (The HTTP client retries nothing by itself:
 * `retry: 0` in client.ts; its one resend with a renewed security token carries the same headers.)
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A random key of 32 hex digits (crypto.getRandomValues works on every page; randomUUID only on secure ones). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether an answer leaves the request unsettled, so that sending it again must reuse its key (undefined: no answer). */
export function answerIsLost(status: number | undefined): boolean {
  return status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Where the open attempts are kept: the tab's sessionStorage, so a reload sends a lost request again under its key. */
export interface AttemptStore {
  read(): Record<string, OpenAttempt>;
  write(open: Record<string, OpenAttempt>): void;
}

/** An attempt whose answer is still out: a short digest of its request, and its key. */
export interface OpenAttempt {
  fingerprint: string;
  key: string;
}

const ATTEMPTS_KEY = 'portal.attempts';

/** The attempts kept in this tab's sessionStorage (in memory where there is none). */
export function sessionAttemptStore(): AttemptStore {
  let fallback: Record<string, OpenAttempt> = {};
  return {
    read: () => {
      try {
        const parsed: unknown = JSON.parse(sessionStorage.getItem(ATTEMPTS_KEY) ?? '{}');
        return parsed && typeof parsed === 'object' ? (parsed as Record<string, OpenAttempt>) : {};
      } catch {
        return fallback;
      }
    },
    write: (open) => {
      try {
        if (Object.keys(open).length === 0) sessionStorage.removeItem(ATTEMPTS_KEY);
        else sessionStorage.setItem(ATTEMPTS_KEY, JSON.stringify(open));
      } catch {
        fallback = open;
      }
    },
  };
}

/** Removes the open attempts of this tab (with the rest of the applicant's data, e.g. on logging out). */
export function forgetAttempts(): void {
  sessionAttemptStore().write({});
}

/**
 * A short digest of a request (FNV-1a, two 32-bit halves): the tab keeps this instead of the answers
 * themselves, which is enough to tell the same request from another.
 */
export function digest(text: string): string {
  let low = 0x811c9dc5;
  let high = 0xcbf29ce4;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    low = Math.imul(low ^ code, 0x01000193) >>> 0;
    high = Math.imul(high ^ code ^ (low >>> 24), 0x01000193) >>> 0;
  }
  return `${text.length.toString(36)}-${high.toString(16).padStart(8, '0')}${low.toString(16).padStart(8, '0')}`;
}

function memoryStore(): AttemptStore {
  let open: Record<string, OpenAttempt> = {};
  return { read: () => open, write: (next) => (open = next) };
}

/** The open attempt of each channel (a submit URL): its request's fingerprint and key. */
export class AttemptKeys {
  constructor(
    private readonly makeKey: () => string = newIdempotencyKey,
    private readonly store: AttemptStore = memoryStore(),
  ) {}

  /** The key for sending the request `fingerprint` on `channel`: the open attempt's when it is the same request, else a new one. */
  keyFor(channel: string, fingerprint: string): string {
    const open = this.store.read();
    const sent = digest(fingerprint);
    const current = open[channel];
    if (current?.fingerprint === sent && typeof current.key === 'string') return current.key;
    const key = this.makeKey();
    this.store.write({ ...open, [channel]: { fingerprint: sent, key } });
    return key;
  }

  /** After the attempt: a final answer ends it; a lost one (see answerIsLost) keeps its key for sending it again. */
  settle(channel: string, status: number | undefined): void {
    if (answerIsLost(status)) return;
    const open = { ...this.store.read() };
    delete open[channel];
    this.store.write(open);
  }
}

/** The attempts of this tab. */
export const attemptKeys = new AttemptKeys(newIdempotencyKey, sessionAttemptStore());
