/**
 * The session timeout's clock (doc 2 §4 'Session timeout'), free of React so it can be tested with
 * fake timers. After each keepalive it waits ttl minus the popup seconds; then it asks the server
 * how much time is really left (another tab may have extended the session) and either waits again
 * or warns. From the warning it counts down to the end of the session and then expires. Times are
 * absolute (`expiresAt`), so a tab that was asleep does not count on from where it stopped.
 */

export interface SessionTimerOptions {
  /** Seconds before the end at which to warn (at least 0). */
  popupSeconds: number;
  /** Calls the keepalive URL (with `?keepalive=true` when `extend`); resolves to the ttl in seconds. */
  keepalive: (extend: boolean) => Promise<number>;
  /** The warning starts; the session ends at `expiresAt` (ms since the epoch) unless continued. */
  onWarn: (expiresAt: number) => void;
  /** The session ended without an answer (outcome 'inactive'). */
  onExpire: () => void;
  /** Activity closer together than this extends the session once (default {@link ACTIVITY_THROTTLE_MS}). */
  activityThrottleMs?: number;
  now?: () => number;
}

export interface SessionTimer {
  /** Starts (or after a timeout: starts anew) the session. */
  start(): Promise<void>;
  /** Activity such as a route change or typing: extends the session (throttled), except while the warning is shown. */
  activity(): Promise<void>;
  /** The applicant chose to continue: extends the session and ends the warning. */
  continue(): Promise<void>;
  stop(): void;
}

/** Route changes closer together than this (a redirect) extend the session once. */
export const ACTIVITY_THROTTLE_MS = 1000;

/** Milliseconds from `now` until the warning: ttl minus popup seconds, never negative. */
export function warningDelay(expiresAt: number, popupSeconds: number, now: number): number {
  return Math.max(0, expiresAt - Math.max(0, popupSeconds) * 1000 - now);
}

export function createSessionTimer(options: SessionTimerOptions): SessionTimer {
  const now = options.now ?? Date.now;
  const popupMs = Math.max(0, options.popupSeconds) * 1000;
  const throttleMs = options.activityThrottleMs ?? ACTIVITY_THROTTLE_MS;
  let expiresAt = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let warning = false;
  let stopped = false;
  // Answers to an older call are ignored once a newer call has been made.
  let generation = 0;
  let lastExtended = Number.NEGATIVE_INFINITY;

  const wait = (ms: number, then: () => void) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(then, ms);
  };
  const schedule = () => wait(warningDelay(expiresAt, options.popupSeconds, now()), () => void check());

  const ask = async (extend: boolean): Promise<boolean> => {
    const mine = ++generation;
    try {
      const ttl = await options.keepalive(extend);
      if (mine !== generation || stopped) return false;
      expiresAt = now() + ttl * 1000;
    } catch {
      // The server could not be reached: go on with the last known end of the session.
      console.warn('Sessie: keepalive mislukt');
      if (mine !== generation || stopped) return false;
    }
    return true;
  };

  const warn = () => {
    warning = true;
    options.onWarn(expiresAt);
    wait(Math.max(0, expiresAt - now()), () => {
      stopped = true;
      options.onExpire();
    });
  };

  const check = async () => {
    if (!(await ask(false))) return;
    if (expiresAt - now() > popupMs) schedule();
    else warn();
  };

  const extend = async () => {
    lastExtended = now();
    if (!(await ask(true))) return;
    warning = false;
    schedule();
  };

  return {
    start: () => {
      stopped = false;
      return extend();
    },
    activity: () => (warning || stopped || now() - lastExtended < throttleMs ? Promise.resolve() : extend()),
    continue: () => (stopped ? Promise.resolve() : extend()),
    stop: () => {
      stopped = true;
      generation++;
      clearTimeout(timer);
    },
  };
}
