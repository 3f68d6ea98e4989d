// The back office's queries (migrations 0005 and 0013), the same kysely code on SQLite and PostgreSQL.
// Dates are ISO-8601 text like everywhere else in the schema; roles a space-separated list.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { toStorageError } from './errors.js';
import type {
  BeheerAccountsTable,
  BeheerPasswordResetsTable,
  BeheerSessionsTable,
  Database,
  FlowEventsTable,
  FlowFixtureAdjustmentsTable,
  FlowFixturesTable,
} from './schema.js';
import { clearAttempts, failAttempt, passAttempt, purgeAttempts, reserveAttempt } from './loginAttempts.js';
import { deleteDraft, draftOf, getDraftSave, listDraftSaves, writeDraft } from './draftSaves.js';
import {
  BEHEER_ROLES,
  type AttemptReservation,
  type BeheerAccount,
  type BeheerRole,
  type LoginLockout,
  type BeheerSession,
  type BeheerStore,
  type DraftSave,
  type DraftWrite,
  type DraftWriteOutcome,
  type FeedbackComment,
  type FeedbackSummaryRow,
  type FixtureAdjustment,
  type FlowDraft,
  type FlowEvent,
  type FlowEventAction,
  type PasswordReset,
  type PasswordResetOutcome,
  type StoredFixture,
} from './beheerTypes.js';
import type { StorageEngine } from './types.js';

function rolesOf(text: string): BeheerRole[] {
  return text.split(' ').filter((role): role is BeheerRole => (BEHEER_ROLES as readonly string[]).includes(role));
}

const dateOf = (text: string | null): Date | undefined => (text === null ? undefined : new Date(text));

function accountOf(row: Selectable<BeheerAccountsTable>): BeheerAccount {
  return {
    id: row.id,
    email: row.email,
    roles: rolesOf(row.roles),
    passwordHash: row.password_hash,
    ...(row.totp_secret === null ? {} : { totpSecret: row.totp_secret }),
    totpEnabled: Number(row.totp_enabled) === 1,
    createdAt: new Date(row.created_at),
    ...(row.last_login_at === null ? {} : { lastLoginAt: new Date(row.last_login_at) }),
    ...(row.changed_by ? { changedBy: row.changed_by } : {}),
    ...(row.changed_at ? { changedAt: new Date(row.changed_at) } : {}),
  };
}

