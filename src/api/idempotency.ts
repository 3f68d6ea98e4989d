/**
 * One Idempotency-Key per attempt at sending a submit (an upload, a final submit, feedback): made
 * when the applicant sends, and sent again with that same request when it goes out once more after
 * its answer was lost — a network error, a cancelled or timed-out transfer, a server that was still
 * busy with it (409) or unavailable — so the server stores it once and answers with the same
 * kenmerk. A final answer (stored, or refused for its content) ends the attempt, and a request with
 * other content is another attempt with a new key. (The HTTP client retries nothing by itself:
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

/** The open attempt of each channel (a submit URL): its request's fingerprint and key. */
export class AttemptKeys {
  readonly #open = new Map<string, { fingerprint: string; key: string }>();

  constructor(private readonly makeKey: () => string = newIdempotencyKey) {}

  /** The key for sending the request `fingerprint` on `channel`: the open attempt's when it is the same request, else a new one. */
  keyFor(channel: string, fingerprint: string): string {
    const open = this.#open.get(channel);
    if (open?.fingerprint === fingerprint) return open.key;
    const key = this.makeKey();
    this.#open.set(channel, { fingerprint, key });
    return key;
  }

  /** After the attempt: a final answer ends it; a lost one (see answerIsLost) keeps its key for sending it again. */
  settle(channel: string, status: number | undefined): void {
    if (!answerIsLost(status)) this.#open.delete(channel);
  }
}

/** The attempts of this page. */
export const attemptKeys = new AttemptKeys();
