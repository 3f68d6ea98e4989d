/**
 * Server configuration, read once from the environment. Every setting has a default that works on
 * a developer's machine; production sets NODE_ENV=production and its own secrets and links.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { csrPolicyFromEnv, type CsrPolicy } from './csr';

export type Environment = 'production' | 'development' | 'test';

export interface ServerConfig {
  port: number;
  host: string;
  environment: Environment;
  /** PostgreSQL when set; otherwise the embedded SQLite file under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Folder holding flows/, schemas/ and data/. */
  rootDir: string;
  /** Built client (vite build output). */
  clientDir: string;
  /** Secret for the XSRF token signature; shared by every server process of one deployment. */
  csrfSecret: string;
  secureCookies: boolean;
  uploadRateLimit: { max: number; timeWindowMs: number };
  /** Uploads whose files are read at the same time; the rest wait (bounded memory). */
  uploadConcurrency: number;
  csrPolicy: CsrPolicy;
  applicationName: string;
  links: Record<'uzi' | 'zovar', { home: string; contact: string }>;
  externalPassRequestUrl: string;
  logLevel: string;
  /** Postcode lookup: 'embedded' (data/postcodes, plausible data for development and tests) or 'pdok' (PDOK Locatieserver). */
  postcodeProvider: 'embedded' | 'pdok';
  /** Base URL of the PDOK Locatieserver search API (used when postcodeProvider is 'pdok'). */
  pdokLocatieserverUrl: string;
  /** Postcode lookups per client per time window. */
  postcodeRateLimit: { max: number; timeWindowMs: number };
}

function environmentOf(value: string | undefined): Environment {
  return value === 'production' || value === 'test' ? value : 'development';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const rootDir = path.resolve(env.APP_ROOT ?? process.cwd());
  const environment = environmentOf(env.NODE_ENV);
  if (environment === 'production' && !env.CSRF_SECRET) {
    throw new Error('CSRF_SECRET ontbreekt: zet een geheime waarde die alle serverprocessen delen.');
  }
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    environment,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(rootDir, env.DATA_DIR ?? 'var'),
    rootDir,
    clientDir: path.resolve(rootDir, env.CLIENT_DIR ?? 'dist/client'),
    csrfSecret: env.CSRF_SECRET ?? randomBytes(32).toString('hex'),
    secureCookies: env.SECURE_COOKIES ? env.SECURE_COOKIES === 'true' : environment === 'production',
    uploadRateLimit: {
      max: Number(env.UPLOAD_RATE_LIMIT_MAX ?? 30),
      timeWindowMs: Number(env.UPLOAD_RATE_LIMIT_WINDOW_MS ?? 60_000),
    },
    uploadConcurrency: Math.max(1, Number(env.UPLOAD_CONCURRENCY ?? 4)),
    csrPolicy: csrPolicyFromEnv(env),
    applicationName: env.APPLICATION_NAME ?? 'Aanvraagportaal UZI-register',
    links: {
      uzi: {
        home: env.UZI_HOME_URL ?? 'https://www.uziregister.nl',
        contact: env.UZI_CONTACT_URL ?? 'https://www.uziregister.nl/contact',
      },
      zovar: {
        home: env.ZOVAR_HOME_URL ?? 'https://www.zorgcsp.nl',
        contact: env.ZOVAR_CONTACT_URL ?? 'https://www.zorgcsp.nl/contact',
      },
    },
    externalPassRequestUrl: env.EXTERNAL_PASS_REQUEST_URL ?? 'https://www.uziregister.nl/uzi-pas/aanvragen',
    logLevel: env.LOG_LEVEL ?? (environment === 'test' ? 'warn' : 'info'),
    postcodeProvider: postcodeProviderOf(env.POSTCODE_PROVIDER),
    pdokLocatieserverUrl: env.PDOK_LOCATIESERVER_URL || 'https://api.pdok.nl/bzk/locatieserver/search/v3_1',
    postcodeRateLimit: {
      max: Number(env.POSTCODE_RATE_LIMIT_MAX ?? 120),
      timeWindowMs: Number(env.POSTCODE_RATE_LIMIT_WINDOW_MS ?? 60_000),
    },
  };
}

function postcodeProviderOf(value: string | undefined): ServerConfig['postcodeProvider'] {
  if (!value || value === 'embedded') return 'embedded';
  if (value === 'pdok') return 'pdok';
  throw new Error(`POSTCODE_PROVIDER '${value}' is onbekend: kies 'embedded' of 'pdok'.`);
}
