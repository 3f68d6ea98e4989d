/**
 * Server configuration, read once from the environment. Every setting has a default that works on
 * a developer's machine; production sets NODE_ENV=production and its own secrets and links.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { MIN_PASSWORD_LENGTH } from '../shared/passwordPolicy';
import { csrPolicyFromEnv, type CsrPolicy } from './csr';
import type { BodyPace } from './uploads/bodyWatch';
import type { PostgresTimeouts } from './storage';

export type Environment = 'production' | 'development' | 'test';

export interface ServerConfig {
  port: number;
  host: string;
  /** Limits on slow or idle clients at the HTTP layer (see HttpTimeouts). */
  httpTimeouts: HttpTimeouts;
  /**
   * Which proxies' X-Forwarded-For/-Proto/-Host are believed (TRUST_PROXY): none (false, the
   * default), the nearest `n` hops, or the listed addresses and CIDR ranges. Rate limits count the
   * client address this yields, so an untrusted sender cannot pick their own.
   */
  trustProxy: false | number | string[];
  environment: Environment;
  /** PostgreSQL when set; otherwise the embedded SQLite file under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Redis (REDIS_URL) for what several server processes share: the rate-limit counters and the byte budgets. Without it, each process counts on its own. */
  redis?: { url: string; keyPrefix: string };
  /** Seconds a stopping server gives requests in progress to finish (SHUTDOWN_SECONDS, default 10). */
  shutdownSeconds: number;
  /** PostgreSQL's time limits (DATABASE_*_TIMEOUT_SECONDS): connecting, a statement on the server, an answer in the client, an open transaction left idle. */
  databaseTimeouts: PostgresTimeouts;
  /**
   * Longest start-up may spend opening the database (connecting and updating its tables), counted
   * from the moment it starts doing so, not from process start (STARTUP_DATABASE_SECONDS, default 15).
   */
  startupDatabaseMs: number;
  /** Days after which a stored submission and its files are deleted (RETENTION_DAYS). */
  retentionDays: number;
  /** Folder holding flows/, schemas/ and data/. */
  rootDir: string;
  /** Built client (vite build output). */
  clientDir: string;
  /** Secret for the XSRF token signature; shared by every server process of one deployment. */
  csrfSecret: string;
  /** The Secure flag of the portal's cookies: always, never, or 'auto' (when the request came over https, also behind a proxy). */
  secureCookies: boolean | 'auto';
  /** The applicant's session (signed cookie, see security/session.ts) and its timeout in the browser. */
  session: SessionConfig;
  uploadRateLimit: { max: number; timeWindowMs: number };
  /** Upload chunks (and finished files' content checks) worked on at the same time; the rest wait (bounded memory). */
  uploadConcurrency: number;
  /** When an upload's sender counts as stalled: silent too long, or too slow over a window (answered 408). */
  uploadPace: BodyPace;
  /** Worker threads that render PDFs (PDF_WORKERS); 0 renders on the main thread. */
  pdfWorkers: number;
  /** Flow versions: how often each process asks the database for a newly published one, and how long an applicant may finish on a replaced one. */
  flowVersions: { pollMs: number; graceMs: number };
  csrPolicy: CsrPolicy;
  applicationName: string;
  /** APPLICATION_NAME when set: then every page carries this name, whatever the scenario or language. */
  customApplicationName?: string;
  links: Record<'uzi' | 'zovar', { home: string; contact: string }>;
  externalPassRequestUrl: string;
  logLevel: string;
  /** Postcode lookup: 'embedded' (data/postcodes, plausible data for development and tests) or 'pdok' (PDOK Locatieserver). */
  postcodeProvider: 'embedded' | 'pdok';
  /** Base URL of the PDOK Locatieserver search API (used when postcodeProvider is 'pdok'). */
  pdokLocatieserverUrl: string;
  /**
   * Requests per client per time window on each route that has no limit of its own
   * (REQUEST_RATE_LIMIT_MAX, default 300; REQUEST_RATE_LIMIT_WINDOW_MS, default 60000). Only the
   * health checks have none.
   */
  requestRateLimit: { max: number; timeWindowMs: number };
  /** Postcode lookups per client per time window. */
  postcodeRateLimit: { max: number; timeWindowMs: number };
  /** Feedback submissions (`POST /api/useropinion`) per client per time window. */
  userOpinionRateLimit: { max: number; timeWindowMs: number };
  /** 'Opslaan en later verder': how long a saved application is kept, the sealing secret, mail. */
  saving: SavingConfig;
  /** The back office at /beheer: its sessions, first account, four-eyes rule and OpenID Connect. */
  beheer: BeheerConfig;
  /** How much may be stored per window (per client address and in all), and the disk space that stays free. */
  quota: QuotaConfig;
}

