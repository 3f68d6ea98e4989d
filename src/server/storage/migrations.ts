// Schema migrations, written in code so that SQLite and PostgreSQL get the same schema from the
// same source and no migration files have to be located at run time. Migrations are applied by
// kysely's Migrator (see createStorage.ts) in name order; add new ones with a higher number
// (e.g. `0002_user_opinions`), never edit one that has shipped.
//
// Migrations take an untyped `Kysely` on purpose: they describe the schema of their own moment,
// not the current `Database` type in schema.ts.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { StorageEngine } from './types.js';

/** Column type for binary content: the one spot where the engines' DDL differs. */
function binaryType(engine: StorageEngine): 'bytea' | 'blob' {
  return engine === 'postgres' ? 'bytea' : 'blob';
}

/**
 * Runs a migration body atomically. kysely wraps PostgreSQL migrations in a transaction itself but
 * not SQLite ones (it assumes no transactional DDL there), although SQLite supports it; without
 * this, a failure halfway would leave a half-built schema that the next start-up trips over.
 */
async function atomically(engine: StorageEngine, db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>): Promise<void> {
  if (engine === 'postgres') return body(db);
  await db.transaction().execute(body);
}

/** 0001: submissions and their uploaded files. */
async function createSubmissionTables(db: Kysely<unknown>, engine: StorageEngine): Promise<void> {
  await db.schema
    .createTable('submissions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kenmerk', 'text', (col) => col.notNull())
    .addColumn('flow_id', 'text', (col) => col.notNull())
    .addColumn('scenario', 'text', (col) => col.notNull())
    .addColumn('data_json', 'text', (col) => col.notNull())
    // ISO-8601 UTC text in both engines: one code path, sortable, read back as Date.
    .addColumn('created_at', 'text', (col) => col.notNull())
    // errors.ts recognises a kenmerk collision by this constraint name.
    .addUniqueConstraint('submissions_kenmerk_unique', ['kenmerk'])
    .addCheckConstraint('submissions_scenario_check', sql`scenario in ('uzi', 'zovar')`)
    .execute();

  await db.schema
    .createTable('submission_files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('submission_id', 'text', (col) => col.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('field_name', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('content', binaryType(engine), (col) => col.notNull())
    .addCheckConstraint('submission_files_size_check', sql`size >= 0`)
    .execute();

  await db.schema.createIndex('submission_files_submission_id_idx').on('submission_files').columns(['submission_id', 'position']).execute();
}

async function dropSubmissionTables(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('submission_files').execute();
  await db.schema.dropTable('submissions').execute();
}

/** 0002: feedback from the 'Geef uw mening' dialog (doc 2 §3, §7 useropinion). */
async function createUserOpinionsTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_opinions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('rating', 'integer', (col) => col.notNull())
    .addColumn('comment', 'text')
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text', (col) => col.notNull())
    .addColumn('os', 'text', (col) => col.notNull())
    .addColumn('os_version', 'text', (col) => col.notNull())
    .addColumn('browser', 'text', (col) => col.notNull())
    .addColumn('browser_version', 'text', (col) => col.notNull())
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('device_type', 'text', (col) => col.notNull())
    .addColumn('orientation', 'text', (col) => col.notNull())
    // The last line of defence behind the route's checks (doc 2 §9: rating 1 to 5, comment 500).
    .addCheckConstraint('user_opinions_rating_check', sql`rating between 1 and 5`)
    .addCheckConstraint('user_opinions_comment_check', sql`comment is null or length(comment) <= 500`)
    .addCheckConstraint('user_opinions_device_type_check', sql`device_type in ('mobile', 'tablet', 'desktop', 'unknown')`)
    .addCheckConstraint('user_opinions_orientation_check', sql`orientation in ('portrait', 'landscape')`)
    .execute();
  await db.schema.createIndex('user_opinions_created_at_idx').on('user_opinions').column('created_at').execute();
}

/**
 * 0003: published versions of the flow definitions, a counter every process polls to see a new
 * one, and the version each submission was checked against (empty for submissions stored before).
 */
