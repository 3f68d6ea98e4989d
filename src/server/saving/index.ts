/**
 * 'Opslaan en later verder' (doc 2 §4, the wizard's stop-and-save): an application saved on the
 * server, sealed with the applicant's resume code, kept for a number of days and taken back once.
 * Every outcome of a resume attempt is one of the portal's error codes, so the page can say what
 * happened: unknown, expired, already used, wrong code (with the attempts left), blocked, damaged.
 *
 * The application is sealed and stored chunk by chunk as its files are read (chunkSeal.ts), and on
 * resume opened and sent chunk by chunk: its files are never held whole, in either direction.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { SavingConfig } from '../config';
import { ApiError, CODES } from '../errors';
import type { SavedApplicationRecord, Storage } from '../storage';
import { makeFolders } from '../shared/makeFolders';
import type { SendResumeMail } from './mail';
import { RESUME_ID_PATTERN, type SavedHeader } from '../../shared/savedApplication';
import { newResumeCode, normalizeResumeCode, unsealWhole } from './seal';
import { newChunkSeal, openChunk, openChunkSeal, sealChunks, type ChunkKeys } from './chunkSeal';
import { packedPieces, type PackedFileSource } from './packStream';

/** Rows of expired applications are kept this long to say 'expired' rather than 'unknown'. */
const KEEP_EXPIRED_DAYS = 30;

export interface SavedResult {
  id: string;
  code: string;
  /** The resume link, on the portal's public address. */
  link: string;
  expiresAt: Date;
}

/** A saved application taken back: its packed bytes (shared/savedApplication.ts), as they are opened. */
export interface ResumedApplication {
  /** Number of bytes `content` yields. */
  size: number;
  content: AsyncIterable<Uint8Array>;
}

export interface Saving {
  readonly mailConfigured: boolean;
  /** Seals and stores the application with its files (read from `files`, in the header's order). */
  save(application: SavedHeader, files: readonly PackedFileSource[]): Promise<SavedResult>;
  /** Mails the resume link (never the code); answers whether it went. */
  mailLink(saved: SavedResult, email: string, applicationName: string): Promise<boolean>;
  /**
   * Takes the application back, once: its content has been checked whole before this answers, and
   * is opened again chunk by chunk as `content` is read. Throws ApiError with the USAVE code of
   * what stands in the way.
   */
  resume(id: string, code: string): Promise<ResumedApplication>;
  purge(now?: Date): Promise<number>;
}

/**
 * The sealing secret: the configured one, else one kept with mode 0600 in the data folder next to
 * the embedded database (made on first use), so a restart keeps saved applications readable.
 */
