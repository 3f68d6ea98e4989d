/**
 * Byte budgets: how much one client address, and all addresses together, may have stored per
 * window (uploads and saved applications each have their own). The rate limits bound requests, not
 * bytes: at those limits alone one address could fill the disk within the hour. A request is charged
 * just before it is stored; one that would pass a budget is refused and nothing of it is stored.
 *
 * With REDIS_URL the counters are kept in Redis, so every process of a deployment counts against the
 * same budgets (one script checks both and adds to both, or to neither). While Redis does not answer,
 * each process counts on its own, as the rate limits do (shared/rateLimitStore.ts).
 */
import type { SharedRedis } from '../shared/redis';

export type BudgetKind = 'upload' | 'save';

export interface BudgetLimits {
  /** Bytes one client address may have stored per window. */
  perAddressBytes: number;
  /** Bytes all addresses together may have stored per window. */
  totalBytes: number;
}

/** What a charge found: taken, or which budget it would pass and when that budget's window ends. */
export type BudgetOutcome = { ok: true } | { ok: false; over: 'address' | 'total'; retryAfterMs: number };

export interface ByteBudget {
  /** Adds `bytes` to the address's and the total budget of `kind`, or to neither when either would be passed. */
  charge(kind: BudgetKind, address: string, bytes: number): Promise<BudgetOutcome>;
}

export interface BudgetSettings {
  windowMs: number;
  limits: Record<BudgetKind, BudgetLimits>;
  /** The clock (tests move it). */
  now?: () => number;
}

const CHARGE = `
local bytes = tonumber(ARGV[1])
local limits = { tonumber(ARGV[2]), tonumber(ARGV[3]) }
for i = 1, 2 do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used + bytes > limits[i] then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then ttl = tonumber(ARGV[4]) end
    return { i, ttl }
  end
end
for i = 1, 2 do
  redis.call('INCRBY', KEYS[i], bytes)
  if redis.call('PTTL', KEYS[i]) < 0 then redis.call('PEXPIRE', KEYS[i], ARGV[4]) end
end
return { 0, 0 }
`;

/** Budgets counted in this process: fixed windows per key, bounded (the oldest window goes first). */
class LocalBudgets {
  private readonly windows = new Map<string, { used: number; resetAt: number }>();
  constructor(
    private readonly settings: BudgetSettings,
    private readonly maxEntries = 10_000,
  ) {}

  private window(key: string, now: number): { used: number; resetAt: number } {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxEntries) this.windows.delete(this.windows.keys().next().value as string);
      window = { used: 0, resetAt: now + this.settings.windowMs };
      this.windows.set(key, window);
    }
    return window;
  }

  charge(kind: BudgetKind, address: string, bytes: number): BudgetOutcome {
    const now = (this.settings.now ?? Date.now)();
    const limits = this.settings.limits[kind];
    const own = this.window(`${kind}:address:${address}`, now);
    const all = this.window(`${kind}:total`, now);
    if (own.used + bytes > limits.perAddressBytes) return { ok: false, over: 'address', retryAfterMs: own.resetAt - now };
    if (all.used + bytes > limits.totalBytes) return { ok: false, over: 'total', retryAfterMs: all.resetAt - now };
    own.used += bytes;
    all.used += bytes;
    return { ok: true };
  }
}

type ChargeCommand = (addressKey: string, totalKey: string, bytes: number, perAddress: number, total: number, windowMs: number) => Promise<[number, number]>;

/** The budgets: in Redis when `shared` is given (in this process while it does not answer), else in this process. */
export function createByteBudget(settings: BudgetSettings, shared?: SharedRedis): ByteBudget {
  const local = new LocalBudgets(settings);
  if (!shared) return { charge: async (kind, address, bytes) => local.charge(kind, address, bytes) };
  const client = shared.client;
  if (!('uziByteBudget' in client)) client.defineCommand('uziByteBudget', { numberOfKeys: 2, lua: CHARGE });
  const run = (client as unknown as { uziByteBudget: ChargeCommand }).uziByteBudget.bind(client);
  return {
    async charge(kind, address, bytes) {
      if (!shared.available()) return local.charge(kind, address, bytes);
      const limits = settings.limits[kind];
      const prefix = `${shared.keyPrefix}byte-budget:${kind}:`;
      try {
        const [over, ttl] = await run(`${prefix}address:${address}`, `${prefix}total`, bytes, limits.perAddressBytes, limits.totalBytes, settings.windowMs);
        shared.succeeded();
        if (Number(over) === 0) return { ok: true };
        return { ok: false, over: Number(over) === 1 ? 'address' : 'total', retryAfterMs: Number(ttl) };
      } catch (error) {
        shared.failed(error);
        return local.charge(kind, address, bytes);
      }
    },
  };
}
