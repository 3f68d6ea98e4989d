// Public types of the back office's part of the storage (migration 0005): accounts, sessions,
// drafts and the history of each flow. Kept apart from types.ts, which holds the applicant side.

import type { BeheerRole, DraftSaveKind, FixtureAdjustmentScope } from '../../shared/beheer';

import type { AttemptReservation, LoginLockout } from './loginAttempts.js';

export { BEHEER_ROLES, type BeheerRole } from '../../shared/beheer';
export type { AttemptReservation, LoginLockout } from './loginAttempts.js';

/** How many saves of a draft are kept: older ones are forgotten. */
export const DRAFT_SAVES_KEPT = 50;

/** Automatic saves of one person within this long of the first share one kept save. */
export const DRAFT_SAVES_COLLAPSE_MS = 2 * 60_000;

/** A local account (the embedded default; production may use OpenID Connect instead). */
export interface BeheerAccount {
  id: string;
  /** In lower case. Shown as the login name; never logged. */
  email: string;
  roles: BeheerRole[];
  /** Argon2id hash in PHC format. */
  passwordHash: string;
  /** The TOTP secret as stored (sealed, see totpSeal.ts), kept from the moment the account starts to turn the second factor on. */
  totpSecret?: string;
  totpEnabled: boolean;
  createdAt: Date;
  lastLoginAt?: Date;
  /** The beheerder who last created or changed the account (roles, password reset), and when. */
  changedBy?: string;
  changedAt?: Date;
}

/** A signed-in back-office user. The id is the SHA-256 of the cookie's token, never the token. */
export interface BeheerSession {
  id: string;
  /** Empty for a session from OpenID Connect. */
  accountId?: string;
  username: string;
  roles: BeheerRole[];
  /** The sign-in before this one (the login banner's 'last login'). */
  previousLoginAt?: Date;
  createdAt: Date;
  expiresAt: Date;
}

