/**
 * The shapes of the back office's requests and answers (/api/beheer), declared once for the server
 * and the browser.
 */
import type { FlowCoverage } from '../../renderer/core/caseCoverage/types';
import type { FlowDocument } from '../../renderer/core/types';

export type { CoverageCount, CoverageItem, CoverageKind, FlowCoverage } from '../../renderer/core/caseCoverage/types';

/** What a back-office user may do: edit drafts, publish and roll back, manage accounts. */
export type BeheerRole = 'redacteur' | 'publicist' | 'beheerder';

/** Every role, in the order the pages list them; the server checks claims and requests against it. */
export const BEHEER_ROLES: readonly BeheerRole[] = ['redacteur', 'publicist', 'beheerder'];

export interface FlowRow {
  id: string;
  title: string;
  scenarios: string[];
  example: boolean;
  version: number;
  publishedAt: string | null;
  draft: { updatedAt: string; updatedBy: string; approved: boolean } | null;
  fixtures: { total: number; failed: number };
}

/** One line of a flow's history. */
export interface HistoryEntry {
  /** ISO-8601. */
  at: string;
  actor: string;
  /** 'gepubliceerd' or 'teruggezet' for a version; otherwise what was done to the draft. */
  action: string;
  version: number | null;
  note: string | null;
}

export interface VersionRow {
  version: number;
  state: 'draft' | 'published' | 'retired';
  origin: string;
  author: string;
  note: string | null;
  publishedAt: string;
}

export interface FlowSource {
  document: string;
  english?: string;
}

export interface Finding {
  severity: 'error' | 'warning';
  pointer: string | null;
  message: string;
  line: number | null;
  column: number | null;
  text: 'document' | 'english';
}

/** Where a test case comes from: the repository, the back office, or a repository case with an adjustment in effect. */
export type FixtureSource = 'repository' | 'beheer' | 'aangepast';

/**
 * What a field gives in a test case: no message, a message (`message` null in an expectation: any
 * message, the case does not pin its wording), or data while it is hidden.
 */
export type FieldOutcome = { state: 'ok' } | { state: 'message'; message: string | null } | { state: 'hiddenWithData' };

/** A field of a test case: its model path (dataKey.field) and how an administrator knows it. */
export interface FixtureField {
  field: string;
  label: string;
  /** The title of the group the field is in, when it has one. */
  group?: string;
}

/** One field whose outcome differs from what the case expects. */
export interface FixtureDifference extends FixtureField {
  expected: FieldOutcome;
  actual: FieldOutcome;
}

/**
 * Where the expectation in effect comes from when it is not the case's own: an adjustment made in
 * the open draft ('concept'), or one kept with the published version the draft started from ('versie').
 */
export type FixtureAdjustmentScope = 'concept' | 'versie';

/** One test case run against a version: whether it holds and, per field, what differs. */
export interface FixtureRun {
  /** Unique per flow (the file name of a repository fixture). */
  name: string;
  file: string;
  source: FixtureSource;
  /** Set when an adjustment ('Nieuwe uitkomst overnemen') stands in for the case's own expectation. */
  adjustment: FixtureAdjustmentScope | null;
  description: string;
  /** The step it checks alone; null for the whole flow. */
  step: string | null;
  /** The fields whose message text the case pins (the others it checks for a message, whatever its words). */
  wording: FixtureField[];
  problems: string[];
  differences: FixtureDifference[];
}

/** The coverage of a flow's test cases: of the draft (`concept`), or of the published version. */
export interface CoverageAnswer {
  concept: boolean;
  coverage: FlowCoverage;
}

export interface DraftAnswer {
  draft: {
    source: FlowSource;
    baseVersion: number | null;
    createdBy: string;
    updatedBy: string;
    updatedAt: string;
    approvedBy: string | null;
    /** Set while the draft is exactly a rollback to an earlier version, asked for with this note. */
    rollback: { version: number; note: string } | null;
  } | null;
  findings: Finding[];
  fixtures: FixtureRun[];
}

/** How a kept save of a draft came about. */
export type DraftSaveKind = 'gestart' | 'automatisch' | 'opgeslagen' | 'geimporteerd' | 'hersteld' | 'teruggezet';

