import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_THROTTLE_MS, createSessionTimer, warningDelay, type SessionTimerOptions } from './sessionTimer';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

/** A server whose session lasts `ttl` seconds after each extension; `remaining` can be overridden. */
function fakeServer(ttl: number) {
  let expiresAt = 0;
  const calls: boolean[] = [];
  const server = {
    calls,
    fail: false,
    keepalive: vi.fn(async (extend: boolean) => {
      calls.push(extend);
      if (server.fail) throw new Error('offline');
      if (extend) expiresAt = Date.now() + ttl * 1000;
      return Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
    }),
    /** Another tab extends the session. */
    extendElsewhere: () => {
      expiresAt = Date.now() + ttl * 1000;
    },
  };
  return server;
}

function timer(server: ReturnType<typeof fakeServer>, popupSeconds: number, extra: Partial<SessionTimerOptions> = {}) {
  const onWarn = vi.fn();
  const onExpire = vi.fn();
  const instance = createSessionTimer({ popupSeconds, keepalive: server.keepalive, onWarn, onExpire, ...extra });
  return { instance, onWarn, onExpire };
}

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('warningDelay', () => {
  it('is ttl minus the popup seconds, never negative', () => {
    expect(warningDelay(1_000_000 + 900_000, 60, 1_000_000)).toBe(840_000);
    expect(warningDelay(1_000_000 + 30_000, 60, 1_000_000)).toBe(0);
    expect(warningDelay(1_000_000 + 30_000, -5, 1_000_000)).toBe(30_000);
  });
});

describe('createSessionTimer', () => {
  it('extends the session at start, checks at ttl minus popup, warns and expires at zero', async () => {
    const server = fakeServer(900);
    const { instance, onWarn, onExpire } = timer(server, 60);
    await instance.start();
    expect(server.calls).toEqual([true]);
    await advance(840_000 - 1);
    expect(server.calls).toEqual([true]);
    expect(onWarn).not.toHaveBeenCalled();
    await advance(1);
    // It asks how much is left without extending, then warns with the real end.
    expect(server.calls).toEqual([true, false]);
    expect(onWarn).toHaveBeenCalledWith(Date.now() + 60_000);
    await advance(60_000 - 1);
    expect(onExpire).not.toHaveBeenCalled();
    await advance(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    // Nothing runs after the end.
    await instance.activity();
    await advance(1_000_000);
    expect(server.calls).toEqual([true, false]);
  });

  it('waits again instead of warning when another tab extended the session', async () => {
    const server = fakeServer(100);
    const { instance, onWarn } = timer(server, 10);
    await instance.start();
    await advance(50_000);
    server.extendElsewhere();
    await advance(40_000);
    expect(server.calls).toEqual([true, false]);
    expect(onWarn).not.toHaveBeenCalled();
    await advance(50_000);
    expect(server.calls).toEqual([true, false, false]);
    expect(onWarn).toHaveBeenCalledTimes(1);
  });

  it('continue extends the session and ends the warning; the next warning comes a full period later', async () => {
    const server = fakeServer(20);
    const { instance, onWarn, onExpire } = timer(server, 5);
    await instance.start();
    await advance(15_000);
    expect(onWarn).toHaveBeenCalledTimes(1);
    await advance(3_000);
    await instance.continue();
    expect(server.calls).toEqual([true, false, true]);
    await advance(5_000);
    expect(onExpire).not.toHaveBeenCalled();
    await advance(10_000);
    expect(onWarn).toHaveBeenCalledTimes(2);
  });

  it('route changes extend the session, except during the warning and right after another extension', async () => {
    const server = fakeServer(60);
    const { instance, onWarn } = timer(server, 10);
    await instance.start();
    await instance.activity();
    expect(server.calls).toEqual([true]);
    await advance(ACTIVITY_THROTTLE_MS);
    await instance.activity();
    expect(server.calls).toEqual([true, true]);
    await advance(50_000);
    expect(onWarn).toHaveBeenCalledTimes(1);
    await instance.activity();
    expect(server.calls).toEqual([true, true, false]);
  });

  it('typing for longer than the session extends it at most once per throttle and never warns', async () => {
    const server = fakeServer(120);
    const { instance, onWarn } = timer(server, 60, { activityThrottleMs: 15_000 });
    await instance.start();
    // A keystroke every second for five minutes: one extension per 15 seconds.
    for (let second = 1; second <= 300; second += 1) {
      await advance(1000);
      await instance.activity();
    }
    expect(onWarn).not.toHaveBeenCalled();
    expect(server.calls.filter(Boolean).length).toBe(1 + 300 / 15);
  });

  it('warns at once when the ttl is not longer than the popup time, counting from the real ttl', async () => {
    const server = fakeServer(8);
    const { instance, onWarn, onExpire } = timer(server, 60);
    await instance.start();
    await advance(0);
    expect(onWarn).toHaveBeenCalledWith(Date.now() + 8_000);
    await advance(8_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('with popup 0 warns at the very end and expires at once', async () => {
    const server = fakeServer(30);
    const { instance, onWarn, onExpire } = timer(server, 0);
    await instance.start();
    await advance(30_000);
    expect(onWarn).toHaveBeenCalledTimes(1);
    // A timeout of 0 runs after at least 1 ms.
    await advance(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('goes on with the last known end when the server cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = fakeServer(30);
    const { instance, onWarn, onExpire } = timer(server, 10);
    await instance.start();
    server.fail = true;
    await advance(20_000);
    expect(onWarn).toHaveBeenCalledWith(Date.now() + 10_000);
    await instance.continue();
    // Not extended: the warning comes back at once.
    await advance(0);
    expect(onWarn).toHaveBeenCalledTimes(2);
    await advance(10_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('stop cancels everything, also answers still on their way', async () => {
    let answer: (ttl: number) => void = () => undefined;
    const keepalive = vi.fn(() => new Promise<number>((resolve) => (answer = resolve)));
    const onWarn = vi.fn();
    const instance = createSessionTimer({ popupSeconds: 5, keepalive, onWarn, onExpire: vi.fn() });
    const started = instance.start();
    instance.stop();
    answer(10);
    await started;
    await advance(60_000);
    expect(onWarn).not.toHaveBeenCalled();
    expect(keepalive).toHaveBeenCalledTimes(1);
  });
});