export interface QuotaConfig {
  /** The window the byte budgets count over (QUOTA_WINDOW_HOURS, default 24). */
  windowMs: number;
  /** Sent applications (uploads and final submits): QUOTA_UPLOAD_ADDRESS_MB (1024) and QUOTA_UPLOAD_TOTAL_MB (10240). */
  upload: { perAddressBytes: number; totalBytes: number };
  /** Saved applications ('Opslaan en later verder'): QUOTA_SAVE_ADDRESS_MB (512) and QUOTA_SAVE_TOTAL_MB (2048). */
  save: { perAddressBytes: number; totalBytes: number };
  /** Free space in DATA_DIR below which nothing more is stored (DISK_RESERVE_MB, default 1024). */
  diskReserveBytes: number;
}

export interface HttpTimeouts {
  /** Longest wait for the complete request headers (HTTP_HEADERS_TIMEOUT_SECONDS, default 15). */
  headersMs: number;
  /** Longest wait for the whole request, body included (HTTP_REQUEST_TIMEOUT_SECONDS, default 120: a 10 MB upload over a slow mobile link). */
  requestMs: number;
  /** How long an idle kept-alive connection stays open between requests (HTTP_KEEPALIVE_TIMEOUT_SECONDS, default 65). */
  keepAliveMs: number;
  /** A connection on which nothing moves for this long is closed (HTTP_IDLE_TIMEOUT_SECONDS, default 60). */
  idleMs: number;
}

export interface BeheerConfig {
  /** BEHEER_ADMIN_EMAIL and BEHEER_ADMIN_PASSWORD: the first administrator, created on start when no account exists. */
  bootstrap?: { email: string; password: string };
  /** BEHEER_VIER_OGEN=true: publishing a draft needs the approval of a second person. */
  fourEyes: boolean;
  /** Minutes without activity after which a back-office session ends (BEHEER_SESSIE_MINUTEN, default 30). */
  idleSeconds: number;
  /** Longest a back-office session lasts, active or not (8 hours). */
  maxSeconds: number;
  /** Seconds before the end at which the session dialog opens. */
  popupSeconds: number;
  /**
   * Failed sign-ins of one address after which it waits (5), how long (15 minutes), and the window
   * within which failures count together (BEHEER_POGINGEN_MINUTEN, default 15).
   */
  lockout: { attempts: number; seconds: number; windowSeconds: number };
  /** BEHEER_TOTP_SECRET: the key the secrets of the second factor are sealed with (else the secret of saved applications). */
  totpSecret?: string;
  /**
   * With four eyes: how long after a beheerder created an account or changed its roles or password
   * that beheerder counts as its holder for approvals (BEHEER_VIER_OGEN_ACCOUNT_DAGEN, default 30).
   */
  accountTieSeconds: number;
  /** Sign-in attempts per client per minute (BEHEER_LOGIN_RATE_LIMIT_MAX, default 10). */
  loginRateLimit: { max: number; timeWindowMs: number };
  /** OpenID Connect: set when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are. */
  oidc?: OidcConfig;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claim that lists the roles (OIDC_ROLES_CLAIM, default 'roles'): an array or a space-separated string. */
  rolesClaim: string;
  /** Where the provider sends the browser back: `${PUBLIC_URL}/api/beheer/oidc/terug`. */
  redirectUri: string;
}

export interface SavingConfig {
  /** Days a saved application can be resumed. */
  days: number;
  /** Secret the saved applications are sealed with (with each one's resume code); shared by every process. Without it, one kept next to the embedded database. */
  secret?: string;
  /** Wrong resume codes after which a saved application is dropped for good. */
  maxAttempts: number;
  /** The resume link by e-mail (nodemailer), when set. */
  mail?: { url: string; from: string };
  /** The portal's own address, for links in e-mail (never taken from a request's Host header). */
  publicUrl: string;
}

export interface SessionConfig {
  /** Secret for the session cookie signature; shared by every server process of one deployment. */
  secret: string;
  /** Lifetime of a session after the last keepalive, in seconds. */
  ttlSeconds: number;
  /** Longest a session lasts from its start, keepalives or not (SESSION_MAX_HOURS, default 12), in seconds. */
  maxSeconds: number;
  /** Seconds before the end of the session at which the browser opens the timeout dialog (at least 0). */
  popupSeconds: number;
  /** Where the browser goes after logging out or timing out: a portal path or a full URL. */
  logoutUrl: string;
  /** Whether a route change in the portal counts as activity (calls keepalive). */
  keepaliveOnRouteChange: boolean;
}

