// The lockout of back-office sign-ins against parallel guessing, over real HTTP on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL. Every check of a password is held at a gate until all attempts of
// the burst are in, so the test sees exactly how many the server lets through to the check, however
// busy the machine: at most the limit, and the right password sent once the others hold every
// attempt is refused, also afterwards. Unknown addresses wait alike, with the same answer; a wrong
// password and a missing or wrong code get one answer; a code works once; secrets are kept sealed.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';
import { beheerLogin, BOOTSTRAP, withBeheer, type BeheerCookie } from '../helpers/beheer';
import { savingSecret } from '../../src/server/saving';
import { sealClearTotpSecrets, totpSeal } from '../../src/server/beheer/totpSeal';

const gate = vi.hoisted(() => ({ holding: false, checks: 0, waiting: [] as (() => void)[] }));

vi.mock('../../src/server/beheer/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/beheer/passwords')>();
  return {
    ...real,
    verifyPassword: async (passwordHash: string | undefined, password: string): Promise<boolean> => {
      if (gate.holding) {
        gate.checks += 1;
        await new Promise<void>((resolve) => gate.waiting.push(resolve));
      }
      return real.verifyPassword(passwordHash, password);
    },
  };
});

const LONG = 'een-lang-wachtwoord';
const WRONG = 'Het e-mailadres, het wachtwoord of de verificatiecode is onjuist.';

interface Answer {
  status: number;
  detail: string;
  codes: string[];
}

