/**
 * Idempotent submits: an upload, a final submit or feedback sent with an `Idempotency-Key` header
 * is stored once, however often it is sent. The browser makes one key per attempt and sends it
 * again when it retries that same request (after a lost answer, a network error):
 *
 * - the key is claimed for this attempt before the request is worked on; while another attempt
 *   holds it, the answer is 409 (UREQ-09) — it is still being worked on;
 * - the claim is completed in the transaction that stores the submission, with a hash of the
 *   request and the answer (storage/idempotencyKeys.ts), so a stored submission always has its
 *   answer and an answer always its submission;
 * - a retry of the same request gets that same answer (same kenmerk, same status) and nothing is
 *   stored again; the same key with another request is refused with 422;
 * - an attempt that stores nothing (refused, failed, cut off) gives the key up, so its retry runs
 *   the checks again. A claim names its process (shared/thisProcess.ts) and the process renews its
 *   claims every HEARTBEAT_MS while their requests run. A claim left by a process that died is
 *   taken over at once when that process ran on this machine (it is known to be gone), otherwise
 *   once it was not renewed for STALE_CLAIM_MS; the attempt it was taken from can then no longer
 *   complete it (nothing stored, 409).
 *
 * Without the header everything works as before. Keys are forgotten a day after their first use.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, CODES } from './errors';
import { IdempotencyClaimLost, type IdempotentWrite, type Storage } from './storage';
import { processGone, PROCESS_TAG } from './shared/thisProcess';
import type { KenmerkAnswer } from '../shared/submission';

/** A UUID or another random token of 16 to 64 letters, digits, '-' and '_'. */
const KEY_FORM = /^[A-Za-z0-9_-]{16,64}$/;
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
/** How often a process renews the claims its requests hold. */
export const HEARTBEAT_MS = 10_000;
/** A claim not renewed for this long belongs to a process that stopped: it may be taken over. */
export const STALE_CLAIM_MS = 30_000;

/** A claim's owner: this process's tag and one attempt's id. */
function newOwner(): string {
  return `${PROCESS_TAG}:${randomUUID()}`;
}

/** Whether the process that made this claim is known to have ended. */
export function claimOwnerGone(owner: string): boolean {
  const separator = owner.indexOf(':');
  return separator > 0 && processGone(owner.slice(0, separator));
}

/** What a running process needs to renew its claims: how many requests hold one, per storage. */
const renewals = new Map<Storage, { held: number; stop: () => void }>();

/** What renews the claims every HEARTBEAT_MS; tests pass their own to renew when they choose. */
export type Heartbeat = (beat: () => Promise<void>, everyMs: number) => () => void;

const everyInterval: Heartbeat = (beat, everyMs) => {
  const timer = setInterval(() => void beat(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
};
let heartbeat: Heartbeat = everyInterval;

/** Replaces the heartbeat's timer (tests); answers the one it replaced. */
export function useHeartbeat(next: Heartbeat): Heartbeat {
  const previous = heartbeat;
  heartbeat = next;
  return previous;
}

/** Keeps this process's claims in `storage` renewed while the returned function has not been called. */
function holdClaims(storage: Storage): () => void {
  let renewal = renewals.get(storage);
  if (!renewal) {
    // A renewal that fails (the database away) is tried at the next beat; a claim not renewed for
    // STALE_CLAIM_MS may be taken over, and its attempt then stores nothing.
    const stop = heartbeat(
      () =>
        storage.refreshIdempotencyClaims(`${PROCESS_TAG}:`, new Date()).then(
          () => undefined,
          () => undefined,
        ),
      HEARTBEAT_MS,
    );
    renewal = { held: 0, stop };
    renewals.set(storage, renewal);
  }
  const current = renewal;
  current.held += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    current.held -= 1;
    if (current.held === 0) {
      current.stop();
      renewals.delete(storage);
    }
  };
}

export interface Answer {
  status: number;
  body: unknown;
}

/** The answer of a stored submission (upload or final submit): its kenmerk. */
export function kenmerkAnswer(stored: { kenmerk: string }): Answer {
  return { status: 200, body: { kenmerk: stored.kenmerk } satisfies KenmerkAnswer };
}

function keyError(status: 400 | 409 | 422, detail: string): ApiError {
  const code = status === 400 ? CODES.malformed : CODES.idempotencyConflict;
  return new ApiError(status, detail, [{ code, extraInfo: ['Idempotency-Key'] }]);
}

/** The request's Idempotency-Key, when it has one of a valid form (400 otherwise). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_FORM.test(value)) throw keyError(400, 'De sleutel van dit verzoek (Idempotency-Key) heeft niet de juiste vorm.');
  return value;
}

/** One attempt holding (or answered under) its key. */
export class IdempotentRequest {
  #requestHash: string | undefined;

  constructor(
    private readonly key: string,
    private readonly owner: string,
    private readonly request: FastifyRequest,
    private readonly previous?: { requestHash: string; status: number; body: string },
  ) {}

  /**
   * Names the request by what makes it this request — method, URL, and `parts` (its body, as read)
   * — and answers the answer given before to this same request, or undefined when there was none;
   * another request under the key is refused (422).
   */
  identify(parts: unknown): Answer | undefined {
    const requestHash = createHash('sha256')
      .update(JSON.stringify([this.request.method, this.request.url, parts]))
      .digest('hex');
    this.#requestHash = requestHash;
    if (!this.previous) return undefined;
    if (this.previous.requestHash !== requestHash)
      throw keyError(422, 'Deze sleutel (Idempotency-Key) is al gebruikt voor een ander verzoek. Verstuur het verzoek opnieuw.');
    return { status: this.previous.status, body: JSON.parse(this.previous.body) as unknown };
  }

  /** What the storage completes the key with, in the transaction that stores the identified request. */
  write<T>(answer: (stored: T) => Answer): IdempotentWrite<T> {
    if (this.previous || this.#requestHash === undefined) throw new Error('only an identified request that was not answered before is written');
    return { key: this.key, owner: this.owner, requestHash: this.#requestHash, answer };
  }
}

/**
 * Runs a submit under its Idempotency-Key when it has one (`run` gets the attempt, or undefined
 * without a key) and sends the answer `run` gives. See the module comment for what a key does.
 */
export async function sendIdempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  run: (idempotent: IdempotentRequest | undefined) => Promise<Answer>,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) {
    const answer = await run(undefined);
    return reply.code(answer.status).send(answer.body);
  }
  const owner = newOwner();
  const now = new Date();
  const claim = await storage.claimIdempotencyKey(key, owner, now, new Date(now.getTime() - STALE_CLAIM_MS), claimOwnerGone);
  const inFlight = () => {
    // The request's body may be unread: the connection is not reused.
    reply.header('Connection', 'close');
    return keyError(409, 'Dit verzoek wordt nog verwerkt. Wacht even en probeer het daarna opnieuw.');
  };
  if (claim.state === 'pending') throw inFlight();
  const attempt = new IdempotentRequest(key, owner, request, claim.state === 'done' ? claim : undefined);
  const release = claim.state === 'claimed' ? holdClaims(storage) : () => undefined;
  try {
    const answer = await run(attempt);
    if (claim.state === 'done') reply.header('Idempotent-Replayed', 'true');
    return reply.code(answer.status).header('Cache-Control', 'no-store').send(answer.body);
  } catch (error) {
    if (claim.state === 'claimed') await storage.releaseIdempotencyKey(key, owner).catch(() => undefined);
    if (error instanceof IdempotencyClaimLost) throw inFlight();
    throw error;
  } finally {
    release();
  }
}
