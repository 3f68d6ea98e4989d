// Kysely table types: the shape of the database as seen by the query code. Must match what
// migrations.ts creates; both engines share these types (timestamps are ISO-8601 text, JSON is
// text, file content is BLOB in SQLite and bytea in PostgreSQL, both read back as Buffer).
import type { ColumnType } from 'kysely';

/** Row type of table `submissions`. */
export interface SubmissionsTable {
  id: string;
  kenmerk: string;
  flow_id: string;
  scenario: 'uzi' | 'zovar';
  /** JSON.stringify of the submitted data. */
  data_json: string;
  /** ISO-8601 UTC timestamp (`Date.prototype.toISOString`), sortable as text. */
  created_at: string;
  /** Content hash of the flow version the submission was checked against (null before versions). */
  flow_hash: string | null;
}

/** Row type of table `submission_files`. */
export interface SubmissionFilesTable {
  id: string;
  submission_id: string;
  /** Position of the file within its submission, so files come back in upload order. */
  position: number;
  field_name: string;
  file_name: string;
  mime_type: string;
  size: number;
  sha256: string;
  /**
   * File bytes of a file stored before migration 0007 (read in slices, never whole); empty for
   * files stored since, whose bytes are in `file_chunks`.
   */
  content: ColumnType<Uint8Array, Uint8Array, never>;
  /** Number of rows in `file_chunks` (0007 on); null for a file whose bytes are in `content`. */
  chunk_count: ColumnType<number | null, number | null | undefined, never>;
}

/** Row type of table `file_chunks`: a stored file's bytes in order, at most 1 MB per row. */
export interface FileChunksTable {
  file_id: string;
  /** 0, 1, 2, … within the file. */
  seq: number;
  content: ColumnType<Uint8Array, Uint8Array, never>;
}

/** Row type of table `user_opinions`: feedback from the 'Geef uw mening' dialog. */
export interface UserOpinionsTable {
  id: string;
  /** ISO-8601 UTC timestamp. */
  created_at: string;
  rating: number;
  comment: string | null;
  url: string;
  user_agent: string;
  os: string;
  os_version: string;
  browser: string;
  browser_version: string;
  device: string;
  device_type: string;
  orientation: string;
}

/** Row type of table `flow_versions`: one version of a flow definition. */
export interface FlowVersionsTable {
  id: string;
  flow_id: string;
  version: number;
  hash: string;
  state: 'draft' | 'published' | 'retired';
  origin: string;
  author: string;
  note: string | null;
  /** JSON text: the document and its English texts as written. */
  source_json: string;
  /** JSON text: what the version compiled to (resolved documents and lists per language). */
  content_json: string;
  created_at: string;
  published_at: string | null;
  retired_at: string | null;
}

/** Row type of table `flow_registry_state`: one row whose counter rises with every change of versions. */
export interface FlowRegistryStateTable {
  id: number;
  counter: number;
}

/** Row type of table `saved_applications`: an application saved to finish later. */
export interface SavedApplicationsTable {
  id: string;
  /**
   * What opens the content (format, salt, key check) when it lies in `saved_chunks`, or the whole
   * sealed content of a row saved before 0010; null once resumed, blocked or expired.
   */
  sealed: ColumnType<Uint8Array | null, Uint8Array | null, Uint8Array | null>;
  /** Rows of `saved_chunks` holding the content; null for a row saved whole before 0010. */
  chunk_count: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  failed_attempts: ColumnType<number, number | undefined, number>;
  /** The flow it belongs to (0014); null for a row saved before. */
  flow_id: ColumnType<string | null, string | null | undefined, never>;
}

/** Row type of table `saved_chunks`: the sealed content of a saved application, chunk by chunk (0010). */
export interface SavedChunksTable {
  saved_id: string;
  /** 0, 1, 2, … within the application. */
  seq: number;
  /** The chunk's ciphertext. */
  content: ColumnType<Uint8Array, Uint8Array, never>;
  /** Its authentication tag (16 bytes). */
  tag: ColumnType<Uint8Array, Uint8Array, never>;
}