for (const engine of [{ label: 'SQLite' }, ...(testDatabaseUrl() ? [{ label: 'PostgreSQL', databaseUrl: testDatabaseUrl() }] : [])]) {
  describe(`back-office lockout on ${engine.label}`, () => {
    let server: TestServer;
    let page: Session;
    let admin: BeheerCookie;
    let counter = 0;

    beforeAll(async () => {
      server = await startServer({
        databaseUrl: engine.databaseUrl,
        env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password, BEHEER_LOGIN_RATE_LIMIT_MAX: '1000' },
      });
      page = await server.session('/beheer');
      admin = await beheerLogin(server, page);
    });
    afterAll(async () => server?.close());

    const newAccount = async (): Promise<string> => {
      counter += 1;
      const email = `slot-${counter}@example.nl`;
      const created = await server.postJson('/api/beheer/accounts', { email, wachtwoord: LONG, rollen: ['redacteur'] }, page, withBeheer(page, admin));
      expect(created.status).toBe(201);
      return email;
    };
    const attempt = async (email: string, password: string, code?: string): Promise<Answer> => {
      const response = await server.postJson('/api/beheer/inloggen', { email, wachtwoord: password, ...(code === undefined ? {} : { code }) }, page);
      const body = (await response.json()) as { detail?: string; errors?: { code: string }[] };
      return { status: response.status, detail: body.detail ?? '', codes: (body.errors ?? []).map((item) => item.code) };
    };

    /**
     * Fires 49 wrong passwords at once and, while the checks let through are still held, the right
     * one; then lets every check finish. Answers the number of checks and every answer, the right one last.
     */
    const burst = async (email: string): Promise<{ checks: number; wrong: Answer[]; right: Answer }> => {
      gate.holding = true;
      gate.checks = 0;
      let answered = 0;
      const wrong = Array.from({ length: 49 }, (_, index) =>
        attempt(email, `fout-${index}-wachtwoord`).then((answer) => {
          answered += 1;
          return answer;
        }),
      );
      // Every wrong attempt is either held at its check or answered without one.
      await vi.waitFor(() => expect(gate.checks + answered).toBe(49), { timeout: 60_000, interval: 20 });
      let rightAnswered = false;
      const right = attempt(email, LONG).then((answer) => {
        rightAnswered = true;
        return answer;
      });
      // The right one is in too: held at its check, or answered.
      await vi.waitFor(() => expect(rightAnswered || gate.checks + answered === 50).toBe(true), { timeout: 60_000, interval: 20 });
      gate.holding = false;
      for (const release of gate.waiting.splice(0)) release();
      const answers = await Promise.all(wrong);
      return { checks: gate.checks, wrong: answers, right: await right };
    };

    it('checks at most five of 50 parallel attempts and refuses the right password among them once the account waits', async () => {
      const email = await newAccount();
      const { checks, wrong, right } = await burst(email);
      expect(checks).toBeLessThanOrEqual(5);
      expect(wrong.filter((answer) => answer.status === 401)).toHaveLength(checks);
      expect(wrong.filter((answer) => answer.status === 429)).toHaveLength(49 - checks);
      expect(right.status).toBe(429);
      expect(right.codes).toEqual(['UBEH-04']);
      // Still waiting afterwards: the right password does not clear the lock.
      expect((await attempt(email, LONG)).status).toBe(429);
    }, 120_000);

    it('answers an unknown address as a known one, the wait included', async () => {
      const known = await newAccount();
      const unknown = `niemand-${counter}@example.nl`;
      for (let round = 0; round < 5; round += 1) {
        const [fromKnown, fromUnknown] = [await attempt(known, `fout-${round}-wachtwoord`), await attempt(unknown, `fout-${round}-wachtwoord`)];
        expect(fromUnknown).toEqual(fromKnown);
        expect(fromKnown.status).toBe(401);
      }
      const [waitKnown, waitUnknown] = [await attempt(known, LONG), await attempt(unknown, LONG)];
      expect(waitKnown).toEqual({ status: 429, detail: 'Te veel mislukte pogingen. Probeer het over 15 minuten opnieuw.', codes: ['UBEH-04'] });
      expect(waitUnknown).toEqual(waitKnown);
      expect(await attempt(`ander-${unknown}`, LONG)).toEqual({ status: 401, detail: WRONG, codes: ['UBEH-03'] });
    });

    /** A new account with the second factor on, confirmed with the code of this step (`now`, in seconds). */
    const withSecondFactor = async (): Promise<{ email: string; secret: string; now: number }> => {
      const email = await newAccount();
      const own = await beheerLogin(server, page, { email, password: LONG });
      const { secret } = (await (await server.postJson('/api/beheer/account/tweede-factor', {}, page, withBeheer(page, own))).json()) as { secret: string };
      const now = Math.floor(Date.now() / 1000);
      expect(
        (await server.postJson('/api/beheer/account/tweede-factor/bevestigen', { code: await generate({ secret, epoch: now }) }, page, withBeheer(page, own)))
          .status,
      ).toBe(204);
      return { email, secret, now };
    };

    it('answers a right password without its code, or with a wrong one, as a wrong password', async () => {
      const { email } = await withSecondFactor();
      const wrongPassword = await attempt(email, 'niet-het-goede-wachtwoord');
      expect(await attempt(email, LONG)).toEqual(wrongPassword);
      expect(await attempt(email, LONG, '000000')).toEqual(wrongPassword);
      expect(wrongPassword).toEqual({ status: 401, detail: WRONG, codes: ['UBEH-03'] });
    });

    it('takes each code once, also the one that confirmed the second factor', async () => {
      const { email, secret, now } = await withSecondFactor();
      // The code of this step confirmed it: signing in needs the next step's (within the tolerance).
      expect((await attempt(email, LONG, await generate({ secret, epoch: now }))).status).toBe(401);
      const code = await generate({ secret, epoch: now + 30 });
      expect((await attempt(email, LONG, code)).status).toBe(200);
      expect(await attempt(email, LONG, code)).toEqual({ status: 401, detail: WRONG, codes: ['UBEH-03'] });
    });

    it('keeps the secret sealed, and seals one stored in clear before', async () => {
      const { email, secret, now } = await withSecondFactor();
      const stored = (await server.storage.beheer.findAccountByEmail(email))?.totpSecret ?? '';
      expect(stored).not.toContain(secret);
      expect(stored).toMatch(/^v1\./);

      // A secret from before sealing, as the database still holds it: sealed as on start, then it works.
      const account = (await server.storage.beheer.findAccountByEmail(email))!;
      await server.storage.beheer.setTotp(account.id, secret, true);
      expect(await sealClearTotpSecrets(server.storage.beheer, totpSeal(savingSecret(server.config.saving, server.config.dataDir)))).toBe(1);
      expect((await server.storage.beheer.findAccountByEmail(email))?.totpSecret).toMatch(/^v1\./);
      expect((await attempt(email, LONG, await generate({ secret, epoch: now + 30 }))).status).toBe(200);
    });
  });
}
