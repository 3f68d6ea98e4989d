/**
 * Starts the portal server with the configuration from the environment, and stops it gracefully on
 * SIGTERM/SIGINT (http/shutdown.ts). A start that fails prints one line on stderr
 * (startupFailure.ts) and exits with status 1. The data folder is made and tried first, then the
 * database is opened before the rest of the server is even loaded, so a database that is away is
 * reported within its connect time limit. Opening it may take at most STARTUP_DATABASE_SECONDS,
 * counted from the moment it starts: loading the code before it, slow on a busy machine, does not
 * count against the database. What follows (compiling the flows) is the process's own work; its
 * database statements have their time limits.
 */
import { prepareDataDir } from './boot/dataDir';
import { loadConfig, type ServerConfig } from './config';
import { postgresTarget, startupFailureLine } from './startupFailure';
import { createStorage } from './storage';

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

function seconds(ms: number): string {
  return ms === 1000 ? '1 seconde' : `${ms / 1000} seconden`;
}

/** What the database step is, in the words of the line that reports it took too long. */
function databaseStep(config: ServerConfig): string {
  return config.databaseUrl
    ? `het verbinden met en bijwerken van ${postgresTarget(config.databaseUrl)}`
    : `het openen en bijwerken van het databasebestand in ${config.dataDir}`;
}

let config: ServerConfig | undefined;
try {
  config = loadConfig();
  prepareDataDir(config.dataDir);
  const { startupDatabaseMs } = config;
  const step = databaseStep(config);
  const deadline = setTimeout(
    () => fail(`Opstarten mislukt: ${step} duurde langer dan ${seconds(startupDatabaseMs)} (STARTUP_DATABASE_SECONDS).`),
    startupDatabaseMs,
  );
  const storage = await createStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, postgresTimeouts: config.databaseTimeouts });
  clearTimeout(deadline);
  const [{ buildApp }, { stopOnSignals }] = await Promise.all([import('./app'), import('./http/shutdown')]);
  const { app } = await buildApp(config, { storage });
  app.addHook('onClose', () => storage.close());
  await app.listen({ port: config.port, host: config.host });
  stopOnSignals(app, config.shutdownSeconds * 1000);
} catch (error) {
  fail(startupFailureLine(error, config));
}
