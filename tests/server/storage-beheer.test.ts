// The back office's storage on SQLite and (with TEST_DATABASE_URL) PostgreSQL: accounts with a
// lockout after failed sign-ins, passwords changed and reset, sessions that end, one draft per flow
// that loses its approval when it changes, the history of a flow newest first, the test cases added
// in the back office, and the adjustments of test cases that belong to a draft (gone with it, kept
// with the version published); migration 0012 moves the adjustments stored before it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from '../../src/server/storage/index.js';
import { storageEngines, type StorageBackend } from '../helpers/storageBackends';

for (const engine of storageEngines()) {
  describe(`back office storage on ${engine.label}`, () => {
    let backend: StorageBackend;
    let storage: Storage;

    beforeEach(async () => {
      backend = await engine.create();
      storage = await backend.open();
    });
    afterEach(async () => {
      await storage.close();
      await backend.dispose();
    });

    it('keeps one account per address and its last sign-in', async () => {
      const store = storage.beheer;
      expect(await store.countAccounts()).toBe(0);
      const account = await store.createAccount({ email: ' Beheer@Example.NL ', passwordHash: '$argon2id$x', roles: ['redacteur', 'beheerder'] });
      expect(account.email).toBe('beheer@example.nl');
      await expect(store.createAccount({ email: 'beheer@example.nl', passwordHash: 'y', roles: ['redacteur'] })).rejects.toThrow(/createAccount/);
      expect(await store.countAccounts()).toBe(1);

      const now = new Date('2026-11-24T10:00:00Z');
      expect(await store.recordLogin(account.id, now)).toBeUndefined();
      expect((await store.recordLogin(account.id, new Date('2026-11-25T08:00:00Z')))?.toISOString()).toBe(now.toISOString());
      expect((await store.findAccount(account.id))?.roles).toEqual(['redacteur', 'beheerder']);

      await store.setTotp(account.id, 'JBSWY3DPEHPK3PXP', true);
      expect(await store.findAccount(account.id)).toMatchObject({ totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabled: true });
    });

    it('reserves the attempts of an address before they are checked: parallel ones get the limit and no more', async () => {
      const store = storage.beheer;
      const lockout = { attempts: 5, seconds: 900, windowSeconds: 600 };
      const now = new Date('2026-11-24T10:00:00Z');
      const answers = await Promise.all(Array.from({ length: 50 }, () => store.reserveSignIn(' Iemand@Example.NL', lockout, now)));
      expect(answers.filter((answer) => answer.granted)).toHaveLength(5);
      // Checks still under way count as failures: the others wait as long as a lock lasts.
      expect(answers.find((answer) => !answer.granted)).toEqual({ granted: false, lockedUntil: new Date('2026-11-24T10:15:00Z') });
      expect(await store.failSignIn('iemand@example.nl', lockout, now)).toBe(true);
      // A right password among the checked ones no longer counts once the address waits.
      expect(await store.passSignIn('iemand@example.nl', now)).toBe(false);
      expect(await store.reserveSignIn('iemand@example.nl', lockout, new Date('2026-11-24T10:14:59Z'))).toEqual({
        granted: false,
        lockedUntil: new Date('2026-11-24T10:15:00Z'),
      });
      expect(await store.reserveSignIn('iemand@example.nl', lockout, new Date('2026-11-24T10:15:00Z'))).toEqual({ granted: true });
      expect(await store.passSignIn('iemand@example.nl', new Date('2026-11-24T10:15:00Z'))).toBe(true);
    });

    it('forgets failures once their window has passed, and counts unknown addresses alike', async () => {
      const store = storage.beheer;
      const lockout = { attempts: 3, seconds: 900, windowSeconds: 600 };
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute));
      for (let attempt = 0; attempt < 2; attempt += 1) {
        expect(await store.reserveSignIn('onbekend@example.nl', lockout, at(0))).toEqual({ granted: true });
        expect(await store.failSignIn('onbekend@example.nl', lockout, at(0))).toBe(false);
      }
      // Ten minutes on, the two failures no longer count: three more attempts before the address waits.
      for (let attempt = 0; attempt < 3; attempt += 1) expect(await store.reserveSignIn('onbekend@example.nl', lockout, at(10))).toEqual({ granted: true });
      expect((await store.reserveSignIn('onbekend@example.nl', lockout, at(10))).granted).toBe(false);
      expect(await store.purgeLoginAttempts(lockout.windowSeconds, at(19))).toBe(0);
      expect(await store.purgeLoginAttempts(lockout.windowSeconds, at(20))).toBe(1);
    });

    it('accepts each time step of the second factor once', async () => {
      const store = storage.beheer;
      const account = await store.createAccount({ email: 'code@example.nl', passwordHash: '$argon2id$x', roles: ['redacteur'] });
      const uses = await Promise.all([store.useTotpStep(account.id, 59_000_000), store.useTotpStep(account.id, 59_000_000)]);
      expect(uses.sort()).toEqual([false, true]);
      expect(await store.useTotpStep(account.id, 58_999_999)).toBe(false);
      expect(await store.useTotpStep(account.id, 59_000_001)).toBe(true);
    });

    it('gives an account other roles or removes it, ending its sessions either way', async () => {
      const store = storage.beheer;
      const account = await store.createAccount({ email: 'anna@example.nl', passwordHash: '$argon2id$x', roles: ['redacteur'] });
      const now = new Date('2026-11-24T10:00:00Z');
      const later = new Date('2026-11-24T18:00:00Z');
      await store.createSession({ id: 'sessie-1', accountId: account.id, username: account.email, roles: ['redacteur'], createdAt: now, expiresAt: later });
      expect(await store.setAccountRoles(account.id, ['redacteur', 'publicist'])).toBe(true);
      expect((await store.findAccount(account.id))?.roles).toEqual(['redacteur', 'publicist']);
      expect(await store.findSession('sessie-1', now)).toBeUndefined();
      await store.createSession({
        id: 'sessie-2',
        accountId: account.id,
        username: account.email,
        roles: ['redacteur', 'publicist'],
        createdAt: now,
        expiresAt: later,
      });
      expect(await store.deleteAccount(account.id)).toBe(true);
      expect(await store.findAccount(account.id)).toBeUndefined();
      expect(await store.findSession('sessie-2', now)).toBeUndefined();
      expect(await store.deleteAccount(account.id)).toBe(false);
      expect(await store.setAccountRoles(account.id, ['redacteur'])).toBe(false);
    });

    it('finds a session until it ends, extends and forgets it', async () => {
      const store = storage.beheer;
      const createdAt = new Date('2026-11-24T10:00:00Z');
      await store.createSession({
        id: 'h'.repeat(64),
        username: 'oidc-gebruiker',
        roles: ['publicist'],
        createdAt,
        expiresAt: new Date('2026-11-24T10:30:00Z'),
      });
      expect((await store.findSession('h'.repeat(64), new Date('2026-11-24T10:29:59Z')))?.roles).toEqual(['publicist']);
      expect(await store.findSession('h'.repeat(64), new Date('2026-11-24T10:30:00Z'))).toBeUndefined();
      await store.extendSession('h'.repeat(64), new Date('2026-11-24T11:00:00Z'));
      expect(await store.findSession('h'.repeat(64), new Date('2026-11-24T10:45:00Z'))).toBeDefined();
      expect(await store.purgeSessions(new Date('2026-11-24T12:00:00Z'))).toBe(1);
      expect(await store.findSession('h'.repeat(64), createdAt)).toBeUndefined();
    });

    it('changes a password keeping one session, and resets one: replaced by a newer reset, used once, expired', async () => {
      const store = storage.beheer;
      const account = await store.createAccount({ email: 'bert@example.nl', passwordHash: '$argon2id$oud', roles: ['redacteur'] });
      const now = new Date('2026-11-24T10:00:00Z');
      const later = new Date('2026-11-24T18:00:00Z');
      const session = (id: string) =>
        store.createSession({ id, accountId: account.id, username: account.email, roles: ['redacteur'], createdAt: now, expiresAt: later });
      await session('hier');
      await session('elders');
      const lockout = { attempts: 1, seconds: 60, windowSeconds: 60 };
      expect(await store.reserveSignIn('bert@example.nl', lockout, now)).toEqual({ granted: true });
      expect(await store.failSignIn('bert@example.nl', lockout, now)).toBe(true);
      expect(await store.changePassword(account.id, '$argon2id$nieuw', 'hier')).toBe(true);
      expect(await store.findAccount(account.id)).toMatchObject({ passwordHash: '$argon2id$nieuw' });
      // A new password: the address no longer waits.
      expect(await store.reserveSignIn('bert@example.nl', lockout, now)).toEqual({ granted: true });
      expect(await store.findSession('hier', now)).toBeDefined();
      expect(await store.findSession('elders', now)).toBeUndefined();
      expect(await store.changePassword('bestaat-niet', '$argon2id$x', 'hier')).toBe(false);
      await session('elders');
      expect(await store.endAccountSessions(account.id, 'hier')).toBe(1);
      expect(await store.endAccountSessions(account.id)).toBe(1);

      await store.setTotp(account.id, 'JBSWY3DPEHPK3PXP', true);
      await session('voor-herstel');
      const reset = (codeHash: string, at: Date) =>
        store.startPasswordReset(
          { accountId: account.id, codeHash, createdAt: at, expiresAt: new Date(at.getTime() + 86_400_000) },
          { passwordHash: 'geen-wachtwoord:1', turnOffTotp: false },
        );
      expect(await reset('hash-1', now)).toBe(true);
      expect(await store.findAccount(account.id)).toMatchObject({ passwordHash: 'geen-wachtwoord:1', totpEnabled: true });
      expect(await store.findSession('voor-herstel', now)).toBeUndefined();
      expect(await reset('hash-2', now)).toBe(true);
      expect((await store.listPasswordResets(now)).map((open) => open.codeHash)).toEqual(['hash-2']);
      expect(await store.finishPasswordReset('hash-1', '$argon2id$gezet', now)).toBe('unknown');
      await store.failSignIn('bert@example.nl', lockout, now);
      expect((await store.reserveSignIn('bert@example.nl', lockout, now)).granted).toBe(false);
      await session('tussendoor');
      expect(await store.finishPasswordReset('hash-2', '$argon2id$gezet', now)).toBe('done');
      const afterReset = await store.findAccount(account.id);
      expect(afterReset).toMatchObject({ passwordHash: '$argon2id$gezet', totpEnabled: true });
      expect(await store.reserveSignIn('bert@example.nl', lockout, now)).toEqual({ granted: true });
      expect(await store.findSession('tussendoor', now)).toBeUndefined();
      expect(await store.finishPasswordReset('hash-2', '$argon2id$nog-eens', now)).toBe('unknown');

      expect(
        await store.startPasswordReset(
          { accountId: account.id, codeHash: 'hash-3', createdAt: now, expiresAt: later },
          { passwordHash: 'geen-wachtwoord:2', turnOffTotp: true },
        ),
      ).toBe(true);
      const withoutTotp = await store.findAccount(account.id);
      expect([withoutTotp?.totpEnabled, withoutTotp?.totpSecret]).toEqual([false, undefined]);
      expect(await store.listPasswordResets(later)).toEqual([]);
      expect(await store.finishPasswordReset('hash-3', '$argon2id$te-laat', later)).toBe('expired');
      expect((await store.findAccount(account.id))?.passwordHash).toBe('geen-wachtwoord:2');
      expect(await store.finishPasswordReset('hash-3', '$argon2id$te-laat', now)).toBe('unknown');
      expect(
        await store.startPasswordReset(
          { accountId: 'bestaat-niet', codeHash: 'hash-4', createdAt: now, expiresAt: later },
          { passwordHash: 'x', turnOffTotp: false },
        ),
      ).toBe(false);

      await reset('hash-5', now);
      expect(await store.purgePasswordResets(new Date('2026-11-25T09:59:59Z'))).toBe(0);
      expect(await store.purgePasswordResets(new Date('2026-11-25T10:00:00Z'))).toBe(1);
      await reset('hash-6', now);
      expect(await store.deleteAccount(account.id)).toBe(true);
      expect(await store.listPasswordResets(now)).toEqual([]);
    });

    it('keeps one draft per flow; a change drops its approval, an approval of an older state is refused', async () => {
      const store = storage.beheer;
      const first = await store.saveDraft({ flowId: 'proefflow', baseVersion: 2, source: { document: '{}' }, by: 'anna' }, new Date('2026-11-24T10:00:00Z'));
      expect(await store.approveDraft('proefflow', 'bert', first.updatedAt, new Date('2026-11-24T10:05:00Z'))).toBe(true);
      expect((await store.getDraft('proefflow'))?.approvedBy).toBe('bert');
      const second = await store.saveDraft({ flowId: 'proefflow', source: { document: '{"a":1}' }, by: 'carla' }, new Date('2026-11-24T10:10:00Z'));
      expect(second).toMatchObject({ createdBy: 'anna', updatedBy: 'carla', baseVersion: 2, source: { document: '{"a":1}' } });
      expect(second.approvedBy).toBeUndefined();
      expect(await store.approveDraft('proefflow', 'bert', first.updatedAt, new Date('2026-11-24T10:11:00Z'))).toBe(false);
      expect((await store.listDrafts()).map((draft) => draft.flowId)).toEqual(['proefflow']);
      await store.deleteDraft('proefflow');
      expect(await store.getDraft('proefflow')).toBeUndefined();
    });

    it('lists the history of a flow newest first', async () => {
      const store = storage.beheer;
      await store.addFlowEvent({ flowId: 'proefflow', action: 'bewerkt', actor: 'anna', at: new Date('2026-11-24T10:00:00Z') });
      await store.addFlowEvent({
        flowId: 'proefflow',
        version: 3,
        action: 'gepubliceerd',
        actor: 'bert',
        note: 'Nieuwe tekst',
        at: new Date('2026-11-24T11:00:00Z'),
      });
      await store.addFlowEvent({ flowId: 'andere', action: 'bewerkt', actor: 'anna', at: new Date('2026-11-24T12:00:00Z') });
      const events = await store.listFlowEvents('proefflow');
      expect(events.map((event) => [event.action, event.actor, event.version, event.note])).toEqual([
        ['gepubliceerd', 'bert', 3, 'Nieuwe tekst'],
        ['bewerkt', 'anna', undefined, undefined],
      ]);
    });

    it('keeps test cases per flow by name: a second save replaces, a delete says whether there was one', async () => {
      const store = storage.beheer;
      await store.saveFixture(
        { flowId: 'proefflow', name: 'leeg.json', fixture: { description: 'Leeg', data: {}, expected: { valid: false } }, by: 'anna' },
        new Date('2026-11-24T10:00:00Z'),
      );
      await store.saveFixture(
        { flowId: 'proefflow', name: 'leeg.json', fixture: { description: 'Leeg', data: {}, expected: { valid: true } }, by: 'bert' },
        new Date('2026-11-24T10:01:00Z'),
      );
      await store.saveFixture({ flowId: 'andere', name: 'leeg.json', fixture: { description: 'Ander' }, by: 'anna' }, new Date('2026-11-24T10:02:00Z'));
      const fixtures = await store.listFixtures('proefflow');
      expect(fixtures).toHaveLength(1);
      expect(fixtures[0]).toMatchObject({ name: 'leeg.json', updatedBy: 'bert', fixture: { expected: { valid: true } } });
      expect(fixtures[0].updatedAt.toISOString()).toBe('2026-11-24T10:01:00.000Z');
      expect(await store.deleteFixture('proefflow', 'leeg.json')).toBe(true);
      expect(await store.deleteFixture('proefflow', 'leeg.json')).toBe(false);
      expect(await store.listFixtures('andere')).toHaveLength(1);
    });

    it('gives every draft started an id of its own, kept while it is saved', async () => {
      const store = storage.beheer;
      const first = await store.saveDraft({ flowId: 'proefflow', baseVersion: 1, source: { document: '{}' }, by: 'anna' }, new Date('2026-11-24T10:00:00Z'));
      const saved = await store.saveDraft({ flowId: 'proefflow', source: { document: '{"a":1}' }, by: 'anna' }, new Date('2026-11-24T10:01:00Z'));
      expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(saved.id).toBe(first.id);
      await store.deleteDraft('proefflow');
      const next = await store.saveDraft({ flowId: 'proefflow', baseVersion: 1, source: { document: '{}' }, by: 'anna' }, new Date('2026-11-24T10:02:00Z'));
      expect(next.id).not.toBe(first.id);
    });

    it('keeps adjustments per draft and per version: a deleted draft takes its own along, a published one leaves them with the version', async () => {
      const store = storage.beheer;
      const at = new Date('2026-11-24T10:00:00Z');
      const draft = await store.saveDraft({ flowId: 'proefflow', baseVersion: 1, source: { document: '{}' }, by: 'anna' }, at);
      const adjust = (name: string, scope: 'concept' | 'versie', scopeRef: string, valid: boolean) =>
        store.saveFixtureAdjustment({ flowId: 'proefflow', name, scope, scopeRef, expected: { valid }, by: 'anna' }, at);
      await adjust('01.json', 'versie', 'hash-1', true);
      await adjust('01.json', 'concept', draft.id, false);
      await adjust('02.json', 'concept', draft.id, false);
      await adjust('02.json', 'concept', draft.id, true);
      await adjust('03.json', 'versie', 'hash-2', true);
      const listed = async (owners: { draftId?: string; versionHash?: string }) =>
        (await store.listFixtureAdjustments('proefflow', owners)).map((entry) => [entry.name, entry.scope, entry.scopeRef, entry.expected]);
      expect(await listed({ draftId: draft.id, versionHash: 'hash-1' })).toEqual([
        ['01.json', 'concept', draft.id, { valid: false }],
        ['01.json', 'versie', 'hash-1', { valid: true }],
        ['02.json', 'concept', draft.id, { valid: true }],
      ]);
      expect(await listed({})).toEqual([]);
      expect(await listed({ versionHash: 'hash-2' })).toEqual([['03.json', 'versie', 'hash-2', { valid: true }]]);

      // Published as hash-1: the draft's adjustments replace what that content had; the draft goes, they stay.
      await store.keepDraftAdjustments('proefflow', draft.id, 'hash-1');
      await store.deleteDraft('proefflow');
      expect(await listed({ draftId: draft.id, versionHash: 'hash-1' })).toEqual([
        ['01.json', 'versie', 'hash-1', { valid: false }],
        ['02.json', 'versie', 'hash-1', { valid: true }],
      ]);

      // A draft deleted unpublished takes its own adjustments along, not the versions'.
      const other = await store.saveDraft({ flowId: 'proefflow', baseVersion: 2, source: { document: '{}' }, by: 'anna' }, at);
      await adjust('04.json', 'concept', other.id, false);
      await store.deleteDraft('proefflow');
      expect(await listed({ draftId: other.id, versionHash: 'hash-2' })).toEqual([['03.json', 'versie', 'hash-2', { valid: true }]]);

      expect(await store.deleteFixtureAdjustment('proefflow', '03.json', 'versie', 'hash-2')).toBe(true);
      expect(await store.deleteFixtureAdjustment('proefflow', '03.json', 'versie', 'hash-2')).toBe(false);
      // A back-office case goes with its adjustments.
      await store.saveFixture({ flowId: 'proefflow', name: '01.json', fixture: { description: 'Eigen', data: {}, expected: { valid: true } }, by: 'anna' }, at);
      expect(await store.deleteFixture('proefflow', '01.json')).toBe(true);
      expect(await listed({ versionHash: 'hash-1' })).toEqual([['02.json', 'versie', 'hash-1', { valid: true }]]);
    });

    it('moves the adjustments stored before 0012 to the open draft or the version in use, and rewrites its own cases', async () => {
      const at = new Date('2026-11-24T10:00:00Z');
      await storage.publishFlowVersion({ flowId: 'met-versie', hash: 'hash-b', origin: 'bestand', author: 'release', source: { document: '{}' }, content: {} });
      await storage.beheer.saveDraft({ flowId: 'met-concept', baseVersion: 1, source: { document: '{}' }, by: 'anna' }, at);
      await storage.close();
      // The database as the release before 0012 left it.
      await backend.execute(() => 'drop table flow_fixture_adjustments');
      await backend.execute(() => 'alter table flow_drafts drop column id');
      await backend.execute((param) => `delete from kysely_migration where name = ${param(1)}`, ['0012_fixture_adjustments']);
      // And without the migrations after it (they run again, in order).
      await backend.execute(() => 'drop table beheer_password_resets');
      await backend.execute((param) => `delete from kysely_migration where name = ${param(1)}`, ['0013_password_resets']);
      await backend.execute(() => 'drop index submissions_flow_idx');
      await backend.execute(() => 'drop index saved_applications_flow_idx');
      await backend.execute(() => 'alter table saved_applications drop column flow_id');
      await backend.execute((param) => `delete from kysely_migration where name = ${param(1)}`, ['0014_usage_counts']);
      await backend.execute(() => 'drop table beheer_login_attempts');
      await backend.execute(() => 'alter table beheer_accounts drop column totp_last_step');
      await backend.execute((param) => `delete from kysely_migration where name = ${param(1)}`, ['0015_login_attempts']);
      await backend.execute(() => 'drop table flow_draft_savers');
      await backend.execute(() => 'alter table beheer_accounts drop column changed_by');
      await backend.execute(() => 'alter table beheer_accounts drop column changed_at');
      await backend.execute((param) => `delete from kysely_migration where name = ${param(1)}`, ['0016_draft_savers']);
      const legacy = { valid: false, errors: { 'stap.naam': "Het veld 'Naam' is niet ingevuld." } };
      const rows: [string, string, unknown][] = [
        ['met-concept', '03-alles-leeg.json', { description: 'Aangepast', data: {}, expected: legacy }],
        ['met-versie', '03-alles-leeg.json', { description: 'Aangepast', data: {}, expected: legacy }],
        ['zonder-beide', '03-alles-leeg.json', { description: 'Aangepast', data: {}, expected: legacy }],
        ['met-concept', 'beheer-eigen.json', { description: 'Eigen', data: {}, expected: legacy }],
      ];
      for (const [flowId, name, fixture] of rows) {
        await backend.execute(
          (param) =>
            `insert into flow_fixtures (flow_id, name, fixture_json, updated_by, updated_at) values (${param(1)}, ${param(2)}, ${param(3)}, 'anna', ${param(4)})`,
          [flowId, name, JSON.stringify(fixture), at.toISOString()],
        );
      }

      storage = await backend.open();
      const store = storage.beheer;
      const draft = (await store.getDraft('met-concept'))!;
      expect(draft.id).toMatch(/^[0-9a-f-]{36}$/);
      const owned = async (flowId: string, owners: { draftId?: string; versionHash?: string }) =>
        (await store.listFixtureAdjustments(flowId, owners)).map((entry) => [entry.name, entry.scope, entry.expected]);
      expect(await owned('met-concept', { draftId: draft.id })).toEqual([['03-alles-leeg.json', 'concept', legacy]]);
      expect(await owned('met-versie', { versionHash: 'hash-b' })).toEqual([['03-alles-leeg.json', 'versie', legacy]]);
      expect((await store.listFixtures()).map((entry) => [entry.flowId, entry.name, entry.fixture])).toEqual([
        ['met-concept', 'beheer-eigen.json', { description: 'Eigen', data: {}, expected: { valid: false, failing: ['stap.naam'] } }],
      ]);
    });
  });
}
