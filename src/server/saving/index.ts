/**
 * 'Opslaan en later verder' (doc 2 §4, the wizard's stop-and-save): an application saved on the
 * server, sealed with the applicant's resume code, kept for a number of days and taken back once.
 * Every outcome of a resume attempt is one of the portal's error codes, so the page can say what
 * happened: unknown, expired, already used, wrong code (with the attempts left), blocked.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { SavingConfig } from '../config';
import { ApiError, CODES } from '../errors';
import type { Storage } from '../storage';
import type { SendResumeMail } from './mail';
import { RESUME_ID_PATTERN } from '../../shared/savedApplication';
import { newResumeCode, normalizeResumeCode, seal, unseal } from './seal';

/** Rows of expired applications are kept this long to say 'expired' rather than 'unknown'. */
const KEEP_EXPIRED_DAYS = 30;

export interface SavedResult {
  id: string;
  code: string;
  /** The resume link, on the portal's public address. */
  link: string;
  expiresAt: Date;
  /** Whether the link was mailed (only when asked for and mail is configured). */
  mailed: boolean;
}

export interface Saving {
  readonly mailConfigured: boolean;
  save(packed: Uint8Array, email: string | undefined, applicationName: string): Promise<SavedResult>;
  /** The packed application; throws ApiError with the USAVE code of what stands in the way. */
  resume(id: string, code: string): Promise<Uint8Array>;
  purge(now?: Date): Promise<number>;
}

/**
 * The sealing secret: the configured one, else one kept with mode 0600 in the data folder next to
 * the embedded database (made on first use), so a restart keeps saved applications readable.
 */
export function savingSecret(config: SavingConfig, dataDir: string): string {
  if (config.secret) return config.secret;
  const file = path.join(dataDir, 'opslaan.sleutel');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
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

export function createSaving(options: { config: SavingConfig; secret: string; storage: Storage; mailer?: SendResumeMail; now?: () => Date }): Saving {
  const { config, secret, storage, mailer } = options;
  const now = options.now ?? (() => new Date());
  const gone = (code: string, detail: string) => new ApiError(410, detail, [{ code, extraInfo: [] }]);

  return {
    mailConfigured: mailer !== undefined,

    async save(packed, email, applicationName) {
      const id = randomBytes(16).toString('base64url');
      const code = newResumeCode();
      const expiresAt = new Date(now().getTime() + config.days * 86_400_000);
      await storage.storeSavedApplication({ id, sealed: seal(packed, secret, code), expiresAt });
      const link = `${config.publicUrl}${resumePath(id)}`;
      let mailed = false;
      if (email && mailer) {
        try {
          await mailer({ to: email, link, expiresAt, applicationName });
          mailed = true;
        } catch {
          // The application is saved; the page says the mail did not go and shows link and code.
        }
      }
      return { id, code, link, expiresAt, mailed };
    },

    async resume(id, code) {
      const record = RESUME_ID_PATTERN.test(id) ? await storage.findSavedApplication(id) : undefined;
      if (!record) throw new ApiError(404, 'Deze link om verder te gaan is niet bekend.', [{ code: CODES.savedUnknown, extraInfo: [] }]);
      if (record.usedAt) throw gone(CODES.savedUsed, 'Deze link is al gebruikt.');
      if (record.expiresAt.getTime() <= now().getTime()) throw gone(CODES.savedExpired, 'Deze link is verlopen.');
      if (!record.sealed) throw gone(CODES.savedBlocked, 'Deze link is geblokkeerd na te veel onjuiste codes.');
      const plain = normalizeResumeCode(code).length > 0 ? unseal(record.sealed, secret, code) : undefined;
      if (!plain) {
        const attempts = await storage.failSavedApplicationAttempt(id, config.maxAttempts);
        if (attempts >= config.maxAttempts) throw gone(CODES.savedBlocked, 'Deze link is geblokkeerd na te veel onjuiste codes.');
        throw new ApiError(400, 'De code is niet juist.', [{ code: CODES.savedWrongCode, extraInfo: [String(config.maxAttempts - attempts)] }]);
      }
      if (!(await storage.consumeSavedApplication(id))) throw gone(CODES.savedUsed, 'Deze link is al gebruikt.');
      return plain;
    },

    purge(at = now()) {
      return storage.purgeSavedApplications(at, KEEP_EXPIRED_DAYS);
    },
  };
}
