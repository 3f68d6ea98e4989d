/** What the route handlers share: storage, translations, policies. Built once by the app. */
import type { Lang, Translate } from '../../renderer/core/i18n';
import type { ServerConfig } from './config';
import type { CsrPolicy } from './csr';
import type { PdfRenderer } from './pdf/pool';
import type { Storage } from './storage';
import type { Semaphore } from './uploads/semaphore';
import type { PostcodeProvider } from './postcode';
import type { StorageGuard } from './quota/storageGuard';

export interface ServerContext {
  config: ServerConfig;
  storage: Storage;
  translations: Record<Lang, Translate>;
  csrPolicy: CsrPolicy;
  uploadRateLimit: { max: number; timeWindow: number };
  /** The postcode lookup shared by the reference-data route and the address checks. */
  postcodeProvider: PostcodeProvider;
  /** Uploads read at the same time (memory bound). */
  uploadSlots: Semaphore;
  /** Renders the printed documents in worker threads and caches those of stored submissions. */
  pdf: PdfRenderer;
  /** Room on the disk and the byte budgets, asked before anything an applicant sends is stored. */
  storageGuard: StorageGuard;
}
