/**
 * Starts the portal server with the configuration from the environment, and stops it gracefully on
 * SIGTERM/SIGINT (http/shutdown.ts). A start that fails prints one line on stderr
 * (startupFailure.ts) and exits with status 1. The data folder is made and tried first; the database is opened before the rest of the server
 * is even loaded, so a database that is away is reported within its connect time limit, and opening
 * it may take at most STARTUP_DEADLINE_MS. What follows (compiling the flows) is the process's own
 * work; its database statements have their time limits.
 */
import { prepareDataDir } from './boot/dataDir';
import { loadConfig, type ServerConfig } from './config';
import { postgresTarget, startupFailureLine } from './startupFailure';
import { createStorage } from './storage';

/**
 * Opening the database gives up this long after the process started (loading the code counts too),
 * so a database that never answers ends start-up within 15 s also on a busy machine; the connect
 * time limit (5 s by default) normally comes first.
 */
const STARTUP_DEADLINE_MS = 13_000;

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

let config: ServerConfig | undefined;
let phase = 'het lezen van de instellingen';
const deadline = setTimeout(
  () => fail(`Opstarten mislukt: ${phase} duurde langer dan ${STARTUP_DEADLINE_MS / 1000} seconden.`),
  Math.max(0, STARTUP_DEADLINE_MS - process.uptime() * 1000),
);
try {
  config = loadConfig();
  prepareDataDir(config.dataDir);
  phase = `het openen van ${config.databaseUrl ? postgresTarget(config.databaseUrl) : 'de database'}`;
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
