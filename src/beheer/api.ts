/**
 * The back office's calls to /api/beheer, on the portal's one HTTP client (CSRF header included).
 * A refused call becomes a BeheerError with the server's Dutch message and error codes.
 */
import { getJson, isHttpError, post } from '../api/client';
import type { Lang } from '../../renderer/core/i18n';
import {
  BEHEER_ROLES,
  type AccountRow,
  type AccountsAnswer,
  type BeheerRole,
  type BuildingBlocks,
  type CodeBody,
  type CoverageAnswer,
  type DiffAnswer,
  type DraftAnswer,
  type DraftSaveBody,
  type DraftSavesAnswer,
  type DraftSeenBody,
  type FeedbackAnswer,
  type FeedbackComments,
  type FlowHistoryAnswer,
  type FlowsAnswer,
  type FlowSource,
  type NewAccountBody,
  type NewFixtureAnswer,
  type NewFixtureBody,
  type PasswordChangeBody,
  type PasswordResetAnswer,
  type PasswordResetBody,
  type PasswordSetBody,
  type PreviewAnswer,
  type PublishAnswer,
  type PublishBody,
  type RollbackAnswer,
  type RollbackBody,
  type RolesBody,
  type SecondFactorSetup,
  type SessionAnswer,
  type SignInBody,
  type SignInOptions,
  type UsageCounts,
} from '../shared/beheer';

export type {
  AccountRow,
  BeheerUser,
  BuildingBlocks,
  CoverageAnswer,
  CoverageItem,
  DraftAnswer,
  DraftSaveKind,
  DraftSaveRow,
  FeedbackAnswer,
  FeedbackComments,
  Finding,
  FixtureRun,
  FlowRow,
  FlowSource,
  HistoryEntry,
  PreviewAnswer,
  RollbackAnswer,
  SessionAnswer,
  UsageCounts,
  VersionRow,
} from '../shared/beheer';

export type Role = BeheerRole;

/** How the pages name each role (every role must have a name: the type says so). */
export const ROLE_NAMES: Record<Role, { label: string; hint: string }> = {
  redacteur: { label: 'Redacteur', hint: 'start en bewerkt concepten' },
  publicist: { label: 'Publicist', hint: 'keurt goed, publiceert en zet terug' },
  beheerder: { label: 'Beheerder', hint: 'beheert accounts' },
};

export const ROLES = BEHEER_ROLES.map((role) => ({ role, ...ROLE_NAMES[role] }));

/** The roles in words, e.g. 'Redacteur, Publicist'. */
export const roleNames = (roles: readonly Role[]) => roles.map((role) => ROLE_NAMES[role].label).join(', ');

function periodQuery(period: { from?: string; to?: string }): string {
  return new URLSearchParams({ ...(period.from ? { van: period.from } : {}), ...(period.to ? { tm: period.to } : {}) }).toString();
}

export class BeheerError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly codes: string[],
    /** The server's message per field it refused (its `UVAL-01` items: field name, message). */
    readonly fields: Record<string, string> = {},
    /** Each error item's details, in the order of `codes` (e.g. who saved a draft, and when). */
    readonly extraInfo: string[][] = [],
  ) {
    super(message);
  }
}

/** The draft was saved (or deleted) by someone else since this page had it: who and when, if it still exists. */
export function draftConflict(error: unknown): { updatedAt?: string; updatedBy?: string } | undefined {
  if (!(error instanceof BeheerError) || error.status !== 409) return undefined;
  const index = error.codes.indexOf(DRAFT_CHANGED);
  if (index < 0) return undefined;
  const [updatedAt, updatedBy] = error.extraInfo[index] ?? [];
  return updatedAt ? { updatedAt, updatedBy } : {};
}

/** The error code of a draft that changed since it was read (UBEH-09). */
export const DRAFT_CHANGED = 'UBEH-09';

const FALLBACK = 'Er is een technische fout opgetreden. Probeer het later opnieuw.';

