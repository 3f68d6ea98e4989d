/**
 * Server-side check of a Dutch address a user entered: does the register's lookup agree with the
 * street and town? 'unknown' (not found, or the lookup failed) means manual entry is allowed.
 */
import type { PostcodeProvider } from './provider';

export type AddressCheck = 'ok' | 'mismatch' | 'unknown';

export interface DutchAddressInput {
  postcode: string;
  huisnummer: string;
  straatnaam: string;
  woonplaats: string;
}

export async function checkDutchAddress(provider: PostcodeProvider, address: DutchAddressInput): Promise<AddressCheck> {
  let found;
  try {
    found = await provider.lookup(address.postcode, address.huisnummer);
  } catch {
    return 'unknown';
  }
  if (!found) return 'unknown';
  return same(found.straat, address.straatnaam) && same(found.plaats, address.woonplaats) ? 'ok' : 'mismatch';
}

/** Equal ignoring case and surrounding (and repeated inner) white space. */
function same(a: string, b: string): boolean {
  const clean = (value: string) => (value ?? '').normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('nl');
  return clean(a) === clean(b);
}

/** The address check as a function of the address alone (what the flow rules ask for). */
export function addressChecker(provider: PostcodeProvider): (address: DutchAddressInput) => Promise<AddressCheck> {
  return (address) => checkDutchAddress(provider, address);
}
