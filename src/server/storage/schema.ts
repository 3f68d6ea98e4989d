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
  /** File bytes; written as Buffer, read back as Buffer (a Uint8Array). */
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
  /** The sealed answers and files; null once resumed, blocked or expired. */
  sealed: ColumnType<Uint8Array | null, Uint8Array | null, Uint8Array | null>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  failed_attempts: ColumnType<number, number | undefined, number>;
}

/** The database as known to the query code. */
export interface Database {
  saved_applications: SavedApplicationsTable;
  flow_versions: FlowVersionsTable;
  flow_registry_state: FlowRegistryStateTable;
  submissions: SubmissionsTable;
  submission_files: SubmissionFilesTable;
  user_opinions: UserOpinionsTable;
}
