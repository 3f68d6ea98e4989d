/**
 * Ends an upload whose sender stalls or crawls. Together with the upload slots (semaphore.ts) this
 * keeps a few slow or silent connections from holding the server's upload capacity:
 *
 * - A slot is taken only while a chunk that has arrived is hashed and written, or while a finished
 *   file's content is checked (readMultipart.ts) — never while the server waits for the sender. A
 *   sender that goes silent holds no slot, so the other uploads go on at once.
 * - This watch ends the request itself once the sender sent nothing for `idleMs`, or, after a first
 *   window of `windowMs`, sent less than `minBytesPerSecond` on average over the last window
 *   (a trickle of 10 bytes every 2 s). The upload is then answered 408 with the error body, its
 *   temporary files removed and nothing stored.
 *
 * Only the sender's time counts: while the server is busy with a chunk (writing, waiting for a
 * slot, checking a file) the socket is paused by us, so that time is neither idle nor slow. Bytes
 * are counted on the socket (`bytesRead`), so nothing is added to the request stream itself.
 */
import type { IncomingMessage } from 'node:http';
import { ApiError, CODES } from '../errors';

export interface BodyPace {
  /** Longest silence of the sender while the server waits for bytes. */
  idleMs: number;
  /** Least average rate over the last window, once a whole window has passed. */
  minBytesPerSecond: number;
  windowMs: number;
}

/** How often the watch looks at the socket. */
const TICK_MS = 250;

export function timedOut(): ApiError {
  return new ApiError(408, 'Het versturen duurde te lang of is stil blijven staan. Probeer het opnieuw.', [{ code: CODES.timedOut, extraInfo: [] }]);
}

export class BodyWatch {
  /** Aborted (with the 408 ApiError as its reason) when the sender stalls or crawls. */
  readonly signal: AbortSignal;
  readonly #controller = new AbortController();
  readonly #timer: NodeJS.Timeout;
  #busy = 0;
  /** The sender's time: advances only while the server waits for bytes. */
  #senderMs = 0;
  #lastByteMs = 0;
  #lastRead: number;
  /** Bytes that came in each tick of the sender's time, newest last (one window's worth). */
  readonly #ticks: { at: number; bytes: number }[] = [];

  constructor(
    private readonly request: IncomingMessage,
    private readonly pace: BodyPace,
  ) {
    this.signal = this.#controller.signal;
    this.#lastRead = request.socket?.bytesRead ?? 0;
    this.#timer = setInterval(() => this.#tick(), TICK_MS);
    this.#timer.unref();
  }

  /** Runs server-side work on the upload; its time is not the sender's. */
  async busy<T>(work: () => Promise<T>): Promise<T> {
    this.#busy += 1;
    try {
      return await work();
    } finally {
      this.#busy -= 1;
      // The socket was paused by us: the sender's silence starts again from here.
      if (this.#busy === 0) this.#lastByteMs = this.#senderMs;
    }
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  #tick(): void {
    // The whole body is in (what remains is ours), or the request is gone already.
    if (this.request.complete || this.request.destroyed) return this.stop();
    // Bytes that come in while the server is busy count in the first tick after.
    if (this.#busy > 0) return;
    const read = this.request.socket?.bytesRead ?? this.#lastRead;
    const bytes = read - this.#lastRead;
    this.#lastRead = read;
    this.#senderMs += TICK_MS;
    if (bytes > 0) this.#lastByteMs = this.#senderMs;
    this.#ticks.push({ at: this.#senderMs, bytes });
    while (this.#ticks.length > 0 && this.#ticks[0].at <= this.#senderMs - this.pace.windowMs) this.#ticks.shift();
    const idle = this.#senderMs - this.#lastByteMs >= this.pace.idleMs;
    const inWindow = this.#ticks.reduce((total, tick) => total + tick.bytes, 0);
    const slow = this.#senderMs >= this.pace.windowMs && inWindow < (this.pace.minBytesPerSecond * this.pace.windowMs) / 1000;
    if (idle || slow) {
      this.stop();
      this.#controller.abort(timedOut());
    }
  }
}
