/**
 * `npm run load [-- --applicants 200 --seconds 60 --fault]`: simulated applicants walking whole
 * flows over HTTP against two server processes on one PostgreSQL database and one Redis, as a
 * deployment behind a proxy runs them.
 *
 * Starts the built server (`dist/server/main.js`, so run `npm run build` first) twice, on a fresh
 * PostgreSQL schema of its own (TEST_DATABASE_URL, else DATABASE_URL) and Redis (TEST_REDIS_URL,
 * else REDIS_URL) under a key prefix of its own; the rate limits are raised so one client address
 * can carry the load. Each applicant, in a loop until the time is up and alternating between the two
 * processes request by request: the flow's page (which gives the XSRF cookie, as in a browser), the
 * flow document, the first step's validator module, the reference data, a postcode lookup, then
 * either a document upload (multipart, a small real PDF) or the final submit of a valid application,
 * and then the printed form (PDF) of what was stored.
 *
 * `--fault` kills the second process with SIGKILL halfway, at the first moment it has an upload or
 * submit in progress; from then on the applicants use the first one (as a proxy would), and
 * requests that were in flight at the kill count as errors (a lost answer to a write is sent again
 * with its key, as below).
 *
 * `--restart-db` restarts PostgreSQL halfway (`pg_ctl stop -m fast`, which ends every session and
 * cuts the statements in progress, then `pg_ctl start`), as a routine restart or fail-over does.
 * Restarting the shared test cluster would disturb everyone else using it, so this mode runs on a
 * PostgreSQL cluster of its own instead of TEST_DATABASE_URL: initdb into a temporary folder, a
 * port from 3445-3449, run as the `postgres` OS user (the script must run as root, with Debian's
 * binaries in /usr/lib/postgresql/<major>/bin), removed at the end. The database stays down for
 * --db-down-seconds (3) between stop and start: a loaded production cluster takes seconds to stop
 * (its shutdown checkpoint) and to start, and without a pause the restart of this small cluster
 * (0.3 s) falls between the applicants' requests. Both processes must live through the restart;
 * requests cut by it, or sent while the database is down, count as errors (503 with Retry-After).
 *
 * At the end, in every mode, the database is checked: every submission whose kenmerk was answered with a
 * 2xx is stored exactly once, and no applicant's submission is stored twice (each carries a unique
 * marker). Prints requests, errors by kind and p50/p99 per request kind; exits 1 when a check fails.
 *
 * Every upload and final submit carries an Idempotency-Key, as the browser sends it; when its answer
 * is lost (no answer, 408, 409, 429 or 5xx) the applicant sends the same request with the same key
 * again, at most three times a second apart, as the browser does when the applicant tries again.
 *
 * Options: --applicants N (200), --seconds S (60), --fault, --restart-db, --db-down-seconds D (3), --port P (3350; the processes use P and
 * P+1), --think-ms M (2000: the pause of each applicant between two requests, reading and typing;
 * 0 sends the next request at once, far beyond what people do).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { answerIsLost } from '../src/api/idempotency';
import { minimalPdf } from '../tests/helpers/minimalPdf';
import { canRunOwnPostgres, startOwnPostgres, type OwnPostgres } from '../tests/helpers/ownPostgres';
import { serverNodeOptions } from './startCommand';

const { values: args } = parseArgs({
  options: {
    applicants: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    fault: { type: 'boolean', default: false },
    'restart-db': { type: 'boolean', default: false },
    'db-down-seconds': { type: 'string', default: '3' },
    port: { type: 'string', default: '3350' },
    'think-ms': { type: 'string', default: '2000' },
  },
});
const APPLICANTS = Number(args.applicants);
const SECONDS = Number(args.seconds);
const FAULT = args.fault === true;
const RESTART_DB = args['restart-db'] === true;
const DB_DOWN_MS = Number(args['db-down-seconds']) * 1000;
/** Ports for the cluster of its own that --restart-db restarts. */
const OWN_POSTGRES_PORTS = [3445, 3446, 3447, 3448, 3449];
const PORT = Number(args.port);
const THINK_MS = Number(args['think-ms']);
const REQUEST_TIMEOUT_MS = 30_000;
const ENTRY = 'dist/server/main.js';

