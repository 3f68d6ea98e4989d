// @vitest-environment jsdom
// The session timeout as the back office runs it: typing and clicks on the page extend a two-minute
// session (at most once per throttle), so five minutes of typing bring no dialog; left alone, the
// countdown starts (and the page is told, so it can save what is on screen), then the session ends.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { I18nProvider } from '../i18n';

const server = vi.hoisted(() => ({ ttl: 120, expiresAt: 0, calls: [] as string[] }));

vi.mock('./sessionApi', () => ({
  keepalive: async (_url: string, extend: boolean) => {
    server.calls.push(extend ? 'extend' : 'check');
    if (extend) server.expiresAt = Date.now() + server.ttl * 1000;
    return Math.max(0, Math.floor((server.expiresAt - Date.now()) / 1000));
  },
  logout: async () => undefined,
}));

const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeAll(async () => {
  // Loaded before the clock is faked, so the lazy dialog resolves without real waiting.
  await Promise.all([import('./SessionTimeout'), import('./SessionDialog')]);
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  server.calls.length = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('activity on the page keeps the session', () => {
  it('extends on typing at most every 15 seconds, warns (telling the page) only when left alone, then ends', async () => {
    const { SessionTimeout } = await import('./SessionTimeout');
    const onWarn = vi.fn();
    const onEnd = vi.fn();
    render(
      <I18nProvider initialLang="nl">
        <Router hook={memoryLocation({ path: '/flows/proef' }).hook}>
          <SessionTimeout
            settings={{ keepaliveUrl: '/api/beheer/keepalive', popupSeconds: 60, logoutUrl: '/beheer', keepaliveOnRouteChange: true }}
            announce={() => undefined}
            onEnd={onEnd}
            onWarn={onWarn}
            activityEvents={['keydown', 'pointerdown']}
            activityThrottleMs={15_000}
          />
        </Router>
      </I18nProvider>,
    );
    await tick(1);
    expect(server.calls).toEqual(['extend']);

    for (let second = 1; second <= 300; second += 1) {
      fireEvent.keyDown(window, { key: 'a' });
      await tick(1000);
    }
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onWarn).not.toHaveBeenCalled();
    // The start, then once per 15 seconds of the five minutes (the first keystroke comes right after the start).
    expect(server.calls.filter((call) => call === 'extend')).toHaveLength(1 + Math.floor((300_000 - 1000) / 15_000));
    fireEvent.pointerDown(window);

    // Left alone: the countdown a minute before the end, then the end.
    await tick(60_000);
    expect(onWarn).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    // Typing while the countdown runs does not end it: only 'Doorgaan' does.
    fireEvent.keyDown(window, { key: 'a' });
    await tick(60_000);
    expect(onEnd).toHaveBeenCalledWith('inactive');
  });
});
