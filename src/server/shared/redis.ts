/**
 * The connection to Redis (REDIS_URL), where several server processes of one deployment keep what
 * they must share: the rate-limit counters and the byte budgets. Start-up waits until Redis answers and fails with one
 * line naming the server (never the password) when it does not. Later outages do not stop the
 * portal: commands fail fast (no offline queue, a command timeout), the client reconnects in the
 * background, and the log gets one warning when Redis goes and one line when it is back.
 */
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { StartupProblem } from '../startupFailure';

/** How long connecting may take, at start-up and on every reconnect. */
export const REDIS_CONNECT_TIMEOUT_MS = 3_000;
/** How long one command may take before the caller goes on without Redis. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After a failure, the time during which Redis is not asked (so a frozen Redis does not slow every request). */
export const REDIS_RETRY_AFTER_MS = 5_000;

export interface RedisSettings {
  url: string;
  /** Put in front of every key, so deployments (or test runs) sharing one Redis stay apart. */
  keyPrefix: string;
}

/** A Redis connection with its state: whether commands are worth trying now, and the logging of outages. */
export interface SharedRedis {
  client: Redis;
  keyPrefix: string;
  /** False for a while after a failed command, and while the connection is down. */
  available(): boolean;
  /** Called by users of the client when a command failed. */
  failed(error: unknown): void;
  /** Called by users of the client when a command succeeded. */
  succeeded(): void;
  close(): Promise<void>;
}

/** Host and port of a Redis URL, for messages: never the user name or password. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return '(ongeldige REDIS_URL)';
  }
}

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message.replace(/\s+/g, ' ').slice(0, 120) : 'onbekende fout';
}

/** Connects to Redis and checks that it answers; throws an Error with one clear line when it does not. */
export async function connectRedis(settings: RedisSettings, log: FastifyBaseLogger): Promise<SharedRedis> {
  const where = describeRedisUrl(settings.url);
  if (!/^rediss?:$/u.test(new URL(settings.url, 'invalid:/').protocol)) {
    throw new StartupProblem(`REDIS_URL moet beginnen met redis:// of rediss:// (nu ${where}).`);
  }
  const client = new Redis(settings.url, {
    lazyConnect: true,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // A command while the connection is down fails at once instead of waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Keeps trying to reconnect, at most every two seconds.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    keepAlive: 10_000,
  });
  let started = false;
  let down = false;
  let retryAt = 0;
  const failed = (error: unknown) => {
    retryAt = Date.now() + REDIS_RETRY_AFTER_MS;
    if (down) return;
    down = true;
    log.warn({ redis: where, reason: reasonOf(error) }, 'Redis is niet bereikbaar: elk proces telt de snelheidslimieten voorlopig zelf');
  };
  const succeeded = () => {
    if (!down) return;
    down = false;
    retryAt = 0;
    log.info({ redis: where }, 'Redis is weer bereikbaar: de snelheidslimieten worden weer gedeeld');
  };
  // Connection errors come as events; without a listener ioredis prints them itself.
  client.on('error', (error: unknown) => {
    if (started) failed(error);
  });
  client.on('close', () => {
    if (started) failed(new Error('verbinding gesloten'));
  });
  client.on('ready', () => {
    if (started) succeeded();
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new StartupProblem(`Redis op ${where} is niet bereikbaar (${reasonOf(error)}): controleer REDIS_URL en of Redis draait.`, { cause: error });
  }
  started = true;
  let closing = false;
  return {
    client,
    keyPrefix: settings.keyPrefix,
    available: () => !closing && client.status === 'ready' && Date.now() >= retryAt,
    failed,
    succeeded,
    close: async () => {
      closing = true;
      started = false;
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
