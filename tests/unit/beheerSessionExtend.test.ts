// How far a back-office call moves the end of its session: written back at most once a minute for
// a long session, but every tenth of a short one, so that continuous work on a two-minute session
// never lets the end come within the session dialog's minute.
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { BEHEER_COOKIE, currentSession } from '../../src/server/beheer/session';
import type { BeheerSession, BeheerStore } from '../../src/server/storage';

const TOKEN = 'een-token';
const request = { cookies: { [BEHEER_COOKIE]: TOKEN } } as unknown as FastifyRequest;

/** A store with one session, started at `start`; it counts how often the end is written. */
function storeWith(start: number, idleSeconds: number) {
  const session: BeheerSession = {
    id: createHash('sha256').update(TOKEN).digest('hex'),
    username: 'anna',
    roles: ['redacteur'],
    createdAt: new Date(start),
    expiresAt: new Date(start + idleSeconds * 1000),
  };
  const writes: number[] = [];
  const store = {
    findSession: async (_id: string, now: Date) => (session.expiresAt > now ? { ...session } : undefined),
    extendSession: async (_id: string, expiresAt: Date) => {
      session.expiresAt = expiresAt;
      writes.push(expiresAt.getTime());
    },
  } as unknown as BeheerStore;
  return { store, writes, session };
}

describe('extending a back-office session on activity', () => {
  const start = Date.UTC(2026, 10, 24, 10, 0, 0);

  it('keeps a two-minute session more than a minute from its end while someone works every 15 seconds', async () => {
    const config = loadConfig({ NODE_ENV: 'test', CSRF_SECRET: 'x', BEHEER_SESSIE_MINUTEN: '2' });
    const { store, session } = storeWith(start, 120);
    for (let second = 15; second <= 600; second += 15) {
      const found = await currentSession(request, store, config, true, new Date(start + second * 1000));
      expect(found, `na ${second} s`).toBeDefined();
      // Just before the next activity, the end is still more than the dialog's minute away.
      expect(session.expiresAt.getTime() - (start + (second + 15) * 1000), `na ${second} s`).toBeGreaterThan(60_000);
    }
  });

  it('writes a long session back at most once a minute', async () => {
    const config = loadConfig({ NODE_ENV: 'test', CSRF_SECRET: 'x', BEHEER_SESSIE_MINUTEN: '30' });
    const { store, writes } = storeWith(start, 1800);
    for (let second = 5; second <= 300; second += 5) await currentSession(request, store, config, true, new Date(start + second * 1000));
    expect(writes.length).toBe(5);
    // Asking without extending (the dialog's check) writes nothing.
    await currentSession(request, store, config, false, new Date(start + 400_000));
    expect(writes.length).toBe(5);
  });
});
