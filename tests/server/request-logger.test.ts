/**
 * A request's logger becomes pino's child logger (bound to the request id) only when the request
 * writes a line at a level that is logged, and then writes exactly what that child writes.
 */
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestLoggerFactory } from '../../src/server/http/requestLogger';

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A Fastify logger at `level` whose lines are kept (without their time). */
function logger(level: string): { log: FastifyBaseLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: {
      level,
      redact: { paths: ['headers["cookie"]'], censor: '[verborgen]' },
      stream: {
        write: (line: string) => {
          const { time: _time, ...rest } = JSON.parse(line) as Record<string, unknown>;
          lines.push(rest);
        },
      },
    },
  });
  apps.push(app);
  return { log: app.log, lines };
}

describe('the request logger', () => {
  it('makes no child for lines below the level, and one child for all lines after', () => {
    const { log, lines } = logger('warn');
    const child = vi.spyOn(log, 'child');
    const requestLog = requestLoggerFactory(log, { reqId: 'verzoek-1' }, {});
    requestLog.info('niet geschreven');
    requestLog.debug({ a: 1 }, 'niet geschreven');
    requestLog.trace('niet geschreven');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);

    requestLog.warn({ flow: 'f' }, 'eerste %s', 'regel');
    requestLog.error('tweede');
    requestLog.fatal({ headers: { cookie: 'geheim' } }, 'derde');
    expect(child).toHaveBeenCalledTimes(1);
    expect(child).toHaveBeenCalledWith({ reqId: 'verzoek-1' }, undefined);
    expect(lines.map(({ pid: _pid, hostname: _hostname, ...rest }) => rest)).toEqual([
      { level: 40, reqId: 'verzoek-1', flow: 'f', msg: 'eerste regel' },
      { level: 50, reqId: 'verzoek-1', msg: 'tweede' },
      { level: 60, reqId: 'verzoek-1', headers: { cookie: '[verborgen]' }, msg: 'derde' },
    ]);
  });

  it('writes what pino’s own child, as Fastify makes it, writes', () => {
    const own = logger('info');
    own.log.child({ reqId: 'verzoek-2' }, {}).info({ route: '/api/flows/:id', status: 200 }, 'verzoek afgehandeld');
    const lazy = logger('info');
    requestLoggerFactory(lazy.log, { reqId: 'verzoek-2' }, {}).info({ route: '/api/flows/:id', status: 200 }, 'verzoek afgehandeld');
    expect(lazy.lines).toEqual(own.lines);
    expect(lazy.lines).toHaveLength(1);
  });

  it('takes the level of its route when one is set, and passes bindings on to its own children', () => {
    const { log, lines } = logger('warn');
    const requestLog = requestLoggerFactory(log, { reqId: 'verzoek-3' }, { level: 'debug' });
    expect(requestLog.level).toBe('debug');
    requestLog.debug('route op debug');
    requestLog.child({ part: 'upload' }).info('van het deel');
    expect(lines.map(({ level, reqId, part, msg }) => ({ level, reqId, part, msg }))).toEqual([
      { level: 20, reqId: 'verzoek-3', part: undefined, msg: 'route op debug' },
      { level: 30, reqId: 'verzoek-3', part: 'upload', msg: 'van het deel' },
    ]);
    expect(requestLoggerFactory(log, { reqId: 'verzoek-4' }, {}).level).toBe('warn');
  });
});