async function createFlowVersionTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('flow_versions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('flow_id', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('hash', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('origin', 'text', (col) => col.notNull())
    .addColumn('author', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    // The document and its English texts as written, and what they compiled to (JSON text).
    .addColumn('source_json', 'text', (col) => col.notNull())
    .addColumn('content_json', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('published_at', 'text')
    .addColumn('retired_at', 'text')
    .addUniqueConstraint('flow_versions_flow_version_unique', ['flow_id', 'version'])
    .addCheckConstraint('flow_versions_state_check', sql`state in ('draft', 'published', 'retired')`)
    .addCheckConstraint('flow_versions_version_check', sql`version >= 1`)
    .execute();
  await db.schema.createIndex('flow_versions_flow_hash_idx').on('flow_versions').columns(['flow_id', 'hash']).execute();
  await db.schema
    .createTable('flow_registry_state')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('counter', 'integer', (col) => col.notNull())
    .addCheckConstraint('flow_registry_state_single_row', sql`id = 1`)
    .execute();
  await sql`insert into flow_registry_state (id, counter) values (1, 0)`.execute(db);
  await db.schema.alterTable('submissions').addColumn('flow_hash', 'text').execute();
}

/**
 * 0004: applications saved to finish later ('Opslaan en later verder'): the answers and files sealed
 * with a key only the resume code opens, when they expire, and whether they were taken back.
 */
async function createSavedApplicationsTable(db: Kysely<unknown>, engine: StorageEngine): Promise<void> {
  await db.schema
    .createTable('saved_applications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Emptied when the application is resumed, blocked or expired; the row stays a while to say so.
    .addColumn('sealed', binaryType(engine))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('saved_applications_expires_idx').on('saved_applications').column('expires_at').execute();
}

/**
 * 0005: the back office: accounts with their password hash and second factor, sessions (only a
 * hash of the token is kept, so a copy of the database opens no session), the draft of each flow
 * and the history of everything done to a flow.
 */
async function createBeheerTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('beheer_accounts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Stored in lower case: one account per address, however it is typed.
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    // Space-separated: 'redacteur', 'publicist', 'beheerder'.
    .addColumn('roles', 'text', (col) => col.notNull())
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed_logins', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_login_at', 'text')
    .addUniqueConstraint('beheer_accounts_email_unique', ['email'])
    .execute();
  await db.schema
    .createTable('beheer_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Empty for a session signed in through OpenID Connect (no local account).
    .addColumn('account_id', 'text')
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('roles', 'text', (col) => col.notNull())
    // The sign-in before this one, for the login banner.
    .addColumn('previous_login_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('beheer_sessions_expires_idx').on('beheer_sessions').column('expires_at').execute();
  await db.schema
    .createTable('flow_drafts')
    .addColumn('flow_id', 'text', (col) => col.primaryKey())
    // The version the draft started from (empty for a new flow).
    .addColumn('base_version', 'integer')
    .addColumn('source_json', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', 'text')
    .execute();
  await db.schema
    .createTable('flow_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('flow_id', 'text', (col) => col.notNull())
    .addColumn('version', 'integer')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('at', 'text', (col) => col.notNull())
    .addCheckConstraint(
      'flow_events_action_check',
      sql`action in ('aangemaakt', 'bewerkt', 'goedgekeurd', 'gepubliceerd', 'teruggezet', 'verwijderd', 'geimporteerd')`,
    )
    .execute();
  await db.schema.createIndex('flow_events_flow_idx').on('flow_events').columns(['flow_id', 'at']).execute();
}

/**
 * 0006: test cases added in the back office: example data of a flow with the outcome expected of it,
 * kept beside the fixtures in the repository (one with the same name as a repository fixture takes
 * its place: an outcome taken over after a deliberate change).
 */
async function createFlowFixturesTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('flow_fixtures')
    .addColumn('flow_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('fixture_json', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('flow_fixtures_pk', ['flow_id', 'name'])
    .execute();
}

/**
 * 0007: file content in chunks. A file's bytes are stored as rows of at most 1 MB, written one by
 * one from the upload's temporary file inside the submission's transaction and read back one by
 * one, so no file passes through memory whole. Chunks belong to one file (not shared by content
 * hash: no link between applicants' files, and deleting a submission removes its bytes with it).
 * Files stored before keep their bytes in `submission_files.content` (chunk_count null); new ones
 * leave that column empty.
 */
async function createFileChunksTable(db: Kysely<unknown>, engine: StorageEngine): Promise<void> {
  await db.schema.alterTable('submission_files').addColumn('chunk_count', 'integer').execute();
  await db.schema
    .createTable('file_chunks')
    .addColumn('file_id', 'text', (col) => col.notNull().references('submission_files.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('content', binaryType(engine), (col) => col.notNull())
    .addPrimaryKeyConstraint('file_chunks_pk', ['file_id', 'seq'])
    .addCheckConstraint('file_chunks_seq_check', sql`seq >= 0`)
    // length() counts bytes of a blob (SQLite) and of a bytea (PostgreSQL).
    .addCheckConstraint('file_chunks_content_check', sql`length(content) between 1 and 1048576`)
    .execute();
}

/**
 * 0008: idempotency keys of submits (uploads, final submits, feedback). A key is claimed before the
 * request is worked on (`owner` says which attempt holds it) and completed, with a hash of the
 * request and the answer, in the same transaction that stores the submission; keys are purged a
 * day after they were first used.
 */
async function createIdempotencyKeysTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('state', 'text', (col) => col.notNull())
    // The attempt working on the key (pending), so only it can complete it.
    .addColumn('owner', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('status', 'integer')
    .addColumn('response_json', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    .addCheckConstraint('idempotency_keys_state_check', sql`state in ('pending', 'done')`)
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
}

/**
 * 0009: a one-row table the readiness check writes to (so it proves writes are possible without
 * touching application data), and an index on `submissions.created_at` for the retention job.
 */
async function createHealthAndRetention(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('health_checks')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('checked_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('submissions_created_at_idx').on('submissions').column('created_at').execute();
}

/**
 * 0010: saved applications sealed in chunks. The content of an application saved to finish later is
 * sealed chunk by chunk (src/server/saving/chunkSeal.ts) and stored as rows of `saved_chunks` (the
 * ciphertext and its authentication tag), written one by one as the files are read and read back
 * one by one, so it never passes through memory whole. `sealed` then holds only what opens them
 * (format, salt, key check); `chunk_count` says how many chunks there are. Rows saved before keep
 * their content whole in `sealed` (chunk_count null).
 */
async function createSavedChunksTable(db: Kysely<unknown>, engine: StorageEngine): Promise<void> {
  await db.schema.alterTable('saved_applications').addColumn('chunk_count', 'integer').execute();
  await db.schema
    .createTable('saved_chunks')
    .addColumn('saved_id', 'text', (col) => col.notNull().references('saved_applications.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('content', binaryType(engine), (col) => col.notNull())
    // Kept apart from the ciphertext so that sealing never copies a chunk to join them.
    .addColumn('tag', binaryType(engine), (col) => col.notNull())
    .addPrimaryKeyConstraint('saved_chunks_pk', ['saved_id', 'seq'])
    .addCheckConstraint('saved_chunks_seq_check', sql`seq >= 0`)
    .addCheckConstraint('saved_chunks_content_check', sql`length(content) between 1 and 1048576`)
    .addCheckConstraint('saved_chunks_tag_check', sql`length(tag) = 16`)
    .execute();
}

/**
 * 0011: every save of a draft kept (automatic or not), so an administrator can go back to an earlier
 * moment of it: the content, who saved it and when, and a change sentence against the save before.
 * Automatic saves of one person close together share a row (`first_saved_at` is when that row
 * started); the rows of a draft go with it when it is deleted or published. A draft that rolls the
 * flow back to an earlier version says which version and why (`rollback_version`, `rollback_note`),
 * so that the second person approves exactly that.
 */
async function createDraftSavesTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('flow_draft_saves')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('flow_id', 'text', (col) => col.notNull())
    // Counts up per flow: the order of the saves, also when two share a millisecond.
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('source_json', 'text', (col) => col.notNull())
    .addColumn('saved_by', 'text', (col) => col.notNull())
    .addColumn('first_saved_at', 'text', (col) => col.notNull())
    .addColumn('saved_at', 'text', (col) => col.notNull())
    .addColumn('summary', 'text')
    .addUniqueConstraint('flow_draft_saves_seq_unique', ['flow_id', 'seq'])
    .addCheckConstraint('flow_draft_saves_kind_check', sql`kind in ('gestart', 'automatisch', 'opgeslagen', 'geimporteerd', 'hersteld', 'teruggezet')`)
    .execute();
  await db.schema.alterTable('flow_drafts').addColumn('rollback_version', 'integer').execute();
  await db.schema.alterTable('flow_drafts').addColumn('rollback_note', 'text').execute();
}

/**
 * 0012: adjustments of test cases belong to the draft they were made in. 'Nieuwe uitkomst
 * overnemen' stores the outcome as an adjustment of the open draft (`scope` 'concept', `scope_ref`
 * the draft's new `id`): it goes when the draft is deleted, and publishing keeps it with the version
 * published (`scope` 'versie', `scope_ref` the content hash), so a rollback or a later draft from
 * another version never inherits it.
 *
 * Rows of `flow_fixtures` named after a repository fixture (not `beheer-…`) were such adjustments;
 * they move to the open draft, or else to the version in use. The back office's own cases are
 * rewritten from the old format (every message spelled out) to the current one: which fields
 * fail, without pinning their wording — they were recorded from an outcome, not written about it.
 */
async function createFixtureAdjustments(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('flow_drafts').addColumn('id', 'text').execute();
  for (const { flow_id } of (await sql<{ flow_id: string }>`select flow_id from flow_drafts`.execute(db)).rows) {
    await sql`update flow_drafts set id = ${randomUUID()} where flow_id = ${flow_id}`.execute(db);
  }
  await db.schema
    .createTable('flow_fixture_adjustments')
    .addColumn('flow_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    // The draft's id ('concept') or the content hash of a published version ('versie').
    .addColumn('scope_ref', 'text', (col) => col.notNull())
    .addColumn('expected_json', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('flow_fixture_adjustments_pk', ['flow_id', 'name', 'scope', 'scope_ref'])
    .addCheckConstraint('flow_fixture_adjustments_scope_check', sql`scope in ('concept', 'versie')`)
    .execute();

  type Row = { flow_id: string; name: string; fixture_json: string; updated_by: string; updated_at: string };
  const rows = (await sql<Row>`select flow_id, name, fixture_json, updated_by, updated_at from flow_fixtures`.execute(db)).rows;
  for (const row of rows) {
    const fixture = JSON.parse(row.fixture_json) as { expected?: { valid?: unknown; errors?: Record<string, string>; hiddenWithData?: unknown } };
    if (row.name.startsWith('beheer-')) {
      const { errors, ...rest } = fixture.expected ?? {};
      if (errors === undefined) continue;
      const failing = Object.keys(errors);
      const expected = { ...rest, ...(failing.length > 0 ? { failing } : {}) };
      await sql`update flow_fixtures set fixture_json = ${JSON.stringify({ ...fixture, expected })} where flow_id = ${row.flow_id} and name = ${row.name}`.execute(
        db,
      );
      continue;
    }
    const draft = (await sql<{ id: string }>`select id from flow_drafts where flow_id = ${row.flow_id}`.execute(db)).rows[0];
    const version = (await sql<{ hash: string }>`select hash from flow_versions where flow_id = ${row.flow_id} and state = 'published'`.execute(db)).rows[0];
    const scope = draft ? ['concept', draft.id] : version ? ['versie', version.hash] : undefined;
    if (scope) {
      await sql`insert into flow_fixture_adjustments (flow_id, name, scope, scope_ref, expected_json, updated_by, updated_at)
        values (${row.flow_id}, ${row.name}, ${scope[0]}, ${scope[1]}, ${JSON.stringify(fixture.expected ?? {})}, ${row.updated_by}, ${row.updated_at})`.execute(
        db,
      );
    }
    await sql`delete from flow_fixtures where flow_id = ${row.flow_id} and name = ${row.name}`.execute(db);
  }
}

/**
 * 0013: password resets of back-office accounts. A beheerder hands over a one-time code; only its
 * SHA-256 is kept (the code is 80 random bits, so a plain hash is as good as a slow one and lets the
 * code be looked up), at most one per account (a new reset replaces an unused one), until it is used
 * or its time is up.
 */
async function createPasswordResetsTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('beheer_password_resets')
    .addColumn('account_id', 'text', (col) => col.primaryKey().references('beheer_accounts.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('beheer_password_resets_code_unique', ['code_hash'])
    .execute();
  await db.schema.createIndex('beheer_password_resets_expires_idx').on('beheer_password_resets').column('expires_at').execute();
}

/**
 * 0014: what the back office counts before a field is removed. A saved application records the flow
 * it belongs to (never what it holds: that stays sealed with the applicant's code), so a flow's
 * saved applications can be counted; rows saved before have none. Submissions get an index on
 * their flow, which the count reads by.
 */
async function addUsageCounts(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('saved_applications').addColumn('flow_id', 'text').execute();
  await db.schema.createIndex('saved_applications_flow_idx').on('saved_applications').column('flow_id').execute();
  await db.schema.createIndex('submissions_flow_idx').on('submissions').columns(['flow_id', 'id']).execute();
}

/**
 * 0015: signing in that holds against parallel guessing. Failed attempts are counted per address
 * (a hash of it, so unknown addresses wait like known ones) in a row that one statement reserves
 * before the password is checked; a window after which the count starts again; and per account the
 * last time step of the second factor that was used, so a code works once.
 */
async function createLoginAttempts(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('beheer_login_attempts')
    .addColumn('address_key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_start', 'text', (col) => col.notNull())
    .addColumn('locked_until', 'text')
    .execute();
  await db.schema.alterTable('beheer_accounts').addColumn('totp_last_step', 'integer').execute();
}

/**
 * 0016: four eyes as a rule about people. Every person who saved a draft, for as long as the draft
 * lives (the history of saves keeps only the last ones and merges automatic saves), and who last
 * created or changed an account (roles, password), so that person cannot approve with it. The
 * savers of open drafts are filled from what is known: their history, creator and last saver.
 */
async function createDraftSavers(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('flow_draft_savers')
    .addColumn('flow_id', 'text', (col) => col.notNull())
    .addColumn('saved_by', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('flow_draft_savers_pk', ['flow_id', 'saved_by'])
    .execute();
  await sql`insert into flow_draft_savers (flow_id, saved_by)
    select flow_id, created_by from flow_drafts
    union select flow_id, updated_by from flow_drafts
    union select flow_id, saved_by from flow_draft_saves`.execute(db);
  await db.schema.alterTable('beheer_accounts').addColumn('changed_by', 'text').execute();
  await db.schema.alterTable('beheer_accounts').addColumn('changed_at', 'text').execute();
}

/** All migrations by name; kysely applies them in name order. */
function buildMigrations(engine: StorageEngine): Record<string, Migration> {
  return {
    '0001_submissions': {
      up: (db) => atomically(engine, db, (trx) => createSubmissionTables(trx, engine)),
      down: (db) => atomically(engine, db, dropSubmissionTables),
    },
    '0002_user_opinions': {
      up: (db) => atomically(engine, db, createUserOpinionsTable),
      down: (db) =>
        atomically(engine, db, (trx) =>
          trx.schema
            .dropTable('user_opinions')
            .execute()
            .then(() => undefined),
        ),
    },
    '0003_flow_versions': {
      up: (db) => atomically(engine, db, createFlowVersionTables),
      down: (db) =>
        atomically(engine, db, async (trx) => {
          await trx.schema.alterTable('submissions').dropColumn('flow_hash').execute();
          await trx.schema.dropTable('flow_registry_state').execute();
          await trx.schema.dropTable('flow_versions').execute();
        }),
    },
    '0004_saved_applications': {
      up: (db) => atomically(engine, db, (trx) => createSavedApplicationsTable(trx, engine)),
      down: (db) =>
        atomically(engine, db, (trx) =>
          trx.schema
            .dropTable('saved_applications')
            .execute()
            .then(() => undefined),
        ),
    },
    '0005_beheer': {
      up: (db) => atomically(engine, db, createBeheerTables),
      down: (db) =>
        atomically(engine, db, async (trx) => {
          for (const table of ['flow_events', 'flow_drafts', 'beheer_sessions', 'beheer_accounts']) await trx.schema.dropTable(table).execute();
        }),
    },
    '0006_flow_fixtures': {
      up: (db) => atomically(engine, db, createFlowFixturesTable),
      down: (db) =>
        atomically(engine, db, (trx) =>
          trx.schema
            .dropTable('flow_fixtures')
            .execute()
            .then(() => undefined),
        ),
    },
    '0007_file_chunks': {
      up: (db) => atomically(engine, db, (trx) => createFileChunksTable(trx, engine)),
      // Loses the bytes of every file stored since 0007: for development databases only.
      down: (db) =>
        atomically(engine, db, async (trx) => {
          await trx.schema.dropTable('file_chunks').execute();
          await trx.schema.alterTable('submission_files').dropColumn('chunk_count').execute();
        }),
    },
    '0008_idempotency_keys': {
      up: (db) => atomically(engine, db, createIdempotencyKeysTable),
      down: (db) =>
        atomically(engine, db, (trx) =>
          trx.schema
            .dropTable('idempotency_keys')
            .execute()
            .then(() => undefined),
        ),
    },
    '0009_health_and_retention': {
      up: (db) => atomically(engine, db, createHealthAndRetention),
      down: (db) =>
        atomically(engine, db, async (trx) => {
          await trx.schema.dropIndex('submissions_created_at_idx').execute();
          await trx.schema.dropTable('health_checks').execute();
        }),
    },
    '0010_saved_chunks': {
      up: (db) => atomically(engine, db, (trx) => createSavedChunksTable(trx, engine)),
      // Loses every application saved since 0010: for development databases only.
      down: (db) =>
        atomically(engine, db, async (trx) => {
          await sql`delete from saved_chunks`.execute(trx);
          await sql`delete from saved_applications where chunk_count is not null`.execute(trx);
          await trx.schema.dropTable('saved_chunks').execute();
          await trx.schema.alterTable('saved_applications').dropColumn('chunk_count').execute();
        }),
    },
    '0011_draft_saves': {
      up: (db) => atomically(engine, db, createDraftSavesTable),
      // Loses the history of every open draft: for development databases only.
      down: (db) =>
        atomically(engine, db, async (trx) => {
          await trx.schema.dropTable('flow_draft_saves').execute();
          await trx.schema.alterTable('flow_drafts').dropColumn('rollback_note').execute();
          await trx.schema.alterTable('flow_drafts').dropColumn('rollback_version').execute();
        }),
    },
    '0012_fixture_adjustments': {
      up: (db) => atomically(engine, db, createFixtureAdjustments),
      // Loses every adjustment (the back office's own cases keep the current format): for development databases only.
      down: (db) =>
        atomically(engine, db, async (trx) => {
          await trx.schema.dropTable('flow_fixture_adjustments').execute();
          await trx.schema.alterTable('flow_drafts').dropColumn('id').execute();
        }),
    },
    '0013_password_resets': {
      up: (db) => atomically(engine, db, createPasswordResetsTable),
      down: (db) =>
        atomically(engine, db, (trx) =>
          trx.schema
            .dropTable('beheer_password_resets')
            .execute()
            .then(() => undefined),
        ),
    },
    '0014_usage_counts': {
      up: (db) => atomically(engine, db, addUsageCounts),
      down: (db) =>
        atomically(engine, db, async (trx) => {
          await trx.schema.dropIndex('submissions_flow_idx').execute();
          await trx.schema.dropIndex('saved_applications_flow_idx').execute();
          await trx.schema.alterTable('saved_applications').dropColumn('flow_id').execute();
        }),
    },
    '0015_login_attempts': {
      up: (db) => atomically(engine, db, createLoginAttempts),
      down: (db) =>
        atomically(engine, db, async (trx) => {
          await trx.schema.alterTable('beheer_accounts').dropColumn('totp_last_step').execute();
          await trx.schema.dropTable('beheer_login_attempts').execute();
        }),
    },
    '0016_draft_savers': {
      up: (db) => atomically(engine, db, createDraftSavers),
      down: (db) =>
        atomically(engine, db, async (trx) => {
          await trx.schema.alterTable('beheer_accounts').dropColumn('changed_at').execute();
          await trx.schema.alterTable('beheer_accounts').dropColumn('changed_by').execute();
          await trx.schema.dropTable('flow_draft_savers').execute();
        }),
    },
  };
}

/**
 * Creates the in-code migration provider for kysely's `Migrator`.
 * @param engine selects the engine-specific column types (bytea vs. blob).
 */
export function createMigrationProvider(engine: StorageEngine): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return buildMigrations(engine);
    },
  };
}