if (RESTART_DB && !canRunOwnPostgres()) {
  console.error('--restart-db start een eigen PostgreSQL-cluster: draai als root met PostgreSQL in /usr/lib/postgresql/<versie>/bin.');
  process.exit(2);
}
const ownPostgres: OwnPostgres | undefined = RESTART_DB ? await startOwnPostgres(OWN_POSTGRES_PORTS) : undefined;
const databaseUrl = ownPostgres?.url ?? (process.env.TEST_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim());
const redisUrl = process.env.TEST_REDIS_URL?.trim() || process.env.REDIS_URL?.trim();
if (!databaseUrl || !redisUrl) {
  ownPostgres?.destroy();
  console.error('Zet TEST_DATABASE_URL (bash scripts/postgres-test-db.sh) en TEST_REDIS_URL (bash scripts/redis-test.sh).');
  process.exit(2);
}
if (!existsSync(ENTRY)) {
  ownPostgres?.destroy();
  console.error(`${ENTRY} ontbreekt: draai eerst npm run build.`);
  process.exit(2);
}

// --- What the applicants send ---------------------------------------------------------------

/** A small real PDF (one page of text), as a scanned form would be. */
const PDF = minimalPdf('Aanvraagformulier');

interface FlowPlan {
  id: string;
  page: string;
  /** The final step: a form for the upload, a JSON model for the submit. */
  submit(marker: string): { url: string; body: FormData | string; json: boolean };
}

const PAS_MODEL = (
  JSON.parse(readFileSync('tests/fixtures/aanvraag-zorgverlenerpas/01-geldig-artikel3-abonnee-wettelijk-vertegenwoordiger.json', 'utf8')) as {
    data: { gegevensAanvrager: Record<string, unknown> };
  }
).data;

/** Each submission carries a marker that names its applicant and attempt, to find doubles afterwards. */
const MARKER = /Linde (\d+) (\d+)/;

