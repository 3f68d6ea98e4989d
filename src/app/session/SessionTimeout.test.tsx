// @vitest-environment jsdom
// The session timeout inside the shell, with the two server calls replaced by a fake server (the
// real calls are covered by tests/server/api-session.test.ts and tests/e2e/session.spec.ts).
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKey } from '../../../renderer/browser/flowStorage';
import { currentAnnouncement } from '../announcer';
import { renderApp, testConfig } from '../testUtils';
import { secondsLeft, shouldAnnounce } from './SessionDialog';
import { logoutTarget } from './SessionTimeout';
import { RESUME_KEY } from './storedData';

const server = vi.hoisted(() => ({ ttl: 8, expiresAt: 0, calls: [] as string[] }));

vi.mock('./sessionApi', () => ({
  keepalive: async (_url: string, extend: boolean) => {
    server.calls.push(extend ? 'extend' : 'check');
    if (extend) server.expiresAt = Date.now() + server.ttl * 1000;
    return Math.max(0, Math.floor((server.expiresAt - Date.now()) / 1000));
  },
  logout: async () => {
    server.calls.push('logout');
    server.expiresAt = 0;
  },
}));

vi.mock('../FlowHost', () => ({
  FlowHost: (props: { rest: string }) => <div data-testid="flow-host">{props.rest}</div>,
}));

const config = {
  ...testConfig,
  session: { keepaliveUrl: '/api/keepalive', popupSeconds: 5, logoutUrl: '/uitgelogd', keepaliveOnRouteChange: true },
};
const flowKey = storageKey({ flowId: 'aanleveren-documenten', scenario: 'uzi' });

async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function openFlow(path = '/uzi/aanleveren-documenten/stap2', settings = config) {
  const rendered = renderApp(path, { config: settings });
  // The timer starts once the first page is on screen and the browser is idle (200 ms here).
  await tick(201);
  expect(screen.getByTestId('flow-host')).toBeTruthy();
  return rendered;
}

