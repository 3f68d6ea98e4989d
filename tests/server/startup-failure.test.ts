/**
 * Start-up that cannot reach or open its database fails within 15 seconds with one line on stderr
 * naming what failed, never a secret, and a non-zero exit status: the real server process, a
 * database port that accepts connections and never answers, wrong credentials, and SQLite paths
 * that cannot be made or opened. The start-up deadline (STARTUP_DATABASE_SECONDS) counts from the
 * database attempt, so slow code loading on a busy machine does not fail a healthy start.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStorage } from '../../src/server/storage';
import { canMakeImmutable, whileImmutable } from '../helpers/immutable';
import { freshPostgresSchema, testDatabaseUrl } from '../helpers/server';
import { runServerProcessToExit, spawnServerProcess, type ServerExit } from '../helpers/serverProcess';

const PASSWORD = 'geheim-wachtwoord-42';
/** Stops a process that never ends by itself: three times the start-up deadline of 15 s. */
const WAIT_MS = 45_000;

/**
 * The process ended by itself, non-zero, with exactly one line on stderr; answers that line. Which
 * deadline ended it is read from the line (each names its own), not from the clock: a busy machine
 * may take longer to load the code, and `WAIT_MS` only stops a process that never ends.
 */
function oneLine(exit: ServerExit): string {
  expect(exit.code, `still running after ${exit.ms} ms; stderr: ${exit.stderr}`).toBeDefined();
  expect(exit.code).not.toBe(0);
  const lines = exit.stderr.split('\n').filter((line) => line !== '');
  expect(lines, exit.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Opstarten mislukt: /);
  expect(`${exit.stderr}${exit.stdout}`).not.toContain(PASSWORD);
  expect(lines[0]).not.toMatch(/\n\s+at /);
  return lines[0];
}

