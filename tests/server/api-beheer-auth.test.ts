// Signing in to the back office over real HTTP: the first account from the environment, the
// session cookie apart from the applicants', 401/403 with the spec's error body at each door,
// the lockout after failed sign-ins, the limit per client, the second factor, and signing out (401
// without a session, like every other call).
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCookies, startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';
import { beheerLogin, BOOTSTRAP, expectErrorBody, withBeheer } from '../helpers/beheer';

for (const engine of [{ label: 'SQLite' }, ...(testDatabaseUrl() ? [{ label: 'PostgreSQL', databaseUrl: testDatabaseUrl() }] : [])]) {
  describe(`back-office sign-in on ${engine.label}`, () => {
    let server: TestServer;
    let page: Session;

    beforeAll(async () => {
      server = await startServer({
        databaseUrl: engine.databaseUrl,
        env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password, BEHEER_LOGIN_RATE_LIMIT_MAX: '1000' },
      });
      page = await server.session('/beheer');
    });
    afterAll(async () => server?.close());

    it('answers 401 with the error body on every call without a session', async () => {
      for (const path of [
        '/api/beheer/sessie',
        '/api/beheer/flows',
        '/api/beheer/flows/abonneeregistratie-zorgverlener/geschiedenis',
        '/api/beheer/accounts',
        '/api/beheer/keepalive',
      ]) {
        const response = await server.fetch(path, { headers: { cookie: page.cookie } });
        expect(response.status, path).toBe(401);
        await expectErrorBody(response, 401, 'UBEH-01');
      }
      const forged = await server.fetch('/api/beheer/sessie', { headers: { cookie: `${page.cookie}; beheer_sessie=${'a'.repeat(43)}` } });
      expect(forged.status).toBe(401);
    });

    it('signs the first administrator in with a cookie of its own, and refuses a wrong password alike for every address', async () => {
      const wrong = await server.postJson('/api/beheer/inloggen', { email: BOOTSTRAP.email, wachtwoord: 'niet-het-goede-wachtwoord' }, page);
      await expectErrorBody(wrong, 401, 'UBEH-03', 'Het e-mailadres, het wachtwoord of de verificatiecode is onjuist.');
      const unknown = await server.postJson('/api/beheer/inloggen', { email: 'niemand@example.nl', wachtwoord: 'niet-het-goede-wachtwoord' }, page);
      await expectErrorBody(unknown, 401, 'UBEH-03', 'Het e-mailadres, het wachtwoord of de verificatiecode is onjuist.');
      const noCsrf = await server.postJson('/api/beheer/inloggen', { email: BOOTSTRAP.email, wachtwoord: BOOTSTRAP.password });
      expect(noCsrf.status).toBe(403);

      const response = await server.postJson('/api/beheer/inloggen', { email: BOOTSTRAP.email.toUpperCase(), wachtwoord: BOOTSTRAP.password }, page);
      expect(response.status).toBe(200);
      const cookie = setCookies(response).get('beheer_sessie');
      expect(cookie?.attributes.get('httponly')).toBe(true);
      expect(String(cookie?.attributes.get('samesite')).toLowerCase()).toBe('strict');
      expect(cookie?.attributes.get('path')).toBe('/api/beheer');
      const body = (await response.json()) as { gebruiker: { naam: string; rollen: string[]; vorigeLogin: string | null } };
      expect(body.gebruiker).toMatchObject({ naam: BOOTSTRAP.email, rollen: ['redacteur', 'publicist', 'beheerder'] });

      const again = await beheerLogin(server, page);
      const session = await server.fetch('/api/beheer/sessie', { headers: withBeheer(page, again) });
      const answer = (await session.json()) as { gebruiker: { vorigeLogin: string | null }; sessie: { ttl: number }; vierOgen: boolean };
      expect(answer.gebruiker.vorigeLogin).toMatch(/^\d{4}-/);
      expect(answer.sessie.ttl).toBeGreaterThan(29 * 60);
      expect(answer.vierOgen).toBe(false);
    });

    it('lists the flows with their version and fixtures, and the history of one', async () => {
      const beheer = await beheerLogin(server, page);
      const flows = (await (await server.fetch('/api/beheer/flows', { headers: withBeheer(page, beheer) })).json()) as {
        flows: { id: string; version: number; publishedAt: string; draft: unknown; fixtures: { total: number; failed: number } }[];
      };
      const zorgverlener = flows.flows.find((flow) => flow.id === 'abonneeregistratie-zorgverlener');
      expect(zorgverlener).toMatchObject({ version: 1, draft: null, fixtures: { failed: 0 } });
      expect(zorgverlener?.fixtures.total).toBeGreaterThan(0);
      const history = (await (
        await server.fetch('/api/beheer/flows/abonneeregistratie-zorgverlener/geschiedenis', { headers: withBeheer(page, beheer) })
      ).json()) as { history: { action: string; actor: string; version: number }[] };
      expect(history.history[0]).toMatchObject({ action: 'gepubliceerd', actor: 'release', version: 1 });
      const missing = await server.fetch('/api/beheer/flows/bestaat-niet/geschiedenis', { headers: withBeheer(page, beheer) });
      await expectErrorBody(missing, 404, 'UREQ-02');
    });

    it('keeps accounts to the role beheerder: 403 for a redacteur', async () => {
      const admin = await beheerLogin(server, page);
      const created = await server.postJson(
        '/api/beheer/accounts',
        { email: 'redacteur@example.nl', wachtwoord: 'een-lang-wachtwoord', rollen: ['redacteur'] },
        page,
        withBeheer(page, admin),
      );
      expect(created.status).toBe(201);
      const short = await server.postJson(
        '/api/beheer/accounts',
        { email: 'kort@example.nl', wachtwoord: 'kort', rollen: ['redacteur'] },
        page,
        withBeheer(page, admin),
      );
      await expectErrorBody(short, 400, 'UVAL-01');
      const twice = await server.postJson(
        '/api/beheer/accounts',
        { email: 'Redacteur@example.nl', wachtwoord: 'een-lang-wachtwoord', rollen: ['publicist'] },
        page,
        withBeheer(page, admin),
      );
      expect(twice.status).toBe(409);

      const editor = await beheerLogin(server, page, { email: 'redacteur@example.nl', password: 'een-lang-wachtwoord' });
      const listed = await server.fetch('/api/beheer/accounts', { headers: withBeheer(page, editor) });
      await expectErrorBody(listed, 403, 'UBEH-02', 'U heeft geen toegang tot deze functie.');
      const create = await server.postJson(
        '/api/beheer/accounts',
        { email: 'x@example.nl', wachtwoord: 'een-lang-wachtwoord', rollen: ['beheerder'] },
        page,
        withBeheer(page, editor),
      );
      expect(create.status).toBe(403);
      expect((await server.fetch('/api/beheer/flows', { headers: withBeheer(page, editor) })).status).toBe(200);
    });

    it('changes the roles of an account or removes it, ending its sessions; never those of the acting beheerder', async () => {
      const admin = await beheerLogin(server, page);
      const as = withBeheer(page, admin);
      const created = (await (
        await server.postJson('/api/beheer/accounts', { email: 'wissel@example.nl', wachtwoord: 'een-lang-wachtwoord', rollen: ['redacteur'] }, page, as)
      ).json()) as { id: string };
      const holder = await beheerLogin(server, page, { email: 'wissel@example.nl', password: 'een-lang-wachtwoord' });
      const put = (id: string, body: unknown, who = as) =>
        server.fetch(`/api/beheer/accounts/${id}`, { method: 'PUT', headers: { ...who, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await put(created.id, { rollen: ['publicist'] }, withBeheer(page, holder))).status).toBe(403);
      expect((await put(created.id, { rollen: ['publicist'] })).status).toBe(204);
      expect((await server.fetch('/api/beheer/sessie', { headers: withBeheer(page, holder) })).status).toBe(401);
      const again = await beheerLogin(server, page, { email: 'wissel@example.nl', password: 'een-lang-wachtwoord' });
      expect(
        ((await (await server.fetch('/api/beheer/sessie', { headers: withBeheer(page, again) })).json()) as { gebruiker: { rollen: string[] } }).gebruiker
          .rollen,
      ).toEqual(['publicist']);
      expect((await put(created.id, { rollen: [] })).status).toBe(400);

      const self = (
        (await (await server.fetch('/api/beheer/accounts', { headers: as })).json()) as { accounts: { id: string; email: string }[] }
      ).accounts.find((account) => account.email === BOOTSTRAP.email)!;
      await expectErrorBody(
        await put(self.id, { rollen: ['redacteur'] }),
        409,
        'UVAL-01',
        "U kunt uw eigen rol 'Beheerder' niet afnemen. Vraag een andere beheerder.",
      );
      await expectErrorBody(await server.fetch(`/api/beheer/accounts/${self.id}`, { method: 'DELETE', headers: as }), 409, 'UVAL-01');
      expect((await server.fetch(`/api/beheer/accounts/${created.id}`, { method: 'DELETE', headers: as })).status).toBe(204);
      expect((await server.fetch('/api/beheer/sessie', { headers: withBeheer(page, again) })).status).toBe(401);
      await expectErrorBody(
        await server.fetch(`/api/beheer/accounts/${created.id}`, { method: 'DELETE', headers: as }),
        404,
        'UREQ-02',
        'Dit account bestaat niet.',
      );
    });

    it('asks the code of the second factor once the account turned it on', async () => {
      const admin = await beheerLogin(server, page);
      await server.postJson(
        '/api/beheer/accounts',
        { email: 'totp@example.nl', wachtwoord: 'een-lang-wachtwoord', rollen: ['publicist'] },
        page,
        withBeheer(page, admin),
      );
      const user = { email: 'totp@example.nl', password: 'een-lang-wachtwoord' };
      const own = await beheerLogin(server, page, user);
      const setup = (await (await server.postJson('/api/beheer/account/tweede-factor', {}, page, withBeheer(page, own))).json()) as {
        secret: string;
        uri: string;
      };
      expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
      const wrongCode = await server.postJson('/api/beheer/account/tweede-factor/bevestigen', { code: '000000' }, page, withBeheer(page, own));
      await expectErrorBody(wrongCode, 400, 'UVAL-01', 'De verificatiecode is onjuist.');
      const now = Math.floor(Date.now() / 1000);
      const confirmed = await server.postJson(
        '/api/beheer/account/tweede-factor/bevestigen',
        { code: await generate({ secret: setup.secret, epoch: now }) },
        page,
        withBeheer(page, own),
      );
      expect(confirmed.status).toBe(204);

      // Without the code, or with a wrong one, the answer is that of a wrong password: it tells nothing about the password.
      const withoutCode = await server.postJson('/api/beheer/inloggen', { email: user.email, wachtwoord: user.password }, page);
      await expectErrorBody(withoutCode, 401, 'UBEH-03', 'Het e-mailadres, het wachtwoord of de verificatiecode is onjuist.');
      const badCode = await server.postJson('/api/beheer/inloggen', { email: user.email, wachtwoord: user.password, code: '123456' }, page);
      await expectErrorBody(badCode, 401, 'UBEH-03', 'Het e-mailadres, het wachtwoord of de verificatiecode is onjuist.');
      // The code of the next step: the one of this step was used to confirm.
      const withCode = await server.postJson(
        '/api/beheer/inloggen',
        { email: user.email, wachtwoord: user.password, code: await generate({ secret: setup.secret, epoch: now + 30 }) },
        page,
      );
      expect(withCode.status).toBe(200);
    });

    it('locks an account after five failed sign-ins, also for the right password', async () => {
      const admin = await beheerLogin(server, page);
      await server.postJson(
        '/api/beheer/accounts',
        { email: 'slot@example.nl', wachtwoord: 'een-lang-wachtwoord', rollen: ['redacteur'] },
        page,
        withBeheer(page, admin),
      );
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await server.postJson('/api/beheer/inloggen', { email: 'slot@example.nl', wachtwoord: `fout-${attempt}-wachtwoord` }, page)).status).toBe(401);
      }
      const locked = await server.postJson('/api/beheer/inloggen', { email: 'slot@example.nl', wachtwoord: 'een-lang-wachtwoord' }, page);
      await expectErrorBody(locked, 429, 'UBEH-04', 'Te veel mislukte pogingen. Probeer het over 15 minuten opnieuw.');
    });

    it('ends the session on signing out: the same cookie opens nothing any more', async () => {
      const beheer = await beheerLogin(server, page);
      expect((await server.fetch('/api/beheer/keepalive?keepalive=true', { headers: withBeheer(page, beheer) })).status).toBe(200);
      const out = await server.postJson('/api/beheer/uitloggen', {}, page, withBeheer(page, beheer));
      expect(out.status).toBe(204);
      expect(setCookies(out).get('beheer_sessie')?.value).toBe('');
      const after = await server.fetch('/api/beheer/sessie', { headers: withBeheer(page, beheer) });
      await expectErrorBody(after, 401, 'UBEH-01');
    });
    it('answers 401 with the error body on signing out without a session, and clears a stale cookie', async () => {
      const withoutCsrf = { cookie: page.cookie };
      await expectErrorBody(await server.postJson('/api/beheer/uitloggen', {}, page), 401, 'UBEH-01', 'U bent niet (meer) ingelogd. Log opnieuw in.');
      const stale = await server.postJson('/api/beheer/uitloggen', {}, page, withBeheer(page, { cookie: `beheer_sessie=${'a'.repeat(43)}` }));
      expect(setCookies(stale).get('beheer_sessie')?.value).toBe('');
      await expectErrorBody(stale, 401, 'UBEH-01');
      await expectErrorBody(await server.postJson('/api/beheer/uitloggen', {}, undefined, withoutCsrf), 403, 'UCSRF-01');

      const own = await beheerLogin(server, page);
      expect((await server.postJson('/api/beheer/uitloggen', {}, page, withBeheer(page, own))).status).toBe(204);
      await expectErrorBody(await server.postJson('/api/beheer/uitloggen', {}, page, withBeheer(page, own)), 401, 'UBEH-01');
    });
  });
}

describe('back-office sign-in limits per client', () => {
  it('answers 429 after the set number of attempts from one client', async () => {
    const server = await startServer({
      env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password, BEHEER_LOGIN_RATE_LIMIT_MAX: '3' },
    });
    try {
      const page = await server.session('/beheer');
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1)
        statuses.push((await server.postJson('/api/beheer/inloggen', { email: `iemand${attempt}@example.nl`, wachtwoord: 'niet-goed-genoeg' }, page)).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await server.close();
    }
  });
});
