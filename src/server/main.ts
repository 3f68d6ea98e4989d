/** Starts the portal server with the configuration from the environment; stops it gracefully on SIGTERM/SIGINT. */
import { buildApp } from './app';
import { loadConfig } from './config';
import { stopOnSignals } from './http/shutdown';

try {
  const config = loadConfig();
  const { app } = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  stopOnSignals(app, config.shutdownSeconds * 1000);
} catch (error) {
  // One line naming what failed; the messages of the checks at start-up never hold a secret.
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Starten mislukt: ${message.replace(/\s+/g, ' ').trim()}\n`);
  process.exit(1);
}
