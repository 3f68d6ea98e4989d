/**
 * Stopping the server on SIGTERM or SIGINT. The listening socket closes at once (new connections go
 * to the other processes behind the proxy), idle keep-alive connections are closed, and a request
 * that still arrives on an open connection gets 503 with Retry-After (app.ts). Requests in progress
 * get `deadlineMs` to finish; then every connection still open is cut (a stalled client, a body
 * that never ends). After that the database, Redis and the PDF workers are closed (the app's
 * onClose hooks) and the process exits with 0 — also when connections had to be cut, which the
 * log names. Exit code 1 only when closing itself failed or hung for `HANG_MS` past the deadline.
 * A second signal while stopping ends the process at once with 1.
 */
import type { FastifyInstance } from 'fastify';

/** Past the deadline, how long closing the database and Redis may still take. */
const HANG_MS = 5_000;

export async function closeGracefully(app: FastifyInstance, deadlineMs: number): Promise<number> {
  const started = Date.now();
  let cut = 0;
  const deadline = setTimeout(() => {
    app.server.getConnections((_error, count) => {
      cut = count;
      if (count > 0) app.log.warn({ connections: count, seconds: deadlineMs / 1000 }, 'stoppen: verbindingen afgebroken na de termijn');
      app.server.closeAllConnections();
    });
  }, deadlineMs);
  const hang = setTimeout(() => {
    app.log.error('stoppen: afsluiten duurt te lang; het proces stopt nu');
    process.exit(1);
  }, deadlineMs + HANG_MS);
  hang.unref();
  try {
    await app.close();
    app.log.info({ ms: Date.now() - started, cut }, 'server gestopt');
    return 0;
  } catch (error) {
    app.log.error({ err: { type: (error as Error).name, message: (error as Error).message } }, 'stoppen mislukt');
    return 1;
  } finally {
    clearTimeout(deadline);
    clearTimeout(hang);
  }
}

/** Installs the handlers: the first SIGTERM/SIGINT stops the server gracefully, a second one at once. */
export function stopOnSignals(app: FastifyInstance, deadlineMs: number): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) {
        app.log.warn({ signal }, 'tweede signaal: het proces stopt nu');
        process.exit(1);
      }
      stopping = true;
      app.log.info({ signal, seconds: deadlineMs / 1000 }, 'stoppen: geen nieuwe verbindingen, lopende verzoeken krijgen de termijn');
      void closeGracefully(app, deadlineMs).then((code) => process.exit(code));
    });
  }
}
