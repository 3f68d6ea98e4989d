// Public types of the storage layer. Kept apart from the implementation so route handlers can
// import them without pulling in database drivers, and so both engines implement one contract.
import type { Scenario } from '../../../renderer/core/types';
import type { DeviceInfo } from '../../shared/deviceInfo';
import type { BeheerStore } from './beheerTypes';

/** The two application scenarios a submission can belong to (declared once, with the flow types). */
export type { Scenario };

/** The database engine behind a {@link Storage}. */
export type StorageEngine = 'sqlite' | 'postgres';

/**
 * An uploaded file to be stored together with its submission. Its content is read from `path` in
 * chunks while it is stored, so no file is ever held whole in memory; the file at `path` stays the
 * caller's (the upload's temporary file, removed by the caller once stored).
 */
export interface StoredFileInput {
  /** Name of the form field the file was uploaded for. */
  fieldName: string;
  /** Original file name as given by the applicant (personal data: never log it). */
  fileName: string;
  /** MIME type as determined by the upload handling. */
  mimeType: string;
  /** Size in bytes; must equal the size of the file at `path` (at most 2^31 - 1). */
  size: number;
  /** Hex-encoded SHA-256 of the content; checked against the bytes as they are stored. */
  sha256: string;
  /** Where the content is: a local file, read in chunks by `saveSubmission`. */
  path: string;
}

/** A submission as handed to {@link Storage.saveSubmission}. */
export interface NewSubmission {
  /** Id of the form flow that produced the submission. */
  flowId: string;
  /** Content hash of the flow version the submission was checked against. */
  flowHash: string;
  scenario: Scenario;
  /** The submitted form data; must be JSON-serialisable (personal data: never log it). */
  data: unknown;
  files: StoredFileInput[];
}

/** Metadata of a stored file, without its content (see {@link Storage.getFileContent}). */
export interface StoredFileRecord {
  id: string;
  fieldName: string;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
}

/** A stored submission as returned by {@link Storage.getSubmission}. */
export interface SubmissionRecord {
  id: string;
  /** Unguessable public reference, e.g. `7KQ2-9XHD-M4TR-W8ZP`. */
  kenmerk: string;
  flowId: string;
  /** Content hash of the flow version it was checked against; undefined for submissions stored before versions. */
  flowHash?: string;
  scenario: Scenario;
  /** The form data as stored (parsed JSON). */
  data: unknown;
  createdAt: Date;
  /** The submission's files, in the order they were given to `saveSubmission`. */
  files: StoredFileRecord[];
}

/** A feedback submission (doc 2 §3) as handed to {@link Storage.saveUserOpinion}. */
export interface NewUserOpinion {
  /** 1 (angry) to 5 (great). */
  rating: number;
  /** What the user typed (at most 500 characters); may hold personal data: never log it. */
  comment?: string;
  /** Path of the page the feedback was given on (no query string or fragment). */
  url: string;
  device: DeviceInfo;
}

/** A stored feedback submission. */
export interface UserOpinionRecord extends NewUserOpinion {
  id: string;
  createdAt: Date;
}

/** State of a flow version: a draft, the one applicants get, or one that was replaced. */
export type FlowVersionState = 'draft' | 'published' | 'retired';

/** How a version came to be: shipped as a file with a release, published by command, a rollback, or from the back office. */
export type FlowVersionOrigin = 'bestand' | 'publicatie' | 'terugzetting' | 'beheer';

/** A flow version to publish (see {@link Storage.publishFlowVersion}). */
export interface NewFlowVersion {
  flowId: string;
  /** Content hash of what the version compiled to. */
  hash: string;
  origin: FlowVersionOrigin;
  /** Who published it (a user name; no other personal data). */
  author: string;
  note?: string;
  /** The document and its English texts as written (JSON-serialisable). */
  source: unknown;
  /** What it compiled to (JSON-serialisable). */
  content: unknown;
}

/** A stored flow version without its documents. */
export interface FlowVersionSummary {
  id: string;
  flowId: string;
  version: number;
  hash: string;
  state: FlowVersionState;
  origin: FlowVersionOrigin;
  author: string;
  note?: string;
  createdAt: Date;
  publishedAt?: Date;
  retiredAt?: Date;
}

/** A stored flow version with its documents. */
export interface FlowVersionRecord extends FlowVersionSummary {
  source: unknown;
  content: unknown;
}

/** Where to store data. */
export interface StorageConfig {
  /** PostgreSQL connection URL (`postgres://…`). When absent, SQLite is used. */
  databaseUrl?: string;
  /** Directory for the SQLite file `<dataDir>/portal.sqlite`; created (mode 0700) if missing. */
  dataDir: string;
  /** PostgreSQL's time limits; `DEFAULT_POSTGRES_TIMEOUTS` (connect.ts) when absent. */
  postgresTimeouts?: PostgresTimeouts;
}

