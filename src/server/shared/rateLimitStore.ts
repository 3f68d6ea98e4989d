/**
 * The counters of @fastify/rate-limit in Redis, so every server process of a deployment counts
 * against the same limit. One key per route and client, counted up in one script (INCR, and the
 * window's expiry set with the first request). When Redis does not answer, the process counts on
 * its own for the moment (as without REDIS_URL): requests keep working and a limit still holds per
 * process; the counts in Redis are used again as soon as it answers.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedRedis } from './redis';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/** Counters kept in the process while Redis is away; bounded, the oldest window goes first. */
class LocalWindows {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly maxEntries = 10_000) {}

  increment(key: string, timeWindow: number): { current: number; ttl: number } {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxEntries) this.windows.delete(this.windows.keys().next().value as string);
      window = { count: 0, resetAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.resetAt - now };
  }
}

/** What the plugin passes to a store per route (its types say route options; it passes them under `routeInfo`). */
interface RouteInfo {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** The store class to hand to @fastify/rate-limit (`store` option) when Redis is configured. */
export function redisRateLimitStore(shared: SharedRedis): FastifyRateLimitStoreCtor {
  const client = shared.client;
  if (!('uziRateLimit' in client)) client.defineCommand('uziRateLimit', { numberOfKeys: 1, lua: INCREMENT });
  const local = new LocalWindows();
  const run = (
    client as unknown as { uziRateLimit(key: string, windowMs: number, callback: (error: Error | null, result?: [number, number]) => void): void }
  ).uziRateLimit.bind(client);

  class RedisRateLimitStore implements FastifyRateLimitStore {
    private readonly namespace: string;

    constructor(options: object) {
      const route = (options as RouteInfo).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      this.namespace = `${shared.keyPrefix}rate-limit:${method} ${route?.url ?? '*'}:`;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fullKey = this.namespace + key;
      if (!shared.available()) {
        callback(null, local.increment(fullKey, timeWindow));
        return;
      }
      run(fullKey, timeWindow, (error, result) => {
        if (error || !result) {
          shared.failed(error ?? new Error('leeg antwoord'));
          callback(null, local.increment(fullKey, timeWindow));
          return;
        }
        shared.succeeded();
        callback(null, { current: Number(result[0]), ttl: Number(result[1]) });
      });
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new RedisRateLimitStore(routeOptions);
    }
  }
  return RedisRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