async function refusal(error: unknown): Promise<never> {
  if (isHttpError(error)) {
    const body = (await error.response.json().catch(() => undefined)) as { detail?: string; errors?: { code?: string; extraInfo?: string[] }[] } | undefined;
    const items = body?.errors ?? [];
    const fields = Object.fromEntries(
      items.flatMap((item) => (item.code === 'UVAL-01' && item.extraInfo?.length === 2 ? [[item.extraInfo[0], item.extraInfo[1]]] : [])),
    );
    throw new BeheerError(
      error.response.status,
      body?.detail ?? FALLBACK,
      items.map((item) => item.code ?? ''),
      fields,
      items.map((item) => item.extraInfo ?? []),
    );
  }
  throw new BeheerError(0, 'De server is niet bereikbaar. Controleer uw verbinding en probeer het opnieuw.', []);
}

async function get<T>(path: string): Promise<T> {
  return getJson<T>(`beheer/${path}`, { cache: 'no-store' }).catch(refusal);
}

async function send<T>(path: string, json: unknown, method: 'post' | 'put' | 'delete' = 'post'): Promise<T> {
  const response = await post(`beheer/${path}`, { method, ...(json === undefined ? {} : { json }) }).catch(refusal);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

const flowPath = (flowId: string, rest = '') => `flows/${encodeURIComponent(flowId)}${rest}`;

export const beheerApi = {
  session: () => get<SessionAnswer>('sessie'),
  signInOptions: () => get<SignInOptions>('inloggen'),
  signIn: (email: string, wachtwoord: string, code?: string) =>
    send<SessionAnswer>('inloggen', { email, wachtwoord, ...(code ? { code } : {}) } satisfies SignInBody),
  signOut: () => send<void>('uitloggen', {}),
  flows: () => get<FlowsAnswer>('flows'),
  history: (flowId: string) => get<FlowHistoryAnswer>(flowPath(flowId, '/geschiedenis')),
  draft: (flowId: string) => get<DraftAnswer>(flowPath(flowId, '/concept')),
  startDraft: (flowId: string) => send<DraftAnswer>(flowPath(flowId, '/concept'), {}),
  /** Saves what is on screen over the draft as it was at `updatedAt` (refused with UBEH-09 when it changed since). */
  saveDraft: (flowId: string, source: FlowSource, updatedAt?: string, automatic = false) =>
    send<DraftAnswer>(
      flowPath(flowId, '/concept'),
      { ...source, ...(updatedAt ? { updatedAt } : {}), ...(automatic ? { automatisch: true } : {}) } satisfies DraftSaveBody,
      'put',
    ),
  importDraft: (flowId: string, source: FlowSource) => send<DraftAnswer>(flowPath(flowId, '/concept/importeren'), source),
  deleteDraft: (flowId: string, updatedAt?: string) =>
    send<void>(flowPath(flowId, '/concept'), updatedAt ? ({ updatedAt } satisfies DraftSeenBody) : undefined, 'delete'),
  draftSaves: (flowId: string) => get<DraftSavesAnswer>(flowPath(flowId, '/concept/eerdere-versies')),
  restoreDraftSave: (flowId: string, id: string, updatedAt: string) =>
    send<DraftAnswer>(flowPath(flowId, `/concept/eerdere-versies/${encodeURIComponent(id)}/terugzetten`), { updatedAt } satisfies DraftSeenBody),
  approve: (flowId: string, updatedAt: string) => send<void>(flowPath(flowId, '/concept/goedkeuren'), { updatedAt } satisfies DraftSeenBody),
  /** Publishes the draft as it was at `updatedAt`, the draft the person saw. */
  publish: (flowId: string, note: string, updatedAt: string) => send<PublishAnswer>(flowPath(flowId, '/publiceren'), { note, updatedAt } satisfies PublishBody),
  rollBack: (flowId: string, version: number, note: string, draftUpdatedAt?: string) =>
    send<RollbackAnswer>(flowPath(flowId, '/terugzetten'), { version, note, ...(draftUpdatedAt ? { draftUpdatedAt } : {}) } satisfies RollbackBody),
  accounts: () => get<AccountsAnswer>('accounts'),
  createAccount: (email: string, wachtwoord: string, rollen: Role[]) => send<AccountRow>('accounts', { email, wachtwoord, rollen } satisfies NewAccountBody),
  setRoles: (id: string, rollen: Role[]) => send<void>(`accounts/${encodeURIComponent(id)}`, { rollen } satisfies RolesBody, 'put'),
  deleteAccount: (id: string) => send<void>(`accounts/${encodeURIComponent(id)}`, undefined, 'delete'),
  changePassword: (huidig: string, nieuw: string) => send<void>('account/wachtwoord', { huidig, nieuw } satisfies PasswordChangeBody),
  resetPassword: (id: string, tweedeFactorUit: boolean) =>
    send<PasswordResetAnswer>(`accounts/${encodeURIComponent(id)}/wachtwoord-herstel`, { tweedeFactorUit } satisfies PasswordResetBody),
  setPasswordWithCode: (code: string, wachtwoord: string) => send<void>('wachtwoord-instellen', { code, wachtwoord } satisfies PasswordSetBody),
  startSecondFactor: () => send<SecondFactorSetup>('account/tweede-factor', {}),
  confirmSecondFactor: (code: string) => send<void>('account/tweede-factor/bevestigen', { code } satisfies CodeBody),
  stopSecondFactor: (code: string) => send<void>('account/tweede-factor/uitzetten', { code } satisfies CodeBody),
  feedback: (period: { from?: string; to?: string }) => get<FeedbackAnswer>(`feedback?${periodQuery(period)}`),
  feedbackComments: (period: { from?: string; to?: string }, pagina: number, per: number) =>
    get<FeedbackComments>(`feedback/opmerkingen?${periodQuery(period)}&pagina=${pagina}&per=${per}`),
  preview: (flowId: string, lang: Lang) => get<PreviewAnswer>(flowPath(flowId, `/voorbeeld?lang=${lang}`)),
  addFixture: (flowId: string, fixture: NewFixtureBody) => send<NewFixtureAnswer>(flowPath(flowId, '/testgevallen'), fixture),
  takeOverFixture: (flowId: string, name: string) => send<void>(flowPath(flowId, `/testgevallen/${encodeURIComponent(name)}/overnemen`), {}),
  deleteFixture: (flowId: string, name: string) => send<void>(flowPath(flowId, `/testgevallen/${encodeURIComponent(name)}`), undefined, 'delete'),
  deleteAdjustment: (flowId: string, name: string) => send<void>(flowPath(flowId, `/testgevallen/${encodeURIComponent(name)}/aanpassing`), undefined, 'delete'),
  coverage: (flowId: string) => get<CoverageAnswer>(flowPath(flowId, '/dekking')),
  fixtureFileUrl: (flowId: string, name: string) => `/api/beheer/${flowPath(flowId, `/testgevallen/${encodeURIComponent(name)}/bestand`)}`,
  buildingBlocks: () => get<BuildingBlocks>('bouwstenen'),
  diff: (flowId: string, from: string, to: string) =>
    get<DiffAnswer>(flowPath(flowId, `/verschillen?${new URLSearchParams({ ...(from ? { van: from } : {}), ...(to ? { naar: to } : {}) }).toString()}`)),
  /** How many stored submissions, saved applications and test cases concern a field (its model path), an option or a step (its data key). */
  usage: (flowId: string, path: string, value?: string | number | boolean) =>
    get<UsageCounts>(
      flowPath(flowId, `/gebruik?${new URLSearchParams({ veld: path, ...(value === undefined ? {} : { waarde: JSON.stringify(value) }) }).toString()}`),
    ),
  versionFileUrl: (flowId: string, version: number) => `/api/beheer/${flowPath(flowId, `/versies/${version}/bestand`)}`,
};