/** Time limits on PostgreSQL, in milliseconds. */
export interface PostgresTimeouts {
  /** Making a connection, including the server's first answer, and waiting for a free pooled one. */
  connectMs: number;
  /** `statement_timeout`: the server cancels a statement that runs longer. */
  statementMs: number;
  /** `query_timeout`: the client gives up on a statement the server does not answer (a frozen server). */
  queryMs: number;
  /** `idle_in_transaction_session_timeout`: the server ends a session that leaves a transaction open this long. */
  idleInTransactionMs: number;
}

/** Optional knobs for {@link createStorage}; production code does not need them. */
export interface CreateStorageOptions {
  /**
   * Kenmerk generator, defaults to `newKenmerk`. Meant for tests that need to provoke a kenmerk
   * collision; anything else should keep the default.
   */
  generateKenmerk?: () => string;
}

/** An application saved to finish later, as handed to {@link Storage.storeSavedApplication}: sealed already. */
export interface NewSavedApplication {
  id: string;
  /** The flow it belongs to (counted by the back office; what it holds stays sealed). */
  flowId?: string;
  /** What opens the chunks (or, without chunks, the whole sealed content). */
  sealed: Uint8Array;
  expiresAt: Date;
  /** The sealed content, chunk by chunk (each at most 1 MB); pulled one at a time while storing. */
  chunks?: AsyncIterable<SealedChunk>;
}

/** One chunk of a saved application's sealed content: its ciphertext and its tag (16 bytes). */
export interface SealedChunk {
  content: Uint8Array;
  tag: Uint8Array;
}

/** An application saved to finish later, as stored: sealed bytes and its dates only. */
export interface SavedApplicationRecord {
  id: string;
  /**
   * What opens its chunks, or for an application saved whole (before chunks) the sealed answers and
   * files; undefined once resumed, blocked after wrong codes, or expired.
   */
  sealed?: Uint8Array;
  /** How many chunks hold the content; undefined for an application saved whole. */
  chunkCount?: number;
  createdAt: Date;
  expiresAt: Date;
  usedAt?: Date;
  failedAttempts: number;
}

/** What a claim of an idempotency key found: it is this attempt's now, another attempt holds it, or it was answered before. */
export type IdempotencyClaim = { state: 'claimed' } | { state: 'pending' } | { state: 'done'; requestHash: string; status: number; body: string };

/**
 * Completes a claimed idempotency key in the same transaction that stores what the request stores:
 * the request's hash and the answer made from what was stored. When the attempt no longer holds
 * the claim, nothing is stored (IdempotencyClaimLost).
 */
export interface IdempotentWrite<T> {
  key: string;
  owner: string;
  requestHash: string;
  answer: (stored: T) => { status: number; body: unknown };
}