/** One kept save of a draft ('Eerdere versies van dit concept'), newest first; the first is the draft as it is. */
export interface DraftSaveRow {
  id: string;
  kind: DraftSaveKind;
  savedBy: string;
  /** ISO-8601: automatic saves close together share a row, from `firstSavedAt` to `savedAt`. */
  firstSavedAt: string;
  savedAt: string;
  /** What the save changed against the one before, in a sentence; null when not known. */
  summary: string | null;
}

/** What a rollback did: published at once (`version`), or made a draft that awaits a second person. */
export interface RollbackAnswer {
  version: number | null;
  concept: boolean;
}

export type ChangeKind = 'toegevoegd' | 'verwijderd' | 'gewijzigd' | 'verplaatst';

/** One difference between two versions of a flow, in words. */
export interface Change {
  kind: ChangeKind;
  /** Where in the form, e.g. "Stap 2 ‘Documenten’ › veld ‘Type aanvraag’". */
  where: string;
  /** A full Dutch sentence. */
  text: string;
  /**
   * JSON pointer of the change: in the new document, or in the old one for what was removed. For
   * a change of the English texts, the pointer is in the English file: `/<text path>` for an entry
   * added or removed, `/<text path>/en` for a changed translation.
   */
  path: string;
}

/** The differences between two versions ('concept' for the draft). */
export interface DiffAnswer {
  from: { version: number | null; label: string };
  to: { version: number | null; label: string };
  changes: Change[];
}

/** What the structured editor builds with: shared field definitions and reference lists. */
export interface BuildingBlocks {
  /** The shared field definitions (schemas/velden), each with its schema (for its checks). */
  velden: { id: string; naam: string; title: string; type: string; schema: Record<string, unknown> }[];
  /** List name -> its options (of every set; a name two sets share has the first set's options). */
  lijsten: Record<string, { value: string | number; label: string }[]>;
  /**
   * Per reference-data set (a flow's `baseData`), list name -> its options as that flow's fields
   * get them, the lists every flow may use (countries) included.
   */
  lijstenPerSet: Record<string, Record<string, { value: string | number; label: string }[]>>;
}

/**
 * What the back office counts before a field, an option or a step goes (counts only: no data of a
 * submission leaves the server).
 */
export interface UsageCounts {
  /** Stored submissions of the flow that hold a value for it (for an option: that value). */
  submissions: number;
  /** Saved applications ('Opslaan en later verder') of the flow that can still be taken back: sealed, so they may hold a value. */
  savedApplications: number;
  /** Saved applications from before they recorded their flow, of any flow. */
  savedApplicationsUnknownFlow: number;
  /** Test cases whose data sets it. */
  fixtures: { name: string; description: string }[];
}

/** `GET /api/beheer/inloggen`: the ways of signing in this deployment offers. */
export interface SignInOptions {
  oidc: boolean;
}

/** `POST /api/beheer/inloggen`. */
export interface SignInBody {
  email: string;
  wachtwoord: string;
  /** The authenticator app's code, when the account has the second factor on. */
  code?: string;
}

/** The signed-in user. */
export interface BeheerUser {
  naam: string;
  rollen: BeheerRole[];
  /** ISO-8601: the sign-in before this one. */
  vorigeLogin: string | null;
  /** A local account (not one of the organisation's sign-in service). */
  lokaal: boolean;
  tweedeFactor: boolean;
}

/** `GET /api/beheer/sessie`, and `POST /api/beheer/inloggen` once signed in. */
export interface SessionAnswer {
  gebruiker: BeheerUser;
  /** Seconds left, and seconds before the end at which the countdown opens. */
  sessie: { ttl: number; popup?: number };
  /** Whether publishing needs a second person's approval (BEHEER_VIER_OGEN). */
  vierOgen?: boolean;
}

/** `POST /api/beheer/account/tweede-factor`: the secret for an authenticator app, and its otpauth URI. */
export interface SecondFactorSetup {
  secret: string;
  uri: string;
}

/** `POST /api/beheer/account/tweede-factor/bevestigen` and `…/uitzetten`. */
export interface CodeBody {
  code: string;
}