beforeAll(async () => {
  // Loaded before the clock is faked, so the lazy parts resolve without real waiting.
  await Promise.all([import('./SessionTimeout'), import('./SessionDialog'), import('../pages/LoggedOutPage')]);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  server.calls.length = 0;
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('session timeout in the portal', () => {
  it('starts the session, opens the countdown dialog at ttl minus popup seconds and announces it', async () => {
    await openFlow();
    expect(server.calls).toEqual(['extend']);
    await tick(2_900);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await tick(200);
    const dialog = screen.getByRole('alertdialog', { name: 'Uw sessie verloopt bijna' });
    expect(server.calls).toEqual(['extend', 'check']);
    expect(dialog.textContent).toContain('over 5 seconden automatisch uitgelogd');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Doorgaan' }));
    await tick(100);
    expect(currentAnnouncement()).toBe('U wordt over 5 seconden automatisch uitgelogd.');
  });

  it("'Doorgaan' extends the session, closes the dialog and returns focus", async () => {
    await openFlow();
    const before = screen.getAllByRole('link', { name: 'Contact' })[0];
    before.focus();
    await tick(3_100);
    fireEvent.click(screen.getByRole('button', { name: 'Doorgaan' }));
    await tick(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.calls).toEqual(['extend', 'check', 'extend']);
    expect(document.activeElement).toBe(before);
    await tick(2_500);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("at zero: outcome 'inactive' — logs out, goes to the logout page, keeps the entered data and offers it", async () => {
    sessionStorage.setItem(flowKey, JSON.stringify({ hash: 'abc', model: { a: 1 }, drafts: {} }));
    const { location } = await openFlow();
    await tick(3_100);
    await tick(5_000);
    expect(server.calls.at(-1)).toBe('logout');
    expect(location.history.at(-1)).toBe('/uitgelogd?reden=inactief');
    expect(screen.getByRole('heading', { level: 1, name: 'U bent uitgelogd' })).toBeTruthy();
    expect(screen.getByText('U bent automatisch uitgelogd, omdat u een tijd niets heeft gedaan.')).toBeTruthy();
    expect(sessionStorage.getItem(flowKey)).not.toBeNull();
    expect(sessionStorage.getItem(RESUME_KEY)).toBe('/uzi/aanleveren-documenten/stap2');
    expect(screen.getByRole('link', { name: 'Verdergaan met uw aanvraag' }).getAttribute('href')).toBe('/uzi/aanleveren-documenten/stap2');
    // No session runs on the logout page.
    const calls = server.calls.length;
    await tick(60_000);
    expect(server.calls.length).toBe(calls);

    // Clearing is the applicant's choice.
    fireEvent.click(screen.getByRole('button', { name: 'Gegevens wissen' }));
    await tick(1);
    expect(sessionStorage.getItem(flowKey)).toBeNull();
    expect(sessionStorage.getItem(RESUME_KEY)).toBeNull();
    expect(document.activeElement).toBe(screen.getByText('Uw gegevens zijn gewist.'));
    expect(screen.queryByRole('link', { name: 'Verdergaan met uw aanvraag' })).toBeNull();
  });

  it("continuing after a timeout starts a new session on the form's page", async () => {
    sessionStorage.setItem(flowKey, JSON.stringify({ hash: 'abc', model: {}, drafts: {} }));
    await openFlow();
    await tick(8_200);
    server.calls.length = 0;
    fireEvent.click(screen.getByRole('link', { name: 'Verdergaan met uw aanvraag' }));
    await tick(1);
    expect(screen.getByTestId('flow-host').textContent).toBe('stap2');
    expect(server.calls).toEqual(['extend']);
  });

  it("'Uitloggen' logs out and removes the entered data from the tab", async () => {
    sessionStorage.setItem(flowKey, JSON.stringify({ hash: 'abc', model: { a: 1 }, drafts: {} }));
    const { location } = await openFlow();
    await tick(3_100);
    fireEvent.click(screen.getByRole('button', { name: 'Uitloggen' }));
    await tick(1);
    expect(server.calls.at(-1)).toBe('logout');
    expect(location.history.at(-1)).toBe('/uitgelogd');
    expect(sessionStorage.getItem(flowKey)).toBeNull();
    expect(screen.getByText('U bent uitgelogd. De gegevens die u had ingevuld, zijn uit deze browser verwijderd.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Verdergaan met uw aanvraag' })).toBeNull();
  });

  it('a route change extends the session (when configured)', async () => {
    const { location } = await openFlow();
    await tick(2_000);
    act(() => location.navigate('/uzi/aanleveren-documenten/stap3'));
    await tick(1);
    expect(server.calls).toEqual(['extend', 'extend']);
    await tick(2_900);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('does nothing without session settings (the shell without a server)', async () => {
    renderApp('/uzi/aanleveren-documenten/stap2');
    await tick(60_000);
    expect(server.calls).toEqual([]);
  });
});

describe('SessionDialog announcements', () => {
  it('announces when it opens and every 10 seconds, not every second', async () => {
    server.ttl = 65;
    try {
      await openFlow(undefined, { ...config, session: { ...config.session, popupSeconds: 60 } });
      await tick(5_000 + 100);
      expect(screen.getByRole('alertdialog')).toBeTruthy();
      const heard: string[] = [];
      for (let second = 0; second < 26; second++) {
        await tick(1_000);
        const text = currentAnnouncement();
        if (text && heard.at(-1) !== text) heard.push(text);
      }
      expect(heard).toEqual([
        'U wordt over 60 seconden automatisch uitgelogd.',
        'U wordt over 50 seconden automatisch uitgelogd.',
        'U wordt over 40 seconden automatisch uitgelogd.',
      ]);
    } finally {
      server.ttl = 8;
    }
  });
});

describe('logoutTarget', () => {
  const origin = 'https://portaal.example';
  it('navigates within the portal, marking a timeout', () => {
    expect(logoutTarget('/uitgelogd', 'inactive', origin)).toEqual({ path: '/uitgelogd?reden=inactief' });
    expect(logoutTarget('/uitgelogd', 'logout', origin)).toEqual({ path: '/uitgelogd' });
    expect(logoutTarget('https://portaal.example/uzi/uit?x=1', 'inactive', origin)).toEqual({ path: '/uzi/uit?x=1&reden=inactief' });
  });
  it('leaves for another site as configured', () => {
    expect(logoutTarget('https://www.uziregister.nl/', 'inactive', origin)).toEqual({ href: 'https://www.uziregister.nl/' });
  });
});

describe('countdown helpers', () => {
  it('counts whole seconds up, never below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 1)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });
  it('announces the first value and then every multiple of 10, once each, never 0', () => {
    expect(shouldAnnounce(57, undefined)).toBe(true);
    expect(shouldAnnounce(56, 57)).toBe(false);
    expect(shouldAnnounce(50, 57)).toBe(true);
    expect(shouldAnnounce(50, 50)).toBe(false);
    expect(shouldAnnounce(0, 10)).toBe(false);
  });
});