/** Row type of table `beheer_accounts`: a local back-office account. */
export interface BeheerAccountsTable {
  id: string;
  email: string;
  password_hash: string;
  roles: string;
  totp_secret: string | null;
  totp_enabled: ColumnType<number, number | undefined, number>;
  failed_logins: ColumnType<number, number | undefined, number>;
  locked_until: string | null;
  created_at: string;
  last_login_at: string | null;
  /** Migration 0015: the time step (30 s) of the last code of the second factor used; a code works once. */
  totp_last_step: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** Migration 0016: who last created or changed the account (roles, password) as beheerder, and when. */
  changed_by: ColumnType<string | null, string | null | undefined, string | null>;
  changed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Row type of table `beheer_login_attempts` (0015): failed sign-ins per address, reserved before the password is checked. */
export interface BeheerLoginAttemptsTable {
  /** SHA-256 of the address as typed (trimmed, lower case): known and unknown addresses alike, never the address itself. */
  address_key: string;
  failures: number;
  window_start: string;
  locked_until: string | null;
}

/** Row type of table `flow_draft_savers` (0016): everyone who saved the open draft of a flow. */
export interface FlowDraftSaversTable {
  flow_id: string;
  saved_by: string;
}

/** Row type of table `beheer_sessions`: a signed-in administrator; `id` is the SHA-256 of the cookie's token. */
export interface BeheerSessionsTable {
  id: string;
  account_id: string | null;
  username: string;
  roles: string;
  previous_login_at: string | null;
  created_at: string;
  expires_at: string;
}

/** Row type of table `beheer_password_resets` (0013): the one open reset of an account; only the code's SHA-256. */
export interface BeheerPasswordResetsTable {
  account_id: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
}

/** Row type of table `flow_drafts`: the one open draft of a flow. */
export interface FlowDraftsTable {
  flow_id: string;
  /** Which draft this is (0012): a new one for every draft started, kept while it is saved. */
  id: string;
  base_version: number | null;
  source_json: string;
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
  approved_by: string | null;
  approved_at: string | null;
  /** Migration 0011: the version this draft rolls the flow back to, and why (empty otherwise). */
  rollback_version: number | null;
  rollback_note: string | null;
}

/** Row type of table `flow_draft_saves` (migration 0011): one save of a draft, for going back to it. */
export interface FlowDraftSavesTable {
  id: string;
  flow_id: string;
  seq: number;
  kind: string;
  source_json: string;
  saved_by: string;
  first_saved_at: string;
  saved_at: string;
  summary: string | null;
}

/** Row type of table `flow_events`: the history of a flow. */
export interface FlowEventsTable {
  id: string;
  flow_id: string;
  version: number | null;
  action: string;
  actor: string;
  note: string | null;
  at: string;
}

/** Row type of table `flow_fixtures`: a test case added in the back office. */
export interface FlowFixturesTable {
  flow_id: string;
  name: string;
  fixture_json: string;
  updated_by: string;
  updated_at: string;
}

/**
 * Row type of table `flow_fixture_adjustments` (0012): the outcome of a test case taken over as its
 * expectation, belonging to a draft (`scope` 'concept', `scope_ref` its id) or, once published, to
 * that version's content (`scope` 'versie', `scope_ref` its hash).
 */
export interface FlowFixtureAdjustmentsTable {
  flow_id: string;
  name: string;
  scope: 'concept' | 'versie';
  scope_ref: string;
  expected_json: string;
  updated_by: string;
  updated_at: string;
}

/** Row type of table `health_checks`: one row (id 1) the readiness check writes to. */
export interface HealthChecksTable {
  id: number;
  checked_at: string;
}

/** The database as known to the query code. */
/** Row type of table `idempotency_keys` (0008). */
export interface IdempotencyKeysTable {
  key: string;
  state: 'pending' | 'done';
  owner: string | null;
  /** sha256 of what identifies the request (route, body); set when done. */
  request_hash: string | null;
  /** The answer given (status and JSON body); set when done. */
  status: number | null;
  response_json: string | null;
  created_at: string;
  claimed_at: string;
}

export interface Database {
  idempotency_keys: IdempotencyKeysTable;
  health_checks: HealthChecksTable;
  beheer_accounts: BeheerAccountsTable;
  beheer_sessions: BeheerSessionsTable;
  beheer_password_resets: BeheerPasswordResetsTable;
  beheer_login_attempts: BeheerLoginAttemptsTable;
  flow_draft_savers: FlowDraftSaversTable;
  flow_drafts: FlowDraftsTable;
  flow_draft_saves: FlowDraftSavesTable;
  flow_events: FlowEventsTable;
  file_chunks: FileChunksTable;
  flow_fixtures: FlowFixturesTable;
  flow_fixture_adjustments: FlowFixtureAdjustmentsTable;
  saved_applications: SavedApplicationsTable;
  saved_chunks: SavedChunksTable;
  flow_versions: FlowVersionsTable;
  flow_registry_state: FlowRegistryStateTable;
  submissions: SubmissionsTable;
  submission_files: SubmissionFilesTable;
  user_opinions: UserOpinionsTable;
}