export function savingSecret(config: SavingConfig, dataDir: string): string {
  if (config.secret) return config.secret;
  const file = path.join(dataDir, 'opslaan.sleutel');
  makeFolders(dataDir, 0o700);
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

export function resumePath(id: string): string {
  return `/verder/${id}`;
}

const gone = (code: string, detail: string) => new ApiError(410, detail, [{ code, extraInfo: [] }]);
const unknown = () => new ApiError(404, 'Deze link om verder te gaan is niet bekend.', [{ code: CODES.savedUnknown, extraInfo: [] }]);
const used = () => gone(CODES.savedUsed, 'Deze link is al gebruikt.');
const blocked = () => gone(CODES.savedBlocked, 'Deze link is geblokkeerd na te veel onjuiste codes.');
const damaged = () => new ApiError(500, 'De opgeslagen aanvraag is beschadigd en kan niet worden geopend.', [{ code: CODES.savedDamaged, extraInfo: [] }]);

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

export function createSaving(options: { config: SavingConfig; secret: string; storage: Storage; mailer?: SendResumeMail; now?: () => Date }): Saving {
  const { config, secret, storage, mailer } = options;
  const now = options.now ?? (() => new Date());

  /** Why a record cannot be taken back (in the order the applicant should hear it), or undefined when it can. */
  const standingInTheWay = (record: SavedApplicationRecord | undefined): ApiError | undefined => {
    if (!record) return unknown();
    if (record.usedAt) return used();
    if (record.expiresAt.getTime() <= now().getTime()) return gone(CODES.savedExpired, 'Deze link is verlopen.');
    if (!record.sealed) return blocked();
    return undefined;
  };

  const wrongCode = async (id: string): Promise<ApiError> => {
    const attempts = await storage.failSavedApplicationAttempt(id, config.maxAttempts);
    if (attempts >= config.maxAttempts) return blocked();
    return new ApiError(400, 'De code is niet juist.', [{ code: CODES.savedWrongCode, extraInfo: [String(config.maxAttempts - attempts)] }]);
  };

  /**
   * Opens every chunk once, before anything is sent or the application is taken: content that was
   * changed, reordered or cut short is refused whole. Answers the number of plain bytes.
   */
  const checkChunks = async (id: string, count: number, keys: ChunkKeys): Promise<number> => {
    // Every application has at least one chunk (the last one, with the header in it).
    if (count < 1) throw damaged();
    let size = 0;
    for (let seq = 0; seq < count; seq += 1) {
      const sealed = await storage.readSavedApplicationChunk(id, seq);
      const plain = sealed && openChunk(sealed, seq, count, keys);
      if (!plain) {
        // Another tab may have taken it back (and its chunks gone) meanwhile: say so rather than 'damaged'.
        throw standingInTheWay(await storage.findSavedApplication(id)) ?? damaged();
      }
      size += plain.byteLength;
    }
    return size;
  };

  /** The chunks opened again as they are read; dropped once sent, or once the send stopped. */
  async function* sendChunks(id: string, count: number, keys: ChunkKeys): AsyncGenerator<Uint8Array> {
    try {
      for (let seq = 0; seq < count; seq += 1) {
        const sealed = await storage.readSavedApplicationChunk(id, seq);
        const plain = sealed && openChunk(sealed, seq, count, keys);
        // Checked whole a moment ago: only a change in the database since then gets here.
        if (!plain) throw new Error('saved application chunk changed while it was sent');
        yield plain;
      }
    } finally {
      // What is left when this fails is removed by the purge (storage/savedApplications.ts).
      await storage.dropSavedApplicationChunks(id).catch(() => undefined);
    }
  }

  return {
    mailConfigured: mailer !== undefined,

    async save(application, files) {
      const id = randomBytes(16).toString('base64url');
      const code = newResumeCode();
      const expiresAt = new Date(now().getTime() + config.days * 86_400_000);
      const { opener, keys } = newChunkSeal(secret, code, id);
      await storage.storeSavedApplication({
        id,
        flowId: application.flowId,
        sealed: opener,
        expiresAt,
        chunks: sealChunks(packedPieces(application, files), keys),
      });
      return { id, code, link: `${config.publicUrl}${resumePath(id)}`, expiresAt };
    },

    async mailLink(saved, email, applicationName) {
      if (!mailer) return false;
      try {
        await mailer({ to: email, link: saved.link, expiresAt: saved.expiresAt, applicationName });
        return true;
      } catch {
        // The application is saved; the page says the mail did not go and shows link and code.
        return false;
      }
    },

    async resume(id, code) {
      const record = RESUME_ID_PATTERN.test(id) ? await storage.findSavedApplication(id) : undefined;
      const problem = standingInTheWay(record);
      if (problem) throw problem;
      const { sealed, chunkCount } = record as SavedApplicationRecord & { sealed: Uint8Array };
      if (chunkCount === undefined) {
        // Saved whole, before applications were sealed in chunks: opened whole as it was stored.
        const plain = normalizeResumeCode(code).length > 0 ? unsealWhole(sealed, secret, code) : undefined;
        if (!plain) throw await wrongCode(id);
        if (!(await storage.consumeSavedApplication(id))) throw used();
        return { size: plain.byteLength, content: once(plain) };
      }
      const keys = openChunkSeal(sealed, secret, code, id);
      if (!keys) throw await wrongCode(id);
      const size = await checkChunks(id, chunkCount, keys);
      if (!(await storage.consumeSavedApplication(id))) throw used();
      return { size, content: sendChunks(id, chunkCount, keys) };
    },

    purge(at = now()) {
      return storage.purgeSavedApplications(at, KEEP_EXPIRED_DAYS);
    },
  };
}