/** The application's persistent store for submissions and their files. */
export interface Storage {
  /** The engine in use. */
  readonly engine: StorageEngine;
  /** The back office's accounts, sessions, drafts and flow history. */
  readonly beheer: BeheerStore;
  /**
   * Stores a submission and all of its files in one transaction: either everything is stored or
   * nothing is. Assigns a fresh id and kenmerk (retrying on the unlikely kenmerk collision).
   * @throws {StorageError} when the database rejects the data; the error carries no personal data.
   * @throws {TypeError} when `data` is not JSON-serialisable, a file's `path` is not a readable file
   *   or its `size` differs from the file's (checked before any write), or the bytes read while
   *   storing do not match `size` and `sha256` (then nothing is stored).
   */
  saveSubmission(
    input: NewSubmission,
    idempotency?: IdempotentWrite<{ id: string; kenmerk: string }>,
  ): Promise<{ id: string; kenmerk: string; createdAt: Date }>;
  /**
   * Looks a submission up by kenmerk. Lower case, missing/extra hyphens and the Crockford
   * look-alikes I/L (for 1) and O (for 0) are accepted. Returns `undefined` when unknown.
   */
  getSubmission(kenmerk: string): Promise<SubmissionRecord | undefined>;
  /**
   * The content of a stored file as a stream of chunks (each at most 1 MB, read from the database
   * one at a time as the consumer asks for them), or `undefined` when no file has that id. Reading
   * throws StorageError when a chunk is missing or the database fails.
   */
  getFileContent(fileId: string): Promise<AsyncIterable<Uint8Array> | undefined>;
  /**
   * Stores one feedback submission.
   * @throws {StorageError} when the database rejects it (e.g. a rating outside 1-5).
   */
  saveUserOpinion(input: NewUserOpinion, idempotency?: IdempotentWrite<{ id: string }>): Promise<{ id: string; createdAt: Date }>;
  /**
   * Claims an idempotency key for one attempt (`owner`): a new key, or one whose claim was last
   * renewed before `staleBefore`, or whose owner `ownerGone` says has ended (its process died),
   * becomes this attempt's; otherwise the claim says another attempt holds it, or gives the answer
   * stored with it.
   */
  claimIdempotencyKey(key: string, owner: string, now: Date, staleBefore: Date, ownerGone?: (owner: string) => boolean): Promise<IdempotencyClaim>;
  /** Renews the pending claims of the owners that start with `ownerPrefix` (one process's attempts); answers how many. */
  refreshIdempotencyClaims(ownerPrefix: string, now: Date): Promise<number>;
  /** Gives up a claim that stored nothing (a refused or failed attempt); a completed key stays. */
  releaseIdempotencyKey(key: string, owner: string): Promise<void>;
  /** Forgets the keys first used before `before`; answers how many. */
  purgeIdempotencyKeys(before: Date): Promise<number>;
  /** The newest feedback submissions first, at most `limit` (default 100). */
  listUserOpinions(limit?: number): Promise<UserOpinionRecord[]>;
  /**
   * Publishes a flow version as the flow's next version number, in one transaction: the version
   * published so far becomes retired, and the counter every process polls goes up. With
   * `onlyIfFileChanged`, nothing happens (answers undefined) when the newest version that came from
   * a file has the same hash — so every start-up may offer the shipped files, and only a changed
   * file becomes a new version (also when several processes start at once).
   */
  publishFlowVersion(input: NewFlowVersion, options?: { onlyIfFileChanged?: boolean }): Promise<FlowVersionRecord | undefined>;
  /** The versions of a flow, newest first. */
  listFlowVersions(flowId: string): Promise<FlowVersionSummary[]>;
  /** One version by number, or the newest with a hash. */
  getFlowVersion(flowId: string, ref: { version: number } | { hash: string }): Promise<FlowVersionRecord | undefined>;
  /** The published version of every flow. */
  publishedFlowVersions(): Promise<FlowVersionRecord[]>;
  /** Rises with every change of flow versions; processes poll it to pick up a new version. */
  flowVersionCounter(): Promise<number>;
  /**
   * Stores an application saved to finish later (already sealed) with its chunks, in one
   * transaction: when the chunks' source fails, nothing is stored and its error is thrown as it is.
   */
  storeSavedApplication(input: NewSavedApplication): Promise<void>;
  /** A saved application by id, or undefined when unknown (or forgotten after expiry). */
  findSavedApplication(id: string): Promise<SavedApplicationRecord | undefined>;
  /** Chunk `seq` (0, 1, …) of a saved application's content, or undefined when it is not there. */
  readSavedApplicationChunk(id: string, seq: number): Promise<SealedChunk | undefined>;
  /** Deletes the chunks of a saved application (once it has been taken back and sent). */
  dropSavedApplicationChunks(id: string): Promise<void>;
  /** Counts a wrong resume code; at `max` the content is dropped for good. Answers the new count. */
  failSavedApplicationAttempt(id: string, max: number): Promise<number>;
  /**
   * Marks a saved application as taken back and drops what opens it; false when it was taken
   * already. Its chunks stay for the one send (see dropSavedApplicationChunks).
   */
  consumeSavedApplication(id: string): Promise<boolean>;
  /**
   * Drops the content of expired saved applications (and chunks a stopped send left behind) and
   * forgets them `keepDays` after expiry.
   */
  purgeSavedApplications(now: Date, keepDays: number): Promise<number>;
  /**
   * Writes one row of the health table: succeeds only when the database answers and takes writes.
   * @throws {StorageError} with a `fault` (e.g. 'readOnly', 'unreachable') when it does not.
   */
  checkWritable(): Promise<void>;
  /**
   * Deletes at most `batchSize` submissions stored before `before`, with their files, in one
   * transaction; answers how many were deleted (call again until fewer than `batchSize`).
   */
  deleteSubmissionsBefore(before: Date, batchSize: number): Promise<number>;
  /** Number of stored submissions (for tests and health checks). */
  countSubmissions(): Promise<number>;
  /**
   * Number of stored submissions of a flow that hold a value at a model path (any item of a
   * repeating group on the way), or, with `value`, that value (or a list holding it). Counts only:
   * the submissions are read here and nothing of them leaves.
   */
  countSubmissionsWithValue(flowId: string, path: string, value?: string | number | boolean): Promise<number>;
  /**
   * Saved applications that can still be taken back (not resumed, blocked or expired at `now`): of
   * the flow, and saved before applications recorded their flow (any flow's).
   */
  countSavedApplications(flowId: string, now: Date): Promise<{ flow: number; unknownFlow: number }>;
  /** Closes the database connection(s). The instance is unusable afterwards. */
  close(): Promise<void>;
}
