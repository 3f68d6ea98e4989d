/**
 * The postcode provider of a server configuration: POSTCODE_PROVIDER=embedded (default; the data
 * set in data/postcodes) or pdok (PDOK Locatieserver at PDOK_LOCATIESERVER_URL, behind an LRU
 * cache). One instance per configuration, so routes and flow checks share the cache.
 */
import path from 'node:path';
import type { ServerConfig } from '../config';
import { CachingPostcodeProvider } from './cache';
import { EmbeddedPostcodeProvider } from './embedded';
import { PdokPostcodeProvider } from './pdok';
import type { PostcodeProvider } from './provider';

export { CachingPostcodeProvider } from './cache';
export { addressChecker, checkDutchAddress, type AddressCheck, type DutchAddressInput } from './checkAddress';
export { EmbeddedPostcodeProvider, type PostcodeSegment } from './embedded';
export { DEFAULT_PDOK_LOCATIESERVER_URL, PdokPostcodeProvider } from './pdok';
export * from './provider';

/** The embedded data set under a root folder (the server's APP_ROOT). */
export function embeddedDataFile(rootDir: string): string {
  return path.join(rootDir, 'data', 'postcodes', 'adressen.json');
}

export type PostcodeProviderConfig = Pick<ServerConfig, 'rootDir' | 'postcodeProvider' | 'pdokLocatieserverUrl'>;

export function createPostcodeProvider(config: PostcodeProviderConfig): PostcodeProvider {
  switch (config.postcodeProvider) {
    case 'pdok':
      return new CachingPostcodeProvider(new PdokPostcodeProvider(config.pdokLocatieserverUrl));
    case 'embedded':
      return EmbeddedPostcodeProvider.fromFile(embeddedDataFile(config.rootDir));
  }
}

const providers = new WeakMap<PostcodeProviderConfig, PostcodeProvider>();

/** The provider of `config`, created on first use and shared afterwards. */
export function postcodeProviderFor(config: PostcodeProviderConfig): PostcodeProvider {
  let provider = providers.get(config);
  if (!provider) {
    provider = createPostcodeProvider(config);
    providers.set(config, provider);
  }
  return provider;
}
