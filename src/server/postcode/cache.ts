/**
 * A small in-memory LRU cache in front of a provider: found and not-found answers are kept for a
 * while (addresses hardly change), failures are not kept. Keys hold postcode and house number, so
 * the cache lives in process memory only.
 */
import { normaliseHuisnummer, normalisePostcode, type PostcodeAddress, type PostcodeProvider } from './provider';

export interface CacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  /** Clock, for tests. */
  now?: () => number;
}

export class CachingPostcodeProvider implements PostcodeProvider {
  private readonly entries = new Map<string, { address: PostcodeAddress | undefined; expires: number }>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    readonly inner: PostcodeProvider,
    options: CacheOptions = {},
  ) {
    this.maxEntries = Math.max(1, options.maxEntries ?? 1000);
    this.ttlMs = options.ttlMs ?? 60 * 60 * 1000;
    this.now = options.now ?? Date.now;
  }

  async lookup(postcode: string, huisnummer: string): Promise<PostcodeAddress | undefined> {
    const normalised = normalisePostcode(postcode);
    const number = normaliseHuisnummer(huisnummer);
    if (normalised === undefined || number === undefined) return this.inner.lookup(postcode, huisnummer);
    const key = `${normalised}:${number}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      if (hit.expires > this.now()) {
        this.entries.set(key, hit); // most recently used goes to the end
        return hit.address && { ...hit.address };
      }
    }
    const address = await this.inner.lookup(postcode, huisnummer);
    this.entries.set(key, { address: address && { ...address }, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return address;
  }
}
