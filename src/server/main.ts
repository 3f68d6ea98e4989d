/**
 * Starts the portal server with the configuration from the environment. A start that fails, or
 * does not finish within STARTUP_DEADLINE_MS, prints one line on stderr (startupFailure.ts) and
 * exits with status 1. The database is opened before the rest of the server is even loaded, so a
 * database that is away is reported within its connect time limit.
 */
import { loadConfig, type ServerConfig } from './config';
import { postgresTarget, startupFailureLine } from './startupFailure';
import { createStorage } from './storage';

/**
 * Start-up gives up this long after the process started (loading the code counts too), so it ends
 * within 15 s also on a busy machine; the database's connect time limit (5 s by default) comes first.
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
  phase = `het openen van ${config.databaseUrl ? postgresTarget(config.databaseUrl) : 'de database'}`;
  const storage = await createStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, postgresTimeouts: config.databaseTimeouts });
  phase = 'het laden van de server en de flows';
  const { buildApp } = await import('./app');
  const { app } = await buildApp(config, { storage });
  app.addHook('onClose', () => storage.close());
  phase = `het luisteren op ${config.host}:${config.port}`;
  await app.listen({ port: config.port, host: config.host });
  clearTimeout(deadline);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      app.close().then(() => process.exit(0), () => process.exit(1));
    });
  }
} catch (error) {
  fail(startupFailureLine(error, config));
}
