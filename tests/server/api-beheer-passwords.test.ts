// Passwords of back-office accounts over real HTTP: changing one's own (the current password asked
// again and counted towards the lockout, the policy, the other sessions ended), a beheerder's reset
// (a code shown once, kept only as a hash, working once and for a day, replaced by a newer one, for
// the role beheerder only) and the page that sets a password with the code (limited per client) —
// every refusal with the portal's error body, no code or address in the logs.
import { createHash } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';
import { beheerLogin, BOOTSTRAP, expectErrorBody, withBeheer, type BeheerCookie } from '../helpers/beheer';
import { normalizeResetCode, resetCodeHash } from '../../src/server/beheer/resetCode';

const LONG = 'een-lang-wachtwoord';

interface ErrorAnswer {
  detail: string;
  errors: { code: string; extraInfo: string[] }[];
}

/** The fields a refusal names, e.g. ['huidig', 'nieuw']. */
async function fieldsOf(response: Response): Promise<string[]> {
  return ((await response.json()) as ErrorAnswer).errors.map((item) => item.extraInfo[0]);
}

for (const engine of [{ label: 'SQLite' }, ...(testDatabaseUrl() ? [{ label: 'PostgreSQL', databaseUrl: testDatabaseUrl() }] : [])]) {
  describe(`back-office passwords on ${engine.label}`, () => {
    let server: TestServer;
    let page: Session;
    let admin: BeheerCookie;
    const lines: string[] = [];
    let counter = 0;

    beforeAll(async () => {
      server = await startServer({
        databaseUrl: engine.databaseUrl,
        env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password, BEHEER_LOGIN_RATE_LIMIT_MAX: '1000', LOG_LEVEL: 'trace' },
        logStream: { write: (line: string) => void lines.push(line) },
      });
      page = await server.session('/beheer');
      admin = await beheerLogin(server, page);
    });
    afterAll(async () => server?.close());

    /** A new local account with `roles`; answers its id and address. */
    const newAccount = async (roles: string[] = ['redacteur']) => {
      counter += 1;
      const email = `persoon-${counter}@example.nl`;
      const created = await server.postJson('/api/beheer/accounts', { email, wachtwoord: LONG, rollen: roles }, page, withBeheer(page, admin));
      expect(created.status).toBe(201);
      return { id: ((await created.json()) as { id: string }).id, email };
    };
    const sessionStatus = async (who: BeheerCookie) => (await server.fetch('/api/beheer/sessie', { headers: withBeheer(page, who) })).status;
    const signInStatus = async (email: string, wachtwoord: string) => (await server.postJson('/api/beheer/inloggen', { email, wachtwoord }, page)).status;
    const change = (who: BeheerCookie, huidig: string, nieuw: string) =>
      server.postJson('/api/beheer/account/wachtwoord', { huidig, nieuw }, page, withBeheer(page, who));
    /** The page's and the back office's cookies, without the CSRF header. */
    const withoutCsrf = (who?: BeheerCookie) => ({ cookie: who ? `${page.cookie}; ${who.cookie}` : page.cookie });
    const reset = (id: string, body: unknown = {}, who = admin) =>
      server.postJson(`/api/beheer/accounts/${id}/wachtwoord-herstel`, body, page, withBeheer(page, who));
    const setWithCode = (code: string, wachtwoord: string) => server.postJson('/api/beheer/wachtwoord-instellen', { code, wachtwoord }, page);
    const resetCode = async (id: string, body: unknown = {}) => {
      const response = await reset(id, body);
      expect(response.status).toBe(201);
      return (await response.json()) as { code: string; geldigTot: string };
    };

    it('changes the own password: the current one asked, the policy held, the other sessions ended and this one kept', async () => {
      const { email } = await newAccount();
      const here = await beheerLogin(server, page, { email, password: LONG });
      const elsewhere = await beheerLogin(server, page, { email, password: LONG });

      await expectErrorBody(
        await server.postJson('/api/beheer/account/wachtwoord', { huidig: LONG, nieuw: 'nieuw-en-lang-genoeg' }, undefined, withoutCsrf(here)),
        403,
        'UCSRF-01',
      );
      await expectErrorBody(await server.postJson('/api/beheer/account/wachtwoord', { huidig: LONG, nieuw: 'nieuw-en-lang-genoeg' }, page), 401, 'UBEH-01');

      const wrong = await change(here, 'niet-het-huidige', 'nieuw-en-lang-genoeg');
      expect(await fieldsOf(wrong.clone())).toEqual(['huidig']);
      await expectErrorBody(wrong, 400, 'UVAL-01', 'Uw wachtwoord is niet gewijzigd: controleer de gegevens.');
      const both = await change(here, 'niet-het-huidige', 'kort');
      expect(((await both.json()) as ErrorAnswer).errors.map((item) => item.extraInfo)).toEqual([
        ['huidig', 'Het huidige wachtwoord is onjuist.'],
        ['nieuw', 'Het wachtwoord moet minimaal 12 tekens hebben.'],
      ]);
      const same = await change(here, LONG, LONG);
      expect(((await same.json()) as ErrorAnswer).errors.map((item) => item.extraInfo)).toEqual([['nieuw', 'Kies een ander wachtwoord dan uw huidige.']]);
      const spaces = await change(here, LONG, ' '.repeat(14));
      expect(((await spaces.json()) as ErrorAnswer).errors.map((item) => item.extraInfo[1])).toEqual(['Het wachtwoord mag niet alleen uit spaties bestaan.']);
      await expectErrorBody(await change(here, LONG, 'x'.repeat(201)), 400, 'UREQ-01');
      expect(await sessionStatus(elsewhere)).toBe(200);

      expect((await change(here, LONG, 'nieuw-en-lang-genoeg')).status).toBe(204);
      expect(await sessionStatus(here)).toBe(200);
      expect(await sessionStatus(elsewhere)).toBe(401);
      expect(await signInStatus(email, LONG)).toBe(401);
      expect(await signInStatus(email, 'nieuw-en-lang-genoeg')).toBe(200);
    });

    it('counts a wrong current password towards the lockout: the fifth locks the account and ends its sessions', async () => {
      const { email } = await newAccount();
      const here = await beheerLogin(server, page, { email, password: LONG });
      const elsewhere = await beheerLogin(server, page, { email, password: LONG });
      // A failed sign-in and failed changes count together.
      expect(await signInStatus(email, 'fout-bij-inloggen')).toBe(401);
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await change(here, `fout-${attempt}-wachtwoord`, 'nieuw-en-lang-genoeg')).status).toBe(400);
      await expectErrorBody(
        await change(here, 'fout-4-wachtwoord', 'nieuw-en-lang-genoeg'),
        429,
        'UBEH-04',
        'Te veel mislukte pogingen. U bent uitgelogd en kunt over 15 minuten weer inloggen.',
      );
      expect(await sessionStatus(here)).toBe(401);
      expect(await sessionStatus(elsewhere)).toBe(401);
      await expectErrorBody(
        await server.postJson('/api/beheer/inloggen', { email, wachtwoord: LONG }, page),
        429,
        'UBEH-04',
        'Te veel mislukte pogingen. Probeer het over 15 minuten opnieuw.',
      );
    });

    it('refuses a password change for an account of the organisation, saying why', async () => {
      const token = 'oidc-sessie-token-voor-deze-test';
      const now = new Date();
      await server.storage.beheer.createSession({
        id: createHash('sha256').update(token).digest('hex'),
        username: 'iemand@organisatie.example',
        roles: ['redacteur'],
        createdAt: now,
        expiresAt: new Date(now.getTime() + 3_600_000),
      });
      const oidc = { cookie: `beheer_sessie=${token}` };
      const answer = (await (await server.fetch('/api/beheer/sessie', { headers: withBeheer(page, oidc) })).json()) as { gebruiker: { lokaal: boolean } };
      expect(answer.gebruiker.lokaal).toBe(false);
      await expectErrorBody(
        await change(oidc, 'wat-dan-ook-hier', 'nieuw-en-lang-genoeg'),
        409,
        'UREQ-01',
        'Dit account wordt beheerd door de inlogdienst van uw organisatie.',
      );
    });

    it('keeps the reset to the role beheerder, never for the own account, always with the CSRF header', async () => {
      const target = await newAccount();
      const editor = await newAccount(['redacteur', 'publicist']);
      const asEditor = await beheerLogin(server, page, { email: editor.email, password: LONG });
      await expectErrorBody(await reset(target.id, {}, asEditor), 403, 'UBEH-02', 'U heeft geen toegang tot deze functie.');
      await expectErrorBody(await server.postJson(`/api/beheer/accounts/${target.id}/wachtwoord-herstel`, {}, undefined, withoutCsrf(admin)), 403, 'UCSRF-01');
      await expectErrorBody(await server.postJson(`/api/beheer/accounts/${target.id}/wachtwoord-herstel`, {}, page), 401, 'UBEH-01');
      await expectErrorBody(await reset('bestaat-niet'), 404, 'UREQ-02', 'Dit account bestaat niet.');
      const accounts = (await (await server.fetch('/api/beheer/accounts', { headers: withBeheer(page, admin) })).json()) as {
        accounts: { id: string; email: string }[];
      };
      const self = accounts.accounts.find((account) => account.email === BOOTSTRAP.email)!;
      await expectErrorBody(await reset(self.id), 409, 'UVAL-01', "U kunt uw eigen wachtwoord hier niet opnieuw instellen. Wijzig het onder 'Mijn account'.");
      // Nothing happened to the account asked about.
      expect(await signInStatus(target.email, LONG)).toBe(200);
    });

    it('resets a password: the code shown once and kept as a hash, the sessions and old password ended, the code working once', async () => {
      const target = await newAccount();
      const held = await beheerLogin(server, page, { email: target.email, password: LONG });
      const before = Date.now();
      const { code, geldigTot } = await resetCode(target.id);
      expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
      expect(new Date(geldigTot).getTime() - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
      expect(new Date(geldigTot).getTime() - before).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
      expect(await sessionStatus(held)).toBe(401);
      expect(await signInStatus(target.email, LONG)).toBe(401);

      // Shown once: the list says until when a reset is open, never the code; the database holds its hash only.
      const list = await (await server.fetch('/api/beheer/accounts', { headers: withBeheer(page, admin) })).text();
      expect(list).not.toContain(code);
      expect(
        (JSON.parse(list) as { accounts: { id: string; herstelTot: string | null }[] }).accounts.find((account) => account.id === target.id)?.herstelTot,
      ).toBe(geldigTot);
      const stored = (await server.storage.beheer.listPasswordResets(new Date())).find((open) => open.accountId === target.id);
      expect(stored?.codeHash).toBe(resetCodeHash(normalizeResetCode(code)!));
      expect(JSON.stringify(stored)).not.toContain(code.replace(/-/g, ''));

      await expectErrorBody(
        await server.postJson('/api/beheer/wachtwoord-instellen', { code, wachtwoord: 'nieuw-en-lang-genoeg' }, undefined, withoutCsrf()),
        403,
        'UCSRF-01',
      );
      const weak = await setWithCode(code, 'kort');
      expect(await fieldsOf(weak.clone())).toEqual(['wachtwoord']);
      await expectErrorBody(weak, 400, 'UVAL-01', 'Het wachtwoord is niet ingesteld: controleer de gegevens.');
      await expectErrorBody(
        await setWithCode('ABCD-EFGH-JKMN-PQRS', 'nieuw-en-lang-genoeg'),
        400,
        'UVAL-01',
        'Deze code is onjuist, al gebruikt of vervangen door een nieuwere. Vraag de beheerder om een nieuwe code.',
      );
      await expectErrorBody(await setWithCode('geen code', 'nieuw-en-lang-genoeg'), 400, 'UVAL-01');

      // Typed over: case, spaces and dashes do not matter.
      expect((await setWithCode(` ${code.toLowerCase().replace(/-/g, ' ')} `, 'nieuw-en-lang-genoeg')).status).toBe(204);
      expect(await signInStatus(target.email, 'nieuw-en-lang-genoeg')).toBe(200);
      const again = await setWithCode(code, 'nog-een-ander-wachtwoord');
      expect(await fieldsOf(again.clone())).toEqual(['code']);
      await expectErrorBody(again, 400, 'UVAL-01');
      expect(await signInStatus(target.email, 'nieuw-en-lang-genoeg')).toBe(200);
      expect(
        (await (await server.fetch('/api/beheer/accounts', { headers: withBeheer(page, admin) })).json()) as {
          accounts: { id: string; herstelTot: string | null }[];
        },
      ).toMatchObject({
        accounts: expect.arrayContaining([expect.objectContaining({ id: target.id, herstelTot: null })]),
      });
    });

    it('replaces an unused code by a newer one, and refuses a code whose time is up (once)', async () => {
      const target = await newAccount();
      const first = await resetCode(target.id);
      const second = await resetCode(target.id);
      expect(second.code).not.toBe(first.code);
      await expectErrorBody(await setWithCode(first.code, 'nieuw-en-lang-genoeg'), 400, 'UVAL-01');
      expect((await setWithCode(second.code, 'nieuw-en-lang-genoeg')).status).toBe(204);

      // A reset started a day and more ago (written as the server would have then).
      const code = 'KQ2M-9XHD-PRTW-8ZAB';
      const then = new Date(Date.now() - 25 * 3_600_000);
      await server.storage.beheer.startPasswordReset(
        { accountId: target.id, codeHash: resetCodeHash(normalizeResetCode(code)!), createdAt: then, expiresAt: new Date(then.getTime() + 24 * 3_600_000) },
        { passwordHash: 'geen-wachtwoord:test', turnOffTotp: false },
      );
      await expectErrorBody(
        await setWithCode(code, 'weer-een-ander-wachtwoord'),
        410,
        'UVAL-01',
        'Deze code is verlopen: hij was 24 uur geldig. Vraag de beheerder om een nieuwe code.',
      );
      await expectErrorBody(await setWithCode(code, 'weer-een-ander-wachtwoord'), 400, 'UVAL-01');
      expect(await signInStatus(target.email, 'weer-een-ander-wachtwoord')).toBe(401);
    });

    it('keeps the second factor through a reset unless the beheerder turns it off; a reset also ends a lockout', async () => {
      const target = await newAccount();
      const own = await beheerLogin(server, page, { email: target.email, password: LONG });
      const setup = (await (await server.postJson('/api/beheer/account/tweede-factor', {}, page, withBeheer(page, own))).json()) as { secret: string };
      expect(
        (await server.postJson('/api/beheer/account/tweede-factor/bevestigen', { code: await generate({ secret: setup.secret }) }, page, withBeheer(page, own)))
          .status,
      ).toBe(204);

      const kept = await resetCode(target.id);
      expect((await setWithCode(kept.code, 'nieuw-en-lang-genoeg')).status).toBe(204);
      // Without its code the right password gets the answer of a wrong one.
      await expectErrorBody(await server.postJson('/api/beheer/inloggen', { email: target.email, wachtwoord: 'nieuw-en-lang-genoeg' }, page), 401, 'UBEH-03');

      for (let attempt = 0; attempt < 5; attempt += 1) await signInStatus(target.email, `fout-${attempt}-wachtwoord`);
      expect(await signInStatus(target.email, 'nieuw-en-lang-genoeg')).toBe(429);
      await expectErrorBody(await reset(target.id, { tweedeFactorUit: 'ja' }), 400, 'UREQ-01');
      const off = await resetCode(target.id, { tweedeFactorUit: true });
      expect((await setWithCode(off.code, 'derde-lange-wachtwoord')).status).toBe(204);
      expect(await signInStatus(target.email, 'derde-lange-wachtwoord')).toBe(200);
    });

    it('writes no code, password or address to the log', async () => {
      const target = await newAccount();
      const { code } = await resetCode(target.id);
      await setWithCode(code, 'kort');
      await setWithCode(code, 'log-proef-wachtwoord');
      await setWithCode(code, 'log-proef-wachtwoord');
      const log = lines.join('\n');
      expect(log).toContain('herstelcode gemaakt');
      expect(log).toContain('herstelcode geweigerd');
      for (const secret of [code, code.replace(/-/g, ''), 'log-proef-wachtwoord', target.email, LONG, BOOTSTRAP.email, BOOTSTRAP.password])
        expect(log).not.toContain(secret);
    });
  });
}

describe('setting a password with a code, limited per client', () => {
  it('answers 429 after the set number of attempts from one client', async () => {
    const server = await startServer({ env: { BEHEER_LOGIN_RATE_LIMIT_MAX: '3' } });
    try {
      const page = await server.session('/beheer');
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1)
        statuses.push(
          (await server.postJson('/api/beheer/wachtwoord-instellen', { code: `AAAA-BBBB-CCCC-DDD${attempt + 2}`, wachtwoord: 'lang-genoeg-wachtwoord' }, page))
            .status,
        );
      expect(statuses).toEqual([400, 400, 400, 429]);
      await expectErrorBody(
        await server.postJson('/api/beheer/wachtwoord-instellen', { code: 'AAAA-BBBB-CCCC-DDDD', wachtwoord: 'lang-genoeg-wachtwoord' }, page),
        429,
        'UREQ-03',
      );
    } finally {
      await server.close();
    }
  });
});