function environmentOf(value: string | undefined): Environment {
  return value === 'production' || value === 'test' ? value : 'development';
}

/** Worker threads for the PDF pool: `PDF_WORKERS`, else all cores but one (at least one). */
export function pdfWorkerCount(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.PDF_WORKERS?.trim();
  if (!value) return Math.max(1, availableParallelism() - 1);
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0) throw new Error(`PDF_WORKERS '${value}' is ongeldig: kies een geheel aantal van 0 of meer.`);
  return count;
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
    httpTimeouts: httpTimeoutsOf(env),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    environment,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(rootDir, env.DATA_DIR ?? 'var'),
    ...(env.REDIS_URL?.trim() ? { redis: { url: env.REDIS_URL.trim(), keyPrefix: env.REDIS_KEY_PREFIX ?? 'uzi-portaal:' } } : {}),
    shutdownSeconds: wholeNumberOf('SHUTDOWN_SECONDS', env.SHUTDOWN_SECONDS, 10, 0),
    databaseTimeouts: databaseTimeoutsOf(env),
    startupDatabaseMs: wholeNumberOf('STARTUP_DATABASE_SECONDS', env.STARTUP_DATABASE_SECONDS, 15, 1) * 1000,
    retentionDays: wholeNumberOf('RETENTION_DAYS', env.RETENTION_DAYS, 90, 1),
    rootDir,
    clientDir: path.resolve(rootDir, env.CLIENT_DIR ?? 'dist/client'),
    csrfSecret: env.CSRF_SECRET ?? randomBytes(32).toString('hex'),
    secureCookies: secureCookiesOf(env.SECURE_COOKIES, environment),
    session: sessionConfigOf(env),
    requestRateLimit: {
      max: wholeNumberOf('REQUEST_RATE_LIMIT_MAX', env.REQUEST_RATE_LIMIT_MAX, 300, 1),
      timeWindowMs: wholeNumberOf('REQUEST_RATE_LIMIT_WINDOW_MS', env.REQUEST_RATE_LIMIT_WINDOW_MS, 60_000, 1),
    },
    uploadRateLimit: {
      max: Number(env.UPLOAD_RATE_LIMIT_MAX ?? 30),
      timeWindowMs: Number(env.UPLOAD_RATE_LIMIT_WINDOW_MS ?? 60_000),
    },
    uploadConcurrency: Math.max(1, Number(env.UPLOAD_CONCURRENCY ?? 4)),
    uploadPace: {
      idleMs: wholeNumberOf('UPLOAD_IDLE_SECONDS', env.UPLOAD_IDLE_SECONDS, 10, 1) * 1000,
      minBytesPerSecond: wholeNumberOf('UPLOAD_MIN_BYTES_PER_SECOND', env.UPLOAD_MIN_BYTES_PER_SECOND, 1024, 0),
      windowMs: wholeNumberOf('UPLOAD_RATE_WINDOW_SECONDS', env.UPLOAD_RATE_WINDOW_SECONDS, 10, 1) * 1000,
    },
    pdfWorkers: pdfWorkerCount(env),
    flowVersions: {
      pollMs: wholeNumberOf('FLOW_POLL_SECONDS', env.FLOW_POLL_SECONDS, 2, 0) * 1000,
      graceMs: wholeNumberOf('FLOW_VERSION_GRACE_HOURS', env.FLOW_VERSION_GRACE_HOURS, 7 * 24, 0) * 3_600_000,
    },
    csrPolicy: csrPolicyFromEnv(env),
    applicationName: env.APPLICATION_NAME ?? 'Aanvraagportaal UZI-register',
    ...(env.APPLICATION_NAME ? { customApplicationName: env.APPLICATION_NAME } : {}),
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
    userOpinionRateLimit: {
      max: Number(env.USEROPINION_RATE_LIMIT_MAX ?? 5),
      timeWindowMs: Number(env.USEROPINION_RATE_LIMIT_WINDOW_MS ?? 60_000),
    },
    saving: savingConfigOf(env),
    beheer: beheerConfigOf(env),
    quota: quotaConfigOf(env),
  };
}

const MB = 1024 * 1024;