/** A reset of an account's password that waits for its code (only the code's SHA-256 is kept). */
export interface PasswordReset {
  accountId: string;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** What using a reset code came to: the password is set, the code's time was up, or no such code (never made, used, or replaced). */
export type PasswordResetOutcome = 'done' | 'expired' | 'unknown';

/** The one open draft of a flow. */
export interface FlowDraft {
  flowId: string;
  /** Which draft this is: new for every draft started, the same while it is saved (its adjustments belong to it). */
  id: string;
  /** The version it started from; undefined for a flow that has none yet. */
  baseVersion?: number;
  /** The document and its English texts, as in a version's `source`. */
  source: unknown;
  createdBy: string;
  createdAt: Date;
  updatedBy: string;
  updatedAt: Date;
  approvedBy?: string;
  approvedAt?: Date;
  /** Set while the draft is exactly a rollback to an earlier version (any later save clears it). */
  rollback?: DraftRollback;
}

/** A draft that rolls the flow back: to which version, and the note of whoever asked for it. */
export interface DraftRollback {
  version: number;
  note: string;
}

/** How a save of a draft came about (migration 0011). */
export type { DraftSaveKind } from '../../shared/beheer';

/** One kept save of a draft: its content (when asked for one save), who saved it and when. */
export interface DraftSave {
  id: string;
  flowId: string;
  kind: DraftSaveKind;
  savedBy: string;
  /** When this row started: automatic saves close together share one row. */
  firstSavedAt: Date;
  savedAt: Date;
  /** What this save changed against the one before, in a sentence (empty when not known). */
  summary?: string;
}

/** A draft to write (see {@link BeheerStore.writeDraft}). */
export interface DraftWrite {
  flowId: string;
  baseVersion?: number;
  source: unknown;
  by: string;
  /** How the save came about (default 'opgeslagen'). */
  kind?: DraftSaveKind;
  /**
   * The draft's `updatedAt` the writer last saw: the write is refused when the draft changed since
   * (or was deleted). `null`: the writer expects no draft. Left out: the draft is written whatever
   * it is now (a file imported as the draft, a first start).
   */
  expected?: Date | null;
  rollback?: DraftRollback;
  /** The change sentence of this save, given the content of the save it is compared with. */
  describe?: (previous: unknown) => string | undefined;
}

/** A write of a draft: done, or refused because the draft is no longer what the writer saw. */
export type DraftWriteOutcome = { draft: FlowDraft } | { conflict: FlowDraft | undefined };

/** What was done to a flow, for its history list. */
export type FlowEventAction = 'aangemaakt' | 'bewerkt' | 'goedgekeurd' | 'gepubliceerd' | 'teruggezet' | 'verwijderd' | 'geimporteerd';

export interface FlowEvent {
  id: string;
  flowId: string;
  version?: number;
  action: FlowEventAction;
  /** The user name of who did it. */
  actor: string;
  note?: string;
  at: Date;
}

/** A test case added in the back office (the same shape as a fixture file in the repository). */
export interface StoredFixture {
  flowId: string;
  /** Unique per flow; the name of a repository fixture when it takes that one's place. */
  name: string;
  fixture: unknown;
  updatedBy: string;
  updatedAt: Date;
}

/**
 * The outcome of a test case taken over as its expectation ('Nieuwe uitkomst overnemen'): it belongs
 * to the draft it was made in, and after publishing to the content of the version published.
 */
export interface FixtureAdjustment {
  flowId: string;
  /** The case's name (a repository fixture's file name, or a back-office case's). */
  name: string;
  scope: FixtureAdjustmentScope;
  /** The draft's id ('concept') or the version's content hash ('versie'). */
  scopeRef: string;
  /** The expectation, as in a fixture file's `expected`. */
  expected: unknown;
  updatedBy: string;
  updatedAt: Date;
}

/** Feedback of one page in one month. */
export interface FeedbackSummaryRow {
  url: string;
  /** 'YYYY-MM' (UTC). */
  month: string;
  count: number;
  /** Average rating, 1 to 5. */
  average: number;
}

/** One comment from the feedback dialog (may hold personal data: shown to 'beheerder' only, never logged). */
export interface FeedbackComment {
  at: Date;
  url: string;
  rating: number;
  comment: string;
}

/** The back office's queries; every error leaves as StorageError. */
export interface BeheerStore {
  countAccounts(): Promise<number>;
  /** `by`: the beheerder who creates it (none for the first account). @throws {StorageError} (e.g. when the address has an account already). */
  createAccount(input: { email: string; passwordHash: string; roles: BeheerRole[]; by?: string }): Promise<BeheerAccount>;
  /** Every account, by address. */
  listAccounts(): Promise<BeheerAccount[]>;
  findAccountByEmail(email: string): Promise<BeheerAccount | undefined>;
  findAccount(id: string): Promise<BeheerAccount | undefined>;
  /**
   * Counts an attempt to prove the password of an address (known or not) before it is checked, in one
   * statement: refused when the address has used up its attempts or waits.
   */
  reserveSignIn(email: string, lockout: LoginLockout, now: Date): Promise<AttemptReservation>;
  /** The reserved attempt failed; true when the address now waits until `now + seconds`. */
  failSignIn(email: string, lockout: LoginLockout, now: Date): Promise<boolean>;
  /** The reserved attempt succeeded: the count starts again. False when the address was locked meanwhile. */
  passSignIn(email: string, now: Date): Promise<boolean>;
  /** Forgets counts whose window and lock have passed. */
  purgeLoginAttempts(windowSeconds: number, now: Date): Promise<number>;
  /** A successful sign-in. Answers the sign-in before this one. */
  recordLogin(id: string, now: Date): Promise<Date | undefined>;
  /** Uses the second factor's time step `step`: false when this or a later step was used already (a code works once). */
  useTotpStep(id: string, step: number): Promise<boolean>;
  /** Gives an account other roles (`changed`: by which beheerder, when) and ends its sessions (they carry the old roles); false when there is no such account. */
  setAccountRoles(id: string, roles: BeheerRole[], changed?: { by: string; at: Date }): Promise<boolean>;
  /** Removes an account with its sessions; false when there was none. */
  deleteAccount(id: string): Promise<boolean>;
  /** Ends every session of an account but `keepSessionId`; answers how many ended. */
  endAccountSessions(id: string, keepSessionId?: string): Promise<number>;
  /**
   * A password changed by its holder: the new hash, the count of failures starts again, an open
   * reset is dropped and every other session of the account ends. False when there is no such account.
   */
  changePassword(id: string, passwordHash: string, keepSessionId: string): Promise<boolean>;
  /**
   * Starts a reset, in one transaction: replaces an open one of the account, puts `passwordHash` (one
   * that opens nothing) in place of the password, turns the second factor off when asked, and ends
   * the account's sessions. False when there is no such account.
   */
  startPasswordReset(reset: PasswordReset, options: { passwordHash: string; turnOffTotp: boolean; by?: string }): Promise<boolean>;
  /**
   * Uses a reset code once: with a code that is still valid at `now`, the account gets `passwordHash`,
   * is no longer locked and has no sessions; the code is gone either way (also when expired).
   */
  finishPasswordReset(codeHash: string, passwordHash: string, now: Date): Promise<PasswordResetOutcome>;
  /** The resets still valid at `now`. */
  listPasswordResets(now: Date): Promise<PasswordReset[]>;
  /** Forgets resets whose time was up before `now`. */
  purgePasswordResets(now: Date): Promise<number>;
  /** Sets (or clears, with undefined) the TOTP secret and whether it is asked at sign-in; with `replacing`, only while the stored secret is that one. */
  setTotp(id: string, secret: string | undefined, enabled: boolean, replacing?: string): Promise<void>;
  createSession(session: BeheerSession): Promise<void>;
  /** A session that has not expired at `now`. */
  findSession(id: string, now: Date): Promise<BeheerSession | undefined>;
  extendSession(id: string, expiresAt: Date): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Forgets sessions that ended before `now`. */
  purgeSessions(now: Date): Promise<number>;
  getDraft(flowId: string): Promise<FlowDraft | undefined>;
  listDrafts(): Promise<FlowDraft[]>;
  /** Writes the draft (creating it when there is none); a changed draft loses its approval. */
  saveDraft(draft: { flowId: string; baseVersion?: number; source: unknown; by: string }, now: Date): Promise<FlowDraft>;
  /**
   * Writes the draft and keeps the save in its history (the last {@link DRAFT_SAVES_KEPT}; an
   * automatic save of the same person shortly after the last one takes that one's row). Refused,
   * writing nothing, when `expected` is given and the draft is no longer that.
   */
  writeDraft(draft: DraftWrite, now: Date): Promise<DraftWriteOutcome>;
  /** The kept saves of a flow's draft, newest first, without their content. */
  listDraftSaves(flowId: string): Promise<DraftSave[]>;
  /** One kept save with its content. */
  getDraftSave(flowId: string, id: string): Promise<(DraftSave & { source: unknown }) | undefined>;
  /** Everyone who saved the open draft of a flow, however long ago. */
  listDraftSavers(flowId: string): Promise<string[]>;
  /** Records the approval of the draft as it is at `updatedAt`; false when it changed since. */
  approveDraft(flowId: string, by: string, updatedAt: Date, now: Date): Promise<boolean>;
  /**
   * Removes the draft with its kept saves and the adjustments of test cases made in it. With
   * `expected`, only the draft as it was then: false (and nothing removed) when it changed since or is gone.
   */
  deleteDraft(flowId: string, expected?: Date): Promise<boolean>;
  /** Ratings per page and month from `from` up to (not including) `until`, newest month first. */
  feedbackSummary(from: Date, until: Date): Promise<FeedbackSummaryRow[]>;
  /** The comments in that period, newest first, a page at a time. */
  feedbackComments(from: Date, until: Date, offset: number, limit: number): Promise<{ total: number; rows: FeedbackComment[] }>;
  /** The test cases added in the back office (of one flow, or of all), by flow and name. */
  listFixtures(flowId?: string): Promise<StoredFixture[]>;
  /** Writes a test case (replacing one of the same name). */
  saveFixture(input: { flowId: string; name: string; fixture: unknown; by: string }, now: Date): Promise<StoredFixture>;
  /** False when there was none of that name. Its adjustments go with it. */
  deleteFixture(flowId: string, name: string): Promise<boolean>;
  /** The adjustments of a flow's cases that belong to a draft (its id) or to a version's content (its hash). */
  listFixtureAdjustments(flowId: string, owners: { draftId?: string; versionHash?: string }): Promise<FixtureAdjustment[]>;
  /** Writes the adjustment of a case (replacing one of the same case and owner). */
  saveFixtureAdjustment(
    input: { flowId: string; name: string; scope: FixtureAdjustmentScope; scopeRef: string; expected: unknown; by: string },
    now: Date,
  ): Promise<FixtureAdjustment>;
  /** False when there was none. */
  deleteFixtureAdjustment(flowId: string, name: string, scope: FixtureAdjustmentScope, scopeRef: string): Promise<boolean>;
  /**
   * Keeps the adjustments of a draft that is being published as those of the version's content
   * (replacing adjustments that content had). Call before deleting the draft.
   */
  keepDraftAdjustments(flowId: string, draftId: string, versionHash: string): Promise<void>;
  addFlowEvent(event: Omit<FlowEvent, 'id'>): Promise<FlowEvent>;
  /** Newest first. */
  listFlowEvents(flowId: string): Promise<FlowEvent[]>;
}