const FLOWS: FlowPlan[] = [
  {
    id: 'aanleveren-documenten',
    page: '/uzi/aanleveren-documenten',
    submit: (marker) => {
      const form = new FormData();
      const fields: Record<string, string> = {
        abonneeNaam: `Zorggroep ${marker}`,
        abonneeNummer: '12345678',
        naamContactpersoon: 'De Vries-Jansen',
        emailAdresContactpersoon: 'j.devries@zorggroep-delinde.nl',
        aanvraag: '1',
        aanvraagType: '1',
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('documenten', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'aanvraagformulier.pdf');
      return { url: '/api/aanleveren-documenten/upload', body: form, json: false };
    },
  },
  {
    id: 'aanvraag-zorgverlenerpas',
    page: '/uzi/aanvraag-zorgverlenerpas',
    submit: (marker) => ({
      url: '/api/aanvraag-zorgverlener-pas/indienen?scenario=uzi',
      body: JSON.stringify({ ...PAS_MODEL, gegevensAanvrager: { ...PAS_MODEL.gegevensAanvrager, abonneeNaam: `Huisartsenpraktijk ${marker}` } }),
      json: true,
    }),
  },
];

// --- Measuring -----------------------------------------------------------------------------

const KINDS = ['page', 'flow', 'validator', 'referenceData', 'postcode', 'upload', 'submit', 'printedForm'] as const;
type Kind = (typeof KINDS)[number];
const timings = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
const errors = new Map<string, number>();
const acknowledged: { kenmerk: string; marker: string }[] = [];
/** Submissions sent whose answer never came (connection cut, timeout): stored or not, nobody knows. */
let unanswered = 0;
/** Submits whose answer was lost at first and that were acknowledged when sent again with their key. */
let recovered = 0;
/** Uploads and submits sent and not yet answered (--restart-db waits for one). */
let writesInFlight = 0;

function countError(kind: Kind, what: string): void {
  const key = `${kind}: ${what}`;
  errors.set(key, (errors.get(key) ?? 0) + 1);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// --- The two processes --------------------------------------------------------------------

interface Process {
  base: string;
  child: ChildProcess;
  up: boolean;
  /** Its uploads and submits sent and not yet answered (--fault waits for one). */
  writing: number;
}

async function startProcess(port: number, env: Record<string, string>): Promise<Process> {
  const child = spawn(process.execPath, [...serverNodeOptions(), ENTRY], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 90_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`serverproces op poort ${port} is gestopt (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child, up: true, writing: 0 };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`serverproces op poort ${port} antwoordt niet`);
}

// --- One applicant ------------------------------------------------------------------------

class Applicant {
  private next = 0;
  private cookie = '';
  private token = '';
  private attempt = 0;
  /** The status of the last request (undefined: no answer at all). */
  private lastStatus: number | undefined;

  constructor(
    private readonly number: number,
    private readonly processes: Process[],
  ) {}

  /** The next process in turn that is up (a proxy does not send to a process it knows is down). */
  private target(): Process {
    for (let tries = 0; tries < this.processes.length; tries++) {
      const candidate = this.processes[this.next++ % this.processes.length];
      if (candidate.up) return candidate;
    }
    throw new Error('geen serverproces meer');
  }

  private async request(kind: Kind, url: string, init: RequestInit = {}): Promise<Response | undefined> {
    const target = this.target();
    const started = performance.now();
    const writes = kind === 'upload' || kind === 'submit';
    if (writes) {
      writesInFlight++;
      target.writing++;
    }
    try {
      const headers = new Headers(init.headers);
      if (this.cookie) headers.set('cookie', this.cookie);
      headers.set('accept-encoding', 'br, gzip');
      const response = await fetch(target.base + url, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const body = await response.arrayBuffer();
      this.lastStatus = response.status;
      timings.get(kind)!.push(performance.now() - started);
      const set = response.headers.getSetCookie().find((value) => value.startsWith('XSRF-TOKEN='));
      if (set) {
        this.token = set.slice('XSRF-TOKEN='.length).split(';')[0];
        this.cookie = `XSRF-TOKEN=${this.token}`;
      }
      if (response.status >= 400) {
        countError(kind, `HTTP ${response.status}`);
        return undefined;
      }
      return new Response(body, { status: response.status, headers: response.headers });
    } catch (error) {
      this.lastStatus = undefined;
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      countError(kind, (error as Error).name === 'TimeoutError' ? 'timeout' : (cause ?? (error as Error).name));
      if (writes) unanswered++;
      return undefined;
    } finally {
      if (writes) {
        writesInFlight--;
        target.writing--;
      }
    }
  }

  private async think(): Promise<void> {
    if (THINK_MS > 0) await new Promise((resolve) => setTimeout(resolve, THINK_MS));
  }

  async walk(until: number): Promise<void> {
    while (Date.now() < until) {
      const plan = FLOWS[(this.number + this.attempt) % FLOWS.length];
      this.attempt++;
      await this.once(plan);
    }
  }

  private async once(plan: FlowPlan): Promise<void> {
    if (!(await this.request('page', plan.page))) return;
    await this.think();
    const flowAnswer = await this.request('flow', `/api/flows/${plan.id}`);
    if (!flowAnswer) return;
    const { hash, validators, flow } = (await flowAnswer.json()) as { hash: string; validators: Record<string, string>; flow: { baseData?: string } };
    await this.think();
    const firstValidator = Object.values(validators)[0];
    if (firstValidator && !(await this.request('validator', firstValidator))) return;
    await this.think();
    if (flow.baseData && !(await this.request('referenceData', `/api/base-data/${flow.baseData}`))) return;
    await this.think();
    if (!(await this.request('postcode', '/api/referencedata/postcodedata?Postcode=2511CV&Huisnummer=5'))) return;
    await this.think();

    const marker = `Linde ${this.number} ${this.attempt}`;
    const submit = plan.submit(marker);
    const kind: Kind = submit.json ? 'submit' : 'upload';
    const headers: Record<string, string> = { 'x-xsrf-token': this.token, 'x-flow-version': hash, 'idempotency-key': randomBytes(16).toString('hex') };
    if (submit.json) headers['content-type'] = 'application/json';
    let answer = await this.request(kind, submit.url, { method: 'POST', headers, body: submit.body });
    for (let retry = 1; !answer && retry <= 3 && answerIsLost(this.lastStatus); retry++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      answer = await this.request(kind, submit.url, { method: 'POST', headers, body: submit.body });
      if (answer) recovered++;
    }
    if (!answer) return;
    const { kenmerk } = (await answer.json()) as { kenmerk: string };
    acknowledged.push({ kenmerk, marker });
    await this.think();

    const downloadUrl = `/api/${submit.url.split('/')[2]}/bevestiging`;
    await this.request('printedForm', downloadUrl, {
      method: 'POST',
      headers: { 'x-xsrf-token': this.token, 'x-flow-version': hash, 'content-type': 'application/json' },
      body: JSON.stringify({ kenmerk }),
    });
  }
}

// --- The database restart (--restart-db) ---------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Halfway, at the first moment an upload or submit is in progress, stops the database (fast: its
 * sessions end, their statements are cut), keeps it down for DB_DOWN_MS and starts it again. The
 * applicants walk nearly in step, so a moment chosen by the clock alone can fall where nobody writes.
 */
async function restartHalfway(cluster: OwnPostgres, started: number, until: number): Promise<void> {
  await sleep((SECONDS * 1000) / 2);
  while (writesInFlight === 0 && Date.now() < until) await sleep(5);
  if (writesInFlight === 0) {
    console.log('na de helft geen upload of indiening meer onderweg: PostgreSQL niet herstart');
    return;
  }
  const at = Date.now();
  console.log(`PostgreSQL gestopt (pg_ctl stop -m fast) na ${((at - started) / 1000).toFixed(1)} s, met ${writesInFlight} uploads/indieningen onderweg`);
  await cluster.stopAsync();
  await sleep(DB_DOWN_MS);
  await cluster.startAsync();
  console.log(`PostgreSQL weer gestart, ${((Date.now() - at) / 1000).toFixed(1)} s na het stoppen`);
}

// --- The kill (--fault) -------------------------------------------------------------------

/**
 * Halfway, at the first moment `victim` has an upload or submit in progress, kills it with SIGKILL
 * (as a crash or an out-of-memory kill would): a moment chosen by the clock alone mostly falls on a
 * read.
 */
async function killHalfway(victim: Process, started: number, until: number): Promise<void> {
  await sleep((SECONDS * 1000) / 2);
  while (victim.writing === 0 && Date.now() < until) await sleep(2);
  if (victim.writing === 0) {
    console.log(`na de helft geen upload of indiening meer onderweg bij ${victim.base}: niet gestopt`);
    return;
  }
  victim.up = false;
  const writing = victim.writing;
  victim.child.kill('SIGKILL');
  const at = Date.now() - started;
  console.log(`SIGKILL naar ${victim.base} na ${(at / 1000).toFixed(1)} s, met ${writing} uploads/indieningen onderweg`);
}

// --- The run ------------------------------------------------------------------------------

const runId = randomBytes(4).toString('hex');
const schema = `load_${runId}`;
const keyPrefix = `load-${runId}:`;
/** Runs `text` on a connection of its own (a restart of the database ends any connection kept open). */
async function adminQuery<Row extends pg.QueryResultRow>(text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}
await adminQuery(`create schema "${schema}"`);
const schemaUrl = new URL(databaseUrl);
schemaUrl.searchParams.set('options', `-c search_path=${schema}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'load-portal-'));

const env: Record<string, string> = {
  NODE_ENV: 'production',
  CSRF_SECRET: `load-csrf-${runId}`,
  SESSION_SECRET: `load-session-${runId}`,
  SECURE_COOKIES: 'false',
  DATABASE_URL: schemaUrl.toString(),
  REDIS_URL: redisUrl,
  REDIS_KEY_PREFIX: keyPrefix,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  POSTCODE_PROVIDER: 'embedded',
  UPLOAD_RATE_LIMIT_MAX: '100000000',
  REQUEST_RATE_LIMIT_MAX: '100000000',
  POSTCODE_RATE_LIMIT_MAX: '100000000',
  USEROPINION_RATE_LIMIT_MAX: '100000000',
};

let processes: Process[] = [];
let failed = false;
try {
  // One after the other: the first creates the schema's tables and publishes the flows.
  processes = [await startProcess(PORT, env)];
  processes.push(await startProcess(PORT + 1, env));
  const modes = [
    FAULT ? 'met SIGKILL halverwege' : '',
    RESTART_DB ? `met een herstart van PostgreSQL (eigen cluster, poort ${ownPostgres?.port}) halverwege` : '',
  ].filter(Boolean);
  console.log(
    `${APPLICANTS} aanvragers, ${SECONDS} s, twee processen (${processes.map((p) => p.base).join(', ')}), PostgreSQL schema ${schema}, Redis ${keyPrefix}${modes.map((mode) => `, ${mode}`).join('')}`,
  );
  const exits: string[] = [];
  for (const proc of processes) {
    proc.child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL' || !FAULT) exits.push(`${proc.base} stopte (${code ?? signal})`);
    });
  }

  const started = Date.now();
  const until = started + SECONDS * 1000;
  const fault = FAULT ? killHalfway(processes[1], started, until) : undefined;
  const restart = ownPostgres ? restartHalfway(ownPostgres, started, until) : undefined;
  const applicants = Array.from({ length: APPLICANTS }, (_, n) => new Applicant(n, processes));
  // Started a little apart, as people arrive.
  await Promise.all(
    applicants.map(async (applicant, n) => {
      await new Promise((resolve) => setTimeout(resolve, (n * 1000) / APPLICANTS));
      await applicant.walk(until);
    }),
  );
  await fault;
  await restart;
  const elapsed = (Date.now() - started) / 1000;

  // --- Report ---
  let total = 0;
  console.log(`\n${'soort'.padEnd(14)} ${'verzoeken'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  for (const kind of KINDS) {
    const sorted = timings.get(kind)!.sort((a, b) => a - b);
    total += sorted.length;
    console.log(
      `${kind.padEnd(14)} ${String(sorted.length).padStart(9)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)}`,
    );
  }
  const errorCount = [...errors.values()].reduce((sum, n) => sum + n, 0);
  console.log(`\nverzoeken met antwoord: ${total} in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)}/s); fouten: ${errorCount}`);
  for (const [what, count] of [...errors].sort()) console.log(`  ${what}: ${count}`);

  // --- The database: every acknowledged submission exactly once, none twice ---
  const rows = await adminQuery<{ kenmerk: string; data_json: string }>(`select kenmerk, data_json from "${schema}".submissions`);
  const byKenmerk = new Map<string, number>();
  const byMarker = new Map<string, number>();
  for (const row of rows) {
    byKenmerk.set(row.kenmerk, (byKenmerk.get(row.kenmerk) ?? 0) + 1);
    const marker = MARKER.exec(row.data_json)?.[0];
    if (marker) byMarker.set(marker, (byMarker.get(marker) ?? 0) + 1);
  }
  const missing = acknowledged.filter(({ kenmerk }) => byKenmerk.get(kenmerk) !== 1);
  const wrongContent = acknowledged.filter(({ kenmerk, marker }) => {
    const row = rows.find((candidate) => candidate.kenmerk === kenmerk);
    return row !== undefined && MARKER.exec(row.data_json)?.[0] !== marker;
  });
  const twice = [...byMarker].filter(([, count]) => count > 1);
  console.log(
    `\nindieningen bevestigd (2xx met kenmerk): ${acknowledged.length}; opgeslagen: ${rows.length}; ` +
      `zonder antwoord verstuurd: ${unanswered} (waarvan met dezelfde sleutel opnieuw verstuurd en bevestigd: ${recovered}); bevestigd maar niet precies één keer opgeslagen: ${missing.length}; ` +
      `met andere inhoud: ${wrongContent.length}; dubbel opgeslagen: ${twice.length}`,
  );
  if (rows.length > acknowledged.length)
    console.log(`  ${rows.length - acknowledged.length} opgeslagen indieningen kregen geen bevestiging (antwoord verloren bij de storing)`);
  const alive = processes.filter((proc) => proc.child.exitCode === null && proc.child.signalCode === null).length;
  console.log(`serverprocessen in leven aan het eind: ${alive} van ${processes.length}${exits.length > 0 ? `; onverwacht gestopt: ${exits.join(', ')}` : ''}`);
  failed = missing.length > 0 || wrongContent.length > 0 || twice.length > 0 || exits.length > 0 || (!FAULT && !RESTART_DB && errorCount > 0);
  console.log(failed ? '\nRESULTAAT: FOUT' : '\nRESULTAAT: in orde');
} finally {
  for (const proc of processes) if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGTERM');
  await Promise.all(
    processes.map((proc) =>
      proc.child.exitCode === null && proc.child.signalCode === null ? new Promise((resolve) => proc.child.once('exit', resolve)) : undefined,
    ),
  );
  await adminQuery(`drop schema if exists "${schema}" cascade`).catch((error: unknown) =>
    console.error(`schema ${schema} niet verwijderd: ${(error as Error).message}`),
  );
  ownPostgres?.destroy();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