function quotaConfigOf(env: NodeJS.ProcessEnv): QuotaConfig {
  const megabytes = (name: string, fallback: number, min: number) => wholeNumberOf(name, env[name], fallback, min) * MB;
  return {
    windowMs: wholeNumberOf('QUOTA_WINDOW_HOURS', env.QUOTA_WINDOW_HOURS, 24, 1) * 3_600_000,
    upload: { perAddressBytes: megabytes('QUOTA_UPLOAD_ADDRESS_MB', 1024, 1), totalBytes: megabytes('QUOTA_UPLOAD_TOTAL_MB', 10 * 1024, 1) },
    save: { perAddressBytes: megabytes('QUOTA_SAVE_ADDRESS_MB', 512, 1), totalBytes: megabytes('QUOTA_SAVE_TOTAL_MB', 2 * 1024, 1) },
    diskReserveBytes: megabytes('DISK_RESERVE_MB', 1024, 0),
  };
}

function databaseTimeoutsOf(env: NodeJS.ProcessEnv): PostgresTimeouts {
  return {
    connectMs: wholeNumberOf('DATABASE_CONNECT_TIMEOUT_SECONDS', env.DATABASE_CONNECT_TIMEOUT_SECONDS, 5, 1) * 1000,
    statementMs: wholeNumberOf('DATABASE_STATEMENT_TIMEOUT_SECONDS', env.DATABASE_STATEMENT_TIMEOUT_SECONDS, 15, 1) * 1000,
    queryMs: wholeNumberOf('DATABASE_QUERY_TIMEOUT_SECONDS', env.DATABASE_QUERY_TIMEOUT_SECONDS, 20, 1) * 1000,
    idleInTransactionMs: wholeNumberOf('DATABASE_IDLE_IN_TRANSACTION_SECONDS', env.DATABASE_IDLE_IN_TRANSACTION_SECONDS, 30, 1) * 1000,
  };
}

function beheerConfigOf(env: NodeJS.ProcessEnv): BeheerConfig {
  const email = env.BEHEER_ADMIN_EMAIL?.trim();
  const password = env.BEHEER_ADMIN_PASSWORD;
  if (Boolean(email) !== Boolean(password)) throw new Error('Zet BEHEER_ADMIN_EMAIL en BEHEER_ADMIN_PASSWORD allebei, of geen van beide.');
  if (password !== undefined && password.length > 0 && password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`BEHEER_ADMIN_PASSWORD moet minstens ${MIN_PASSWORD_LENGTH} tekens hebben.`);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, '');
  const oidc =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
          rolesClaim: env.OIDC_ROLES_CLAIM || 'roles',
          redirectUri: `${publicUrl}/api/beheer/oidc/terug`,
        }
      : undefined;
  return {
    ...(email && password ? { bootstrap: { email, password } } : {}),
    fourEyes: env.BEHEER_VIER_OGEN === 'true',
    idleSeconds: wholeNumberOf('BEHEER_SESSIE_MINUTEN', env.BEHEER_SESSIE_MINUTEN, 30, 1) * 60,
    maxSeconds: 8 * 3600,
    popupSeconds: 60,
    lockout: { attempts: 5, seconds: 15 * 60, windowSeconds: wholeNumberOf('BEHEER_POGINGEN_MINUTEN', env.BEHEER_POGINGEN_MINUTEN, 15, 1) * 60 },
    ...(env.BEHEER_TOTP_SECRET ? { totpSecret: env.BEHEER_TOTP_SECRET } : {}),
    accountTieSeconds: wholeNumberOf('BEHEER_VIER_OGEN_ACCOUNT_DAGEN', env.BEHEER_VIER_OGEN_ACCOUNT_DAGEN, 30, 0) * 86_400,
    loginRateLimit: { max: Number(env.BEHEER_LOGIN_RATE_LIMIT_MAX ?? 10), timeWindowMs: 60_000 },
    ...(oidc ? { oidc } : {}),
  };
}

function savingConfigOf(env: NodeJS.ProcessEnv): SavingConfig {
  // Production always has a shared secret (CSRF_SECRET is required there); the key of each saved
  // application is derived from it for this purpose only (HKDF with its own label).
  const secret = env.SAVE_SECRET || env.SESSION_SECRET || env.CSRF_SECRET;
  return {
    days: wholeNumberOf('SAVE_DAYS', env.SAVE_DAYS, 30, 1),
    ...(secret ? { secret } : {}),
    maxAttempts: 5,
    ...(env.SMTP_URL ? { mail: { url: env.SMTP_URL, from: env.MAIL_FROM || 'UZI-register <noreply@uziregister.nl>' } } : {}),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, ''),
  };
}