describe('start-up with a database that accepts connections and never answers', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let port = 0;

  beforeAll(async () => {
    silent = createServer((socket) => {
      // Accept, read nothing back, say nothing.
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('ends by itself with one line naming the server and its time limit, without the password', async () => {
    const exit = await runServerProcessToExit({ DATABASE_URL: `postgres://portaal:${PASSWORD}@127.0.0.1:${port}/portaal` }, WAIT_MS);
    const line = oneLine(exit);
    expect(line).toContain(`PostgreSQL op 127.0.0.1:${port}`);
    // pg's connect time limit, or (on a very busy machine) start-up's own deadline.
    expect(line).toMatch(/antwoordt niet binnen 5 seconden|duurde langer dan 15 seconden/);
    expect(line).not.toContain('portaal:');
  }, 60_000);

  it('stops at the configured start-up deadline and says that opening the database took too long', async () => {
    const exit = await runServerProcessToExit(
      { DATABASE_URL: `postgres://portaal:${PASSWORD}@127.0.0.1:${port}/portaal`, STARTUP_DATABASE_SECONDS: '1', DATABASE_CONNECT_TIMEOUT_SECONDS: '60' },
      WAIT_MS,
    );
    expect(oneLine(exit)).toBe(
      `Opstarten mislukt: het verbinden met en bijwerken van PostgreSQL op 127.0.0.1:${port} (database portaal) duurde langer dan 1 seconde (STARTUP_DATABASE_SECONDS).`,
    );
  }, 60_000);
});

describe('start-up with PostgreSQL that is not there or refuses the password', () => {
  it('names a refused connection', async () => {
    // A port that was free a moment ago: nobody listens.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const line = oneLine(await runServerProcessToExit({ DATABASE_URL: `postgres://portaal:${PASSWORD}@127.0.0.1:${port}/portaal` }, WAIT_MS));
    expect(line).toContain(`PostgreSQL op 127.0.0.1:${port}`);
    expect(line).toContain('niet bereikbaar (ECONNREFUSED)');
  }, 60_000);

  const databaseUrl = testDatabaseUrl();
  it.skipIf(!databaseUrl)(
    'names wrong credentials (28xxx) without the password',
    async () => {
      const url = new URL(databaseUrl as string);
      url.password = PASSWORD;
      const line = oneLine(await runServerProcessToExit({ DATABASE_URL: url.toString() }, WAIT_MS));
      expect(line).toMatch(/weigert de gebruikersnaam of het wachtwoord uit DATABASE_URL \(28(000|P01)\)/);
    },
    60_000,
  );
});

describe('start-up with a SQLite path that cannot be used', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'uzi-startup-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('names a DATA_DIR that cannot be created (a file is in the way)', async () => {
    const blocked = join(root, 'bestand');
    writeFileSync(blocked, 'geen map');
    const line = oneLine(await runServerProcessToExit({ DATA_DIR: blocked }, WAIT_MS));
    expect(line).toBe(`Opstarten mislukt: de map DATA_DIR ${blocked} kan niet worden gemaakt (EEXIST).`);
  }, 60_000);

  it('names a folder below a file', async () => {
    const blocked = join(root, 'ander-bestand');
    writeFileSync(blocked, 'geen map');
    const line = oneLine(await runServerProcessToExit({ DATA_DIR: join(blocked, 'data') }, WAIT_MS));
    expect(line).toBe(`Opstarten mislukt: de map DATA_DIR ${join(blocked, 'data')} kan niet worden gemaakt (ENOTDIR).`);
  }, 60_000);

  it('names a DATA_DIR under /proc, where folders cannot be made, at once', async () => {
    const underProc = `/proc/uzi-portaal-${randomBytes(4).toString('hex')}/data`;
    const line = oneLine(await runServerProcessToExit({ DATA_DIR: underProc }, WAIT_MS));
    expect(line).toBe(`Opstarten mislukt: de map DATA_DIR ${underProc} kan niet worden gemaakt (ENOENT).`);
  }, 60_000);

  it('names a DATA_DIR in which no file can be made', async () => {
    const line = oneLine(await runServerProcessToExit({ DATA_DIR: '/proc/self' }, WAIT_MS));
    expect(line).toBe('Opstarten mislukt: in de map DATA_DIR /proc/self kan niet worden geschreven (ENOENT).');
  }, 60_000);

  it('names the database file that cannot be opened', async () => {
    const dataDir = join(root, 'data');
    // A folder where the database file should be: SQLite cannot open it.
    mkdirSync(join(dataDir, 'portal.sqlite'), { recursive: true });
    const line = oneLine(await runServerProcessToExit({ DATA_DIR: dataDir }, WAIT_MS));
    expect(line).toBe(`Opstarten mislukt: het databasebestand ${join(dataDir, 'portal.sqlite')} kan niet worden geopend (SQLITE_CANTOPEN).`);
  }, 60_000);

  it.skipIf(!canMakeImmutable())(
    'names a database file that cannot be written',
    async () => {
      const dataDir = join(root, 'alleen-lezen');
      await (await createStorage({ dataDir })).close();
      const file = join(dataDir, 'portal.sqlite');
      const line = await whileImmutable(file, async () => oneLine(await runServerProcessToExit({ DATA_DIR: dataDir }, WAIT_MS)));
      expect(line).toBe(`Opstarten mislukt: het databasebestand ${file} kan niet worden beschreven (SQLITE_READONLY).`);
    },
    60_000,
  );
});

describe('start-up on a busy machine', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'uzi-startup-slow-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // PostgreSQL: opening it waits on the network, so a deadline that has run out fires.
  const databaseUrl = testDatabaseUrl();
  it.skipIf(!databaseUrl)(
    'starts on PostgreSQL although loading the code took longer than the database deadline',
    async () => {
      // Loading stalls for 3 s before the server's own code runs (as on a machine busy with other
      // work), longer than the 2 s database deadline set here; the database itself answers at once.
      // The deadline only counts from the database attempt.
      const preload = join(root, 'slow-start.mjs');
      writeFileSync(preload, 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3000);\n');
      const schema = await freshPostgresSchema(databaseUrl as string);
      const server = await spawnServerProcess({
        DATABASE_URL: schema.url,
        DATA_DIR: join(root, 'data'),
        NODE_OPTIONS: `--import=${preload}`,
        STARTUP_DATABASE_SECONDS: '2',
        PDF_WORKERS: '0',
      });
      try {
        let ended: number | null | undefined;
        void server.exited.then((code) => (ended = code));
        let healthy = false;
        // Until the server answers healthy or has ended (then the assertions below say which).
        await vi
          .waitFor(
            async () => {
              if (ended !== undefined) return;
              healthy = await server.fetch('/api/health').then(
                (response) => response.ok,
                () => false,
              );
              if (!healthy) throw new Error('not healthy yet');
            },
            { timeout: 120_000, interval: 200 },
          )
          .catch(() => undefined);
        expect(ended, server.output()).toBeUndefined();
        expect(healthy, server.output()).toBe(true);
      } finally {
        await server.close();
        await schema.drop();
      }
    },
    180_000,
  );
});