/** A local account, as the page 'Accounts' lists it. */
export interface AccountRow {
  id: string;
  email: string;
  rollen: BeheerRole[];
  tweedeFactor: boolean;
  laatsteLogin: string | null;
  /** Until when the code of an open password reset works (ISO-8601); null without one. */
  herstelTot: string | null;
}

/** `GET /api/beheer/accounts`. */
export interface AccountsAnswer {
  accounts: AccountRow[];
}

/** `POST /api/beheer/accounts`. */
export interface NewAccountBody {
  email: string;
  wachtwoord: string;
  rollen: BeheerRole[];
}

/** `PUT /api/beheer/accounts/:id`. */
export interface RolesBody {
  rollen: BeheerRole[];
}

/** `POST /api/beheer/account/wachtwoord`. */
export interface PasswordChangeBody {
  huidig: string;
  nieuw: string;
}

/** `POST /api/beheer/accounts/:id/wachtwoord-herstel`. */
export interface PasswordResetBody {
  tweedeFactorUit?: boolean;
}

/** The answer to a password reset: the code to hand over, and until when it works (ISO-8601). */
export interface PasswordResetAnswer {
  code: string;
  geldigTot: string;
}

/** `POST /api/beheer/wachtwoord-instellen`. */
export interface PasswordSetBody {
  code: string;
  wachtwoord: string;
}

/** `GET /api/beheer/flows`. */
export interface FlowsAnswer {
  flows: FlowRow[];
}

/** `GET /api/beheer/flows/:flowId/geschiedenis`: every version and every action, newest first. */
export interface FlowHistoryAnswer {
  flowId: string;
  title: string;
  versions: VersionRow[];
  history: HistoryEntry[];
  hasDraft: boolean;
}

/** `PUT /api/beheer/flows/:flowId/concept`: the texts over the draft as it was at `updatedAt`. */
export interface DraftSaveBody extends FlowSource {
  updatedAt?: string;
  /** Saved by the editor on its own, not by the person. */
  automatisch?: boolean;
}

/** The moment of the draft the person saw (approving, restoring an earlier save, deleting). */
export interface DraftSeenBody {
  updatedAt: string;
}

/** `GET /api/beheer/flows/:flowId/concept/eerdere-versies`. */
export interface DraftSavesAnswer {
  saves: DraftSaveRow[];
}

/** `POST /api/beheer/flows/:flowId/publiceren`: the draft as it was at `updatedAt`. */
export interface PublishBody {
  note: string;
  updatedAt: string;
}

/** The answer to publishing: the new version. */
export interface PublishAnswer {
  version: number;
  unchanged: boolean;
}

/** `POST /api/beheer/flows/:flowId/terugzetten`. */
export interface RollbackBody {
  version: number;
  note: string;
  /** The open draft the person saw, which a rollback under four eyes replaces. */
  draftUpdatedAt?: string;
}

/** `POST /api/beheer/flows/:flowId/testgevallen`: a test case from the preview. */
export interface NewFixtureBody {
  description: string;
  /** The step it checks alone; without it, the whole flow. */
  step?: string;
  data: Record<string, unknown>;
}

/** The answer to a new test case: its name and how it runs now. */
export interface NewFixtureAnswer {
  name: string;
  run: FixtureRun;
}

/** Ratings of one page in one month. */
interface FeedbackRow {
  url: string;
  /** 'YYYY-MM' (UTC). */
  month: string;
  count: number;
  /** Average rating, 1 to 5. */
  average: number;
}

/** `GET /api/beheer/feedback?van&tm`: the ratings per page and month in the period (both days included). */
export interface FeedbackAnswer {
  van: string;
  tm: string;
  rows: FeedbackRow[];
  total: { count: number; average: number | null };
}

/** `GET /api/beheer/feedback/opmerkingen?van&tm&pagina&per`: a page of comments, newest first. */
export interface FeedbackComments {
  van: string;
  tm: string;
  total: number;
  rows: { at: string; url: string; rating: number; comment: string }[];
}

/** `GET /api/beheer/flows/:flowId/voorbeeld?lang`: the draft (else the published version) to preview. */
export interface PreviewAnswer {
  flow: FlowDocument;
  hash: string;
  /** Step id -> URL of its validator module. */
  validators: Record<string, string>;
  /** False: the flow has no draft and the published version is shown. */
  concept: boolean;
}