function sessionOf(row: Selectable<BeheerSessionsTable>): BeheerSession {
  return {
    id: row.id,
    ...(row.account_id === null ? {} : { accountId: row.account_id }),
    username: row.username,
    roles: rolesOf(row.roles),
    ...(row.previous_login_at === null ? {} : { previousLoginAt: new Date(row.previous_login_at) }),
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
}

function resetOf(row: Selectable<BeheerPasswordResetsTable>): PasswordReset {
  return { accountId: row.account_id, codeHash: row.code_hash, createdAt: new Date(row.created_at), expiresAt: new Date(row.expires_at) };
}

function eventOf(row: Selectable<FlowEventsTable>): FlowEvent {
  return {
    id: row.id,
    flowId: row.flow_id,
    ...(row.version === null ? {} : { version: Number(row.version) }),
    action: row.action as FlowEventAction,
    actor: row.actor,
    ...(row.note === null ? {} : { note: row.note }),
    at: new Date(row.at),
  };
}

function fixtureOf(row: Selectable<FlowFixturesTable>): StoredFixture {
  return {
    flowId: row.flow_id,
    name: row.name,
    fixture: JSON.parse(row.fixture_json) as unknown,
    updatedBy: row.updated_by,
    updatedAt: new Date(row.updated_at),
  };
}

function adjustmentOf(row: Selectable<FlowFixtureAdjustmentsTable>): FixtureAdjustment {
  return {
    flowId: row.flow_id,
    name: row.name,
    scope: row.scope,
    scopeRef: row.scope_ref,
    expected: JSON.parse(row.expected_json) as unknown,
    updatedBy: row.updated_by,
    updatedAt: new Date(row.updated_at),
  };
}

export class KyselyBeheerStore implements BeheerStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: StorageEngine,
  ) {}

  /** Runs a query; a database error leaves as StorageError naming the operation only. */
  async #run<T>(operation: string, query: () => Promise<T>): Promise<T> {
    try {
      return await query();
    } catch (error) {
      throw toStorageError(operation, this.engine, error);
    }
  }

  countAccounts(): Promise<number> {
    return this.#run('countAccounts', async () => {
      const row = await this.db
        .selectFrom('beheer_accounts')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    });
  }

  createAccount(input: { email: string; passwordHash: string; roles: BeheerRole[]; by?: string }): Promise<BeheerAccount> {
    return this.#run('createAccount', async () => {
      const createdAt = new Date().toISOString();
      const row = {
        id: randomUUID(),
        email: input.email.trim().toLowerCase(),
        password_hash: input.passwordHash,
        roles: input.roles.join(' '),
        totp_secret: null,
        totp_enabled: 0,
        failed_logins: 0,
        locked_until: null,
        created_at: createdAt,
        last_login_at: null,
        totp_last_step: null,
        changed_by: input.by ?? null,
        changed_at: input.by ? createdAt : null,
      };
      await this.db.insertInto('beheer_accounts').values(row).execute();
      return accountOf(row);
    });
  }

  listAccounts(): Promise<BeheerAccount[]> {
    return this.#run('listAccounts', async () => (await this.db.selectFrom('beheer_accounts').selectAll().orderBy('email').execute()).map(accountOf));
  }

  findAccountByEmail(email: string): Promise<BeheerAccount | undefined> {
    return this.#run('findAccountByEmail', async () => {
      const row = await this.db.selectFrom('beheer_accounts').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
      return row ? accountOf(row) : undefined;
    });
  }

  findAccount(id: string): Promise<BeheerAccount | undefined> {
    return this.#run('findAccount', async () => {
      const row = await this.db.selectFrom('beheer_accounts').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? accountOf(row) : undefined;
    });
  }

  reserveSignIn(email: string, lockout: LoginLockout, now: Date): Promise<AttemptReservation> {
    return this.#run('reserveSignIn', () => reserveAttempt(this.db, email, lockout, now));
  }

  failSignIn(email: string, lockout: LoginLockout, now: Date): Promise<boolean> {
    return this.#run('failSignIn', () => failAttempt(this.db, email, lockout, now));
  }

  passSignIn(email: string, now: Date): Promise<boolean> {
    return this.#run('passSignIn', () => passAttempt(this.db, email, now));
  }

  purgeLoginAttempts(windowSeconds: number, now: Date): Promise<number> {
    return this.#run('purgeLoginAttempts', () => purgeAttempts(this.db, windowSeconds, now));
  }

  recordLogin(id: string, now: Date): Promise<Date | undefined> {
    return this.#run('recordLogin', async () => {
      const row = await this.db.selectFrom('beheer_accounts').select('last_login_at').where('id', '=', id).executeTakeFirst();
      await this.db.updateTable('beheer_accounts').set({ last_login_at: now.toISOString() }).where('id', '=', id).execute();
      return dateOf(row?.last_login_at ?? null);
    });
  }

  useTotpStep(id: string, step: number): Promise<boolean> {
    return this.#run('useTotpStep', async () => {
      // One statement: of two sign-ins with the same code at once, one updates the row.
      const result = await this.db
        .updateTable('beheer_accounts')
        .set({ totp_last_step: step })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  setAccountRoles(id: string, roles: BeheerRole[], changed?: { by: string; at: Date }): Promise<boolean> {
    return this.#run('setAccountRoles', () =>
      this.db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('beheer_accounts')
          .set({ roles: roles.join(' '), ...(changed ? { changed_by: changed.by, changed_at: changed.at.toISOString() } : {}) })
          .where('id', '=', id)
          .executeTakeFirst();
        await trx.deleteFrom('beheer_sessions').where('account_id', '=', id).execute();
        return Number(result.numUpdatedRows) === 1;
      }),
    );
  }

  deleteAccount(id: string): Promise<boolean> {
    return this.#run('deleteAccount', () =>
      this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('beheer_sessions').where('account_id', '=', id).execute();
        await trx.deleteFrom('beheer_password_resets').where('account_id', '=', id).execute();
        const result = await trx.deleteFrom('beheer_accounts').where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) === 1;
      }),
    );
  }

  endAccountSessions(id: string, keepSessionId?: string): Promise<number> {
    return this.#run('endAccountSessions', async () => {
      let query = this.db.deleteFrom('beheer_sessions').where('account_id', '=', id);
      if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
      return Number((await query.executeTakeFirst()).numDeletedRows);
    });
  }

  changePassword(id: string, passwordHash: string, keepSessionId: string): Promise<boolean> {
    return this.#run('changePassword', () =>
      this.db.transaction().execute(async (trx) => {
        const result = await trx.updateTable('beheer_accounts').set({ password_hash: passwordHash }).where('id', '=', id).returning('email').executeTakeFirst();
        if (!result) return false;
        await clearAttempts(trx, result.email);
        await trx.deleteFrom('beheer_password_resets').where('account_id', '=', id).execute();
        await trx.deleteFrom('beheer_sessions').where('account_id', '=', id).where('id', '!=', keepSessionId).execute();
        return true;
      }),
    );
  }

  startPasswordReset(reset: PasswordReset, options: { passwordHash: string; turnOffTotp: boolean; by?: string }): Promise<boolean> {
    return this.#run('startPasswordReset', () =>
      this.db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('beheer_accounts')
          .set({
            password_hash: options.passwordHash,
            ...(options.by ? { changed_by: options.by, changed_at: reset.createdAt.toISOString() } : {}),
            ...(options.turnOffTotp ? { totp_secret: null, totp_enabled: 0, totp_last_step: null } : {}),
          })
          .where('id', '=', reset.accountId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx.deleteFrom('beheer_password_resets').where('account_id', '=', reset.accountId).execute();
        await trx
          .insertInto('beheer_password_resets')
          .values({
            account_id: reset.accountId,
            code_hash: reset.codeHash,
            created_at: reset.createdAt.toISOString(),
            expires_at: reset.expiresAt.toISOString(),
          })
          .execute();
        await trx.deleteFrom('beheer_sessions').where('account_id', '=', reset.accountId).execute();
        return true;
      }),
    );
  }

  finishPasswordReset(codeHash: string, passwordHash: string, now: Date): Promise<PasswordResetOutcome> {
    return this.#run('finishPasswordReset', () =>
      this.db.transaction().execute(async (trx): Promise<PasswordResetOutcome> => {
        const row = await trx.selectFrom('beheer_password_resets').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
        if (!row) return 'unknown';
        // Whoever deletes the row uses the code: a second request with it at the same moment deletes nothing.
        const taken = await trx.deleteFrom('beheer_password_resets').where('code_hash', '=', codeHash).executeTakeFirst();
        if (Number(taken.numDeletedRows) !== 1) return 'unknown';
        if (new Date(row.expires_at) <= now) return 'expired';
        const account = await trx
          .updateTable('beheer_accounts')
          .set({ password_hash: passwordHash })
          .where('id', '=', row.account_id)
          .returning('email')
          .executeTakeFirst();
        if (account) await clearAttempts(trx, account.email);
        await trx.deleteFrom('beheer_sessions').where('account_id', '=', row.account_id).execute();
        return 'done';
      }),
    );
  }

  listPasswordResets(now: Date): Promise<PasswordReset[]> {
    return this.#run('listPasswordResets', async () =>
      (await this.db.selectFrom('beheer_password_resets').selectAll().where('expires_at', '>', now.toISOString()).execute()).map(resetOf),
    );
  }

  purgePasswordResets(now: Date): Promise<number> {
    return this.#run('purgePasswordResets', async () => {
      const result = await this.db.deleteFrom('beheer_password_resets').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  setTotp(id: string, secret: string | undefined, enabled: boolean, replacing?: string): Promise<void> {
    return this.#run('setTotp', async () => {
      let query = this.db
        .updateTable('beheer_accounts')
        .set({ totp_secret: secret ?? null, totp_enabled: enabled ? 1 : 0, ...(secret === undefined ? { totp_last_step: null } : {}) })
        .where('id', '=', id);
      if (replacing !== undefined) query = query.where('totp_secret', '=', replacing);
      await query.execute();
    });
  }

  createSession(session: BeheerSession): Promise<void> {
    return this.#run('createSession', async () => {
      await this.db
        .insertInto('beheer_sessions')
        .values({
          id: session.id,
          account_id: session.accountId ?? null,
          username: session.username,
          roles: session.roles.join(' '),
          previous_login_at: session.previousLoginAt?.toISOString() ?? null,
          created_at: session.createdAt.toISOString(),
          expires_at: session.expiresAt.toISOString(),
        })
        .execute();
    });
  }

  findSession(id: string, now: Date): Promise<BeheerSession | undefined> {
    return this.#run('findSession', async () => {
      const row = await this.db.selectFrom('beheer_sessions').selectAll().where('id', '=', id).where('expires_at', '>', now.toISOString()).executeTakeFirst();
      return row ? sessionOf(row) : undefined;
    });
  }

  extendSession(id: string, expiresAt: Date): Promise<void> {
    return this.#run('extendSession', async () => {
      await this.db.updateTable('beheer_sessions').set({ expires_at: expiresAt.toISOString() }).where('id', '=', id).execute();
    });
  }

  deleteSession(id: string): Promise<void> {
    return this.#run('deleteSession', async () => {
      await this.db.deleteFrom('beheer_sessions').where('id', '=', id).execute();
    });
  }

  purgeSessions(now: Date): Promise<number> {
    return this.#run('purgeSessions', async () => {
      const result = await this.db.deleteFrom('beheer_sessions').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  getDraft(flowId: string): Promise<FlowDraft | undefined> {
    return this.#run('getDraft', async () => {
      const row = await this.db.selectFrom('flow_drafts').selectAll().where('flow_id', '=', flowId).executeTakeFirst();
      return row ? draftOf(row) : undefined;
    });
  }

  listDrafts(): Promise<FlowDraft[]> {
    return this.#run('listDrafts', async () => (await this.db.selectFrom('flow_drafts').selectAll().orderBy('flow_id').execute()).map(draftOf));
  }

  async saveDraft(draft: { flowId: string; baseVersion?: number; source: unknown; by: string }, now: Date): Promise<FlowDraft> {
    const outcome = await this.writeDraft(draft, now);
    // Only a writer that came in between (a race of two first saves) leaves a conflict without `expected`.
    if (!('draft' in outcome)) throw toStorageError('saveDraft', this.engine, new Error('draft written concurrently'));
    return outcome.draft;
  }

  writeDraft(draft: DraftWrite, now: Date): Promise<DraftWriteOutcome> {
    return this.#run('writeDraft', () => writeDraft(this.db, draft, now));
  }

  listDraftSaves(flowId: string): Promise<DraftSave[]> {
    return this.#run('listDraftSaves', () => listDraftSaves(this.db, flowId));
  }

  getDraftSave(flowId: string, id: string): Promise<(DraftSave & { source: unknown }) | undefined> {
    return this.#run('getDraftSave', () => getDraftSave(this.db, flowId, id));
  }

  listDraftSavers(flowId: string): Promise<string[]> {
    return this.#run('listDraftSavers', async () =>
      (await this.db.selectFrom('flow_draft_savers').select('saved_by').where('flow_id', '=', flowId).execute()).map((row) => row.saved_by),
    );
  }

  approveDraft(flowId: string, by: string, updatedAt: Date, now: Date): Promise<boolean> {
    return this.#run('approveDraft', async () => {
      const result = await this.db
        .updateTable('flow_drafts')
        .set({ approved_by: by, approved_at: now.toISOString() })
        .where('flow_id', '=', flowId)
        .where('updated_at', '=', updatedAt.toISOString())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  deleteDraft(flowId: string, expected?: Date): Promise<boolean> {
    return this.#run('deleteDraft', () => deleteDraft(this.db, flowId, expected));
  }

  feedbackSummary(from: Date, until: Date): Promise<FeedbackSummaryRow[]> {
    return this.#run('feedbackSummary', async () => {
      const rows = await this.db
        .selectFrom('user_opinions')
        .select((eb) => [
          'url',
          eb.fn<string>('substr', ['created_at', eb.val(1), eb.val(7)]).as('month'),
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.avg<number | string>('rating').as('average'),
        ])
        .where('created_at', '>=', from.toISOString())
        .where('created_at', '<', until.toISOString())
        .groupBy(['url', 'month'])
        .orderBy('month', 'desc')
        .orderBy('url')
        .execute();
      return rows.map((row) => ({ url: row.url, month: row.month, count: Number(row.count), average: Number(row.average) }));
    });
  }

  feedbackComments(from: Date, until: Date, offset: number, limit: number): Promise<{ total: number; rows: FeedbackComment[] }> {
    return this.#run('feedbackComments', async () => {
      const base = this.db
        .selectFrom('user_opinions')
        .where('created_at', '>=', from.toISOString())
        .where('created_at', '<', until.toISOString())
        .where('comment', 'is not', null)
        .where('comment', '!=', '');
      const total = await base.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
      const rows = await base
        .select(['created_at', 'url', 'rating', 'comment'])
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
      return {
        total: Number(total.count),
        rows: rows.map((row) => ({ at: new Date(row.created_at), url: row.url, rating: Number(row.rating), comment: row.comment ?? '' })),
      };
    });
  }

  listFixtures(flowId?: string): Promise<StoredFixture[]> {
    return this.#run('listFixtures', async () => {
      let query = this.db.selectFrom('flow_fixtures').selectAll();
      if (flowId !== undefined) query = query.where('flow_id', '=', flowId);
      return (await query.orderBy('flow_id').orderBy('name').execute()).map(fixtureOf);
    });
  }

  saveFixture(input: { flowId: string; name: string; fixture: unknown; by: string }, now: Date): Promise<StoredFixture> {
    const text = JSON.stringify(input.fixture);
    if (text === undefined) throw new TypeError('fixture is not JSON-serialisable');
    return this.#run('saveFixture', async () => {
      const row = { flow_id: input.flowId, name: input.name, fixture_json: text, updated_by: input.by, updated_at: now.toISOString() };
      await this.db
        .insertInto('flow_fixtures')
        .values(row)
        .onConflict((oc) => oc.columns(['flow_id', 'name']).doUpdateSet({ fixture_json: text, updated_by: input.by, updated_at: row.updated_at }))
        .execute();
      return fixtureOf(row);
    });
  }

  deleteFixture(flowId: string, name: string): Promise<boolean> {
    return this.#run('deleteFixture', () =>
      this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('flow_fixture_adjustments').where('flow_id', '=', flowId).where('name', '=', name).execute();
        const result = await trx.deleteFrom('flow_fixtures').where('flow_id', '=', flowId).where('name', '=', name).executeTakeFirst();
        return Number(result.numDeletedRows) === 1;
      }),
    );
  }

  listFixtureAdjustments(flowId: string, owners: { draftId?: string; versionHash?: string }): Promise<FixtureAdjustment[]> {
    return this.#run('listFixtureAdjustments', async () => {
      const { draftId, versionHash } = owners;
      if (draftId === undefined && versionHash === undefined) return [];
      const rows = await this.db
        .selectFrom('flow_fixture_adjustments')
        .selectAll()
        .where('flow_id', '=', flowId)
        .where((eb) =>
          eb.or([
            ...(draftId !== undefined ? [eb.and([eb('scope', '=', 'concept'), eb('scope_ref', '=', draftId)])] : []),
            ...(versionHash !== undefined ? [eb.and([eb('scope', '=', 'versie'), eb('scope_ref', '=', versionHash)])] : []),
          ]),
        )
        .orderBy('name')
        .orderBy('scope')
        .execute();
      return rows.map(adjustmentOf);
    });
  }

  saveFixtureAdjustment(
    input: { flowId: string; name: string; scope: 'concept' | 'versie'; scopeRef: string; expected: unknown; by: string },
    now: Date,
  ): Promise<FixtureAdjustment> {
    const text = JSON.stringify(input.expected);
    if (text === undefined) throw new TypeError('expectation is not JSON-serialisable');
    return this.#run('saveFixtureAdjustment', async () => {
      const row = {
        flow_id: input.flowId,
        name: input.name,
        scope: input.scope,
        scope_ref: input.scopeRef,
        expected_json: text,
        updated_by: input.by,
        updated_at: now.toISOString(),
      };
      await this.db
        .insertInto('flow_fixture_adjustments')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['flow_id', 'name', 'scope', 'scope_ref']).doUpdateSet({ expected_json: text, updated_by: input.by, updated_at: row.updated_at }),
        )
        .execute();
      return adjustmentOf(row);
    });
  }

  deleteFixtureAdjustment(flowId: string, name: string, scope: 'concept' | 'versie', scopeRef: string): Promise<boolean> {
    return this.#run('deleteFixtureAdjustment', async () => {
      const result = await this.db
        .deleteFrom('flow_fixture_adjustments')
        .where('flow_id', '=', flowId)
        .where('name', '=', name)
        .where('scope', '=', scope)
        .where('scope_ref', '=', scopeRef)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    });
  }

  keepDraftAdjustments(flowId: string, draftId: string, versionHash: string): Promise<void> {
    return this.#run('keepDraftAdjustments', () =>
      this.db.transaction().execute(async (trx) => {
        const names = trx
          .selectFrom('flow_fixture_adjustments')
          .select('name')
          .where('flow_id', '=', flowId)
          .where('scope', '=', 'concept')
          .where('scope_ref', '=', draftId);
        await trx
          .deleteFrom('flow_fixture_adjustments')
          .where('flow_id', '=', flowId)
          .where('scope', '=', 'versie')
          .where('scope_ref', '=', versionHash)
          .where('name', 'in', names)
          .execute();
        await trx
          .updateTable('flow_fixture_adjustments')
          .set({ scope: 'versie', scope_ref: versionHash })
          .where('flow_id', '=', flowId)
          .where('scope', '=', 'concept')
          .where('scope_ref', '=', draftId)
          .execute();
      }),
    );
  }

  addFlowEvent(event: Omit<FlowEvent, 'id'>): Promise<FlowEvent> {
    return this.#run('addFlowEvent', async () => {
      const row = {
        id: randomUUID(),
        flow_id: event.flowId,
        version: event.version ?? null,
        action: event.action,
        actor: event.actor,
        note: event.note ?? null,
        at: event.at.toISOString(),
      };
      await this.db.insertInto('flow_events').values(row).execute();
      return eventOf(row);
    });
  }

  listFlowEvents(flowId: string): Promise<FlowEvent[]> {
    return this.#run('listFlowEvents', async () =>
      (await this.db.selectFrom('flow_events').selectAll().where('flow_id', '=', flowId).orderBy('at', 'desc').orderBy('id').execute()).map(eventOf),
    );
  }
}
