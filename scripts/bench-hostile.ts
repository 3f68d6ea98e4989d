/**
 * `npm run bench:hostile`: how the liveness check answers while clients send hostile JSON. Several
 * clients (in a process of their own, so their work does not delay the measuring client) post a
 * body of 5000 nested arrays (10 KB) in a loop to JSON routes (`/api/uitloggen`, `/api/useropinion`,
 * `/api/beheer/inloggen`), each with a valid XSRF pair so the body is read, while one more client
 * asks `GET /api/health/live` one request after another and records each answer's time. Three runs of the built server (`dist/server/main.js`, or BENCH_SERVER_ENTRY):
 * no attack; the attack with the portal's rate limits; the attack with the limits raised out of
 * reach, so every body is read and refused by the depth check alone. Prints p50/p99/max of the
 * health answers and what the attackers got back, per run. Run after `npm run build` (the API
 * needs only `npm run build:server`). Ports BENCH_PORT (default 3450) and the next two.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startBuiltServer, type BenchServer } from './benchSupport';

const NESTED = '['.repeat(5000) + ']'.repeat(5000);
const TARGETS = ['/api/uitloggen', '/api/useropinion', '/api/beheer/inloggen'];
const ATTACKERS = Number(process.env.BENCH_ATTACKERS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3450);

interface Run {
  label: string;
  health: number[];
  attacks: Map<number, number>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The XSRF cookie and token a page visit gives. */
async function session(base: string): Promise<{ cookie: string; token: string }> {
  const response = await fetch(`${base}/`);
  await response.arrayBuffer();
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('XSRF-TOKEN='));
  if (!header) throw new Error('no XSRF-TOKEN cookie');
  const value = decodeURIComponent(header.split(';')[0].slice('XSRF-TOKEN='.length));
  return { cookie: `XSRF-TOKEN=${encodeURIComponent(value)}`, token: value };
}

async function measure(label: string, port: number, attackerCount: number, env: Record<string, string>): Promise<Run> {
  const entry = process.env.BENCH_SERVER_ENTRY;
  const server: BenchServer = await startBuiltServer(port, { fixed: env, keepRateLimits: true, ...(entry ? { entry } : {}) });
  const run: Run = { label, health: [], attacks: new Map() };
  try {
    const { cookie, token } = await session(server.base);
    const attackers =
      attackerCount > 0
        ? attackProcess(server.base, cookie, token, attackerCount, SECONDS)
        : { started: Promise.resolve(), done: Promise.resolve(new Map<number, number>()) };
    const watch = async () => {
      // Measured while the attackers run: from their first request, for a second less than they go on.
      await attackers.started;
      const until = performance.now() + (SECONDS - 1) * 1000;
      while (performance.now() < until) {
        const start = performance.now();
        const response = await fetch(`${server.base}/api/health/live`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`health answered ${response.status}`);
        run.health.push(performance.now() - start);
      }
    };
    const [, attacks] = await Promise.all([watch(), attackers.done]);
    run.attacks = attacks;
  } finally {
    server.stop();
  }
  return run;
}

/**
 * Runs `count` attacking clients in another process for `seconds`: `started` once they send, `done`
 * with how often each status came back.
 */
function attackProcess(
  base: string,
  cookie: string,
  token: string,
  count: number,
  seconds: number,
): { started: Promise<void>; done: Promise<Map<number, number>> } {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--attack', base, cookie, token, String(count), String(seconds)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.includes('\n')) markStarted();
  });
  const done = new Promise<Map<number, number>>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      markStarted();
      if (code === 0) resolve(new Map(JSON.parse(output.slice(output.indexOf('\n') + 1)) as Array<[number, number]>));
      else reject(new Error(`attackers ended with ${code}`));
    });
  });
  return { started, done };
}

/** The attacking clients (in the process {@link attackProcess} starts): counts per status on standard output. */
async function attack(base: string, cookie: string, token: string, count: number, seconds: number): Promise<void> {
  const counts = new Map<number, number>();
  const until = performance.now() + seconds * 1000;
  const client = async (index: number) => {
    for (let sent = index; performance.now() < until; sent += 1) {
      try {
        const response = await fetch(`${base}${TARGETS[sent % TARGETS.length]}`, {
          method: 'POST',
          body: NESTED,
          headers: { cookie, 'x-xsrf-token': token, 'content-type': 'application/json' },
        });
        await response.arrayBuffer();
        counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
      } catch {
        counts.set(0, (counts.get(0) ?? 0) + 1);
      }
    }
  };
  process.stdout.write('started\n');
  await Promise.all(Array.from({ length: count }, (_, index) => client(index)));
  process.stdout.write(JSON.stringify([...counts.entries()]));
}

function report(run: Run): void {
  const sorted = [...run.health].sort((a, b) => a - b);
  const answers = [...run.attacks.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status === 0 ? 'failed' : status}: ${count}`);
  console.log(
    `${run.label.padEnd(44)} health n=${String(sorted.length).padStart(5)}  p50 ${percentile(sorted, 50).toFixed(2)} ms  p99 ${percentile(sorted, 99).toFixed(2)} ms  max ${sorted.at(-1)?.toFixed(2)} ms` +
      (answers.length > 0 ? `  attack answers ${answers.join(', ')}` : ''),
  );
}

if (process.argv[2] === '--attack') {
  const [base, cookie, token, count, seconds] = process.argv.slice(3);
  await attack(base, cookie, token, Number(count), Number(seconds));
  process.exit(0);
}

const unlimited = { REQUEST_RATE_LIMIT_MAX: '1000000000', USEROPINION_RATE_LIMIT_MAX: '1000000000', BEHEER_LOGIN_RATE_LIMIT_MAX: '1000000000' };
console.log(`${ATTACKERS} attackers, ${SECONDS} s per run, body ${NESTED.length} bytes of nesting`);
report(await measure('no attack', PORT, 0, {}));
report(await measure('attack, rate limits as configured', PORT + 1, ATTACKERS, {}));
report(await measure('attack, rate limits out of reach', PORT + 2, ATTACKERS, unlimited));
