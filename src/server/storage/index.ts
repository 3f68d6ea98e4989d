// Public entry point of the storage layer; the server imports from here only.
export { createStorage } from './createStorage.js';
export { newKenmerk, normalizeKenmerk, KENMERK_PATTERN } from './kenmerk.js';
export { StorageError, StorageOpenError } from './errors.js';
export { IdempotencyClaimLost } from './idempotencyKeys.js';
export { databaseFault, type DatabaseFault } from './faults.js';
export { DEFAULT_POSTGRES_TIMEOUTS, SQLITE_FILE_NAME } from './connect.js';
export type {
  CreateStorageOptions,
  IdempotencyClaim,
  IdempotentWrite,
  NewSubmission,
  NewFlowVersion,
  NewSavedApplication,
  FlowVersionOrigin,
  FlowVersionRecord,
  FlowVersionState,
  FlowVersionSummary,
  SavedApplicationRecord,
  SealedChunk,
  Scenario,
  Storage,
  StorageConfig,
  StorageEngine,
  StoredFileInput,
  StoredFileRecord,
  SubmissionRecord,
  NewUserOpinion,
  PostgresTimeouts,
  UserOpinionRecord,
} from './types.js';
export { BEHEER_ROLES, DRAFT_SAVES_COLLAPSE_MS, DRAFT_SAVES_KEPT } from './beheerTypes.js';
export type {
  BeheerAccount,
  BeheerRole,
  BeheerSession,
  BeheerStore,
  FeedbackComment,
  FeedbackSummaryRow,
  DraftRollback,
  DraftSave,
  DraftSaveKind,
  DraftWrite,
  DraftWriteOutcome,
  FixtureAdjustment,
  FlowDraft,
  FlowEvent,
  FlowEventAction,
  PasswordReset,
  PasswordResetOutcome,
  StoredFixture,
} from './beheerTypes.js';