function secureCookiesOf(value: string | undefined, environment: Environment): ServerConfig['secureCookies'] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'auto') return 'auto';
  if (value) throw new Error(`SECURE_COOKIES '${value}' is onbekend: kies 'true', 'false' of 'auto'.`);
  return environment === 'production' ? true : 'auto';
}

/** A whole number (of seconds or hours, as `name` says) from the environment, at least `min`; the default when unset. */
function wholeNumberOf(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const amount = Number(value);
  const unit = name.endsWith('_PER_SECOND')
    ? 'bytes per seconde'
    : name.endsWith('_MB')
      ? 'megabytes'
      : name.endsWith('_HOURS')
        ? 'uren'
        : name.endsWith('_DAYS')
          ? 'dagen'
          : name.endsWith('_MINUTEN')
            ? 'minuten'
            : name.endsWith('_MS')
              ? 'milliseconden'
              : name.endsWith('_MAX')
                ? 'verzoeken'
                : 'seconden';
  if (!Number.isInteger(amount) || amount < min) throw new Error(`${name} moet een geheel aantal ${unit} van minstens ${min} zijn.`);
  return amount;
}

function sessionConfigOf(env: NodeJS.ProcessEnv): SessionConfig {
  const secret = env.SESSION_SECRET || env.CSRF_SECRET;
  if (environmentOf(env.NODE_ENV) === 'production' && !secret) {
    throw new Error('SESSION_SECRET ontbreekt: zet een geheime waarde die alle serverprocessen delen.');
  }
  return {
    secret: secret ?? randomBytes(32).toString('hex'),
    ttlSeconds: wholeNumberOf('SESSION_TTL_SECONDS', env.SESSION_TTL_SECONDS, 15 * 60, 1),
    maxSeconds: wholeNumberOf('SESSION_MAX_HOURS', env.SESSION_MAX_HOURS, 12, 1) * 3600,
    popupSeconds: wholeNumberOf('SESSION_POPUP_SECONDS', env.SESSION_POPUP_SECONDS, 60, 0),
    logoutUrl: env.SESSION_LOGOUT_URL || '/uitgelogd',
    keepaliveOnRouteChange: env.SESSION_KEEPALIVE_ON_ROUTE_CHANGE !== 'false',
  };
}

function httpTimeoutsOf(env: NodeJS.ProcessEnv): HttpTimeouts {
  const headersMs = wholeNumberOf('HTTP_HEADERS_TIMEOUT_SECONDS', env.HTTP_HEADERS_TIMEOUT_SECONDS, 15, 1) * 1000;
  const requestMs = wholeNumberOf('HTTP_REQUEST_TIMEOUT_SECONDS', env.HTTP_REQUEST_TIMEOUT_SECONDS, 120, 1) * 1000;
  // Node refuses a headers timeout longer than the request timeout.
  if (headersMs > requestMs) throw new Error('HTTP_HEADERS_TIMEOUT_SECONDS mag niet groter zijn dan HTTP_REQUEST_TIMEOUT_SECONDS.');
  return {
    headersMs,
    requestMs,
    keepAliveMs: wholeNumberOf('HTTP_KEEPALIVE_TIMEOUT_SECONDS', env.HTTP_KEEPALIVE_TIMEOUT_SECONDS, 65, 1) * 1000,
    idleMs: wholeNumberOf('HTTP_IDLE_TIMEOUT_SECONDS', env.HTTP_IDLE_TIMEOUT_SECONDS, 60, 1) * 1000,
  };
}

/** An IPv4 or IPv6 address, optionally with a CIDR prefix length. */
function isAddressOrRange(value: string): boolean {
  const [address, prefix, extra] = value.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset or 'false' trusts nobody; a whole number trusts that many hops; else a comma-separated list of addresses or ranges. */
export function trustProxyOf(value: string | undefined): ServerConfig['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const wrong = items.find((item) => !isAddressOrRange(item));
  if (wrong !== undefined || items.length === 0) {
    throw new Error(
      `TRUST_PROXY '${wrong ?? text}' is ongeldig: geef het aantal proxy's voor de server (bijvoorbeeld 1) of hun adressen en reeksen (bijvoorbeeld 10.0.0.0/8,192.168.1.10).`,
    );
  }
  return items;
}

function postcodeProviderOf(value: string | undefined): ServerConfig['postcodeProvider'] {
  if (!value || value === 'embedded') return 'embedded';
  if (value === 'pdok') return 'pdok';
  throw new Error(`POSTCODE_PROVIDER '${value}' is onbekend: kies 'embedded' of 'pdok'.`);
}
