/**
 * A PostgreSQL cluster of a test's own (initdb in a temporary folder, run as the `postgres` user,
 * trust authentication on 127.0.0.1, a port from 55433-55439 unless the caller names others), for tests that stop, start or
 * reconfigure the server. The shared test cluster on 5432 is never touched.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The binaries of the newest PostgreSQL Debian installed (/usr/lib/postgresql/<major>/bin). */
const BIN = (() => {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return join(root, majors[0] ?? '15', 'bin');
})();
const PORTS = [55433, 55434, 55435, 55436, 55437, 55438, 55439];

export interface OwnPostgres {
  /** URL of database `postgres` as superuser `postgres` (trust: no password). */
  url: string;
  port: number;
  start(): void;
  stop(): void;
  /** `pg_ctl start`, without blocking this process's event loop while it waits. */
  startAsync(): Promise<void>;
  /** `pg_ctl stop -m fast` (sessions are ended, statements cut), without blocking the event loop. */
  stopAsync(): Promise<void>;
  /** Stops every process of the cluster (SIGSTOP): it keeps its connections and answers nothing. */
  freeze(): void;
  /** Lets a frozen cluster go on (SIGCONT). */
  thaw(): void;
  /** Runs SQL as the superuser (psql over the socket folder). */
  psql(sql: string): string;
  destroy(): void;
}

/** Whether this machine can run one: the binaries are there and the tests run as root. */
export function canRunOwnPostgres(): boolean {
  return existsSync(join(BIN, 'initdb')) && process.getuid?.() === 0;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function asPostgres(command: string, args: string[], input?: string): string {
  return execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { cwd: '/', input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
}

function asPostgresAsync(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('runuser', ['-u', 'postgres', '--', command, ...args], { cwd: '/' }, (error, _stdout, stderr) =>
      error ? reject(new Error(`${command} failed: ${stderr}`)) : resolve(),
    );
  });
}

/** Starts a cluster on the first free port of `ports` (55433-55439 unless the test names its own). */
export async function startOwnPostgres(ports: readonly number[] = PORTS): Promise<OwnPostgres> {
  let port: number | undefined;
  for (const candidate of ports) {
    if (await portIsFree(candidate)) {
      port = candidate;
      break;
    }
  }
  if (port === undefined) throw new Error(`no free port in ${ports.join(', ')} for a PostgreSQL cluster`);
  const root = mkdtempSync(join(tmpdir(), 'uzi-own-pg-'));
  chmodSync(root, 0o755);
  const dataDir = join(root, 'data');
  const { uid, gid } = userIds('postgres');
  chownSync(root, uid, gid);
  asPostgres(join(BIN, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const startArgs = ['-D', dataDir, '-o', options, '-l', join(root, 'log'), '-w', '-t', '30', 'start'];
  const stopArgs = ['-D', dataDir, '-m', 'fast', '-w', 'stop'];
  const cluster: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => void asPostgres(join(BIN, 'pg_ctl'), startArgs),
    stop: () => void asPostgres(join(BIN, 'pg_ctl'), stopArgs),
    startAsync: () => asPostgresAsync(join(BIN, 'pg_ctl'), startArgs),
    stopAsync: () => asPostgresAsync(join(BIN, 'pg_ctl'), stopArgs),
    freeze: () => signalCluster(dataDir, 'SIGSTOP'),
    thaw: () => signalCluster(dataDir, 'SIGCONT'),
    psql: (sql) => asPostgres(join(BIN, 'psql'), ['-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', '-h', root, '-p', String(port), '-d', 'postgres'], sql),
    destroy() {
      try {
        cluster.thaw();
      } catch {
        // Not running.
      }
      try {
        cluster.stop();
      } catch {
        // Already stopped.
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}

/** Sends `signal` to the cluster's postmaster and all of its children (this cluster's only). */
function signalCluster(dataDir: string, signal: NodeJS.Signals): void {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
  for (const pid of [postmaster, ...children]) process.kill(pid, signal);
}

function userIds(name: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}
