/**
 * The secrets of the second factor are kept sealed (AES-256-GCM) with a key from the environment
 * (BEHEER_TOTP_SECRET, else the secret saved applications are sealed with), so a copy of the
 * database alone does not yield the codes. Secrets stored in clear before are sealed on start.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { BeheerStore } from '../storage';

const PREFIX = 'v1.';
const IV = 12;
const TAG = 16;

export interface TotpSeal {
  seal(secret: string): string;
  /** The secret, or undefined when `stored` is not sealed with this key. */
  open(stored: string): string | undefined;
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

export function totpSeal(secret: string): TotpSeal {
  const key = Buffer.from(hkdfSync('sha256', secret, 'uzi-portaal', 'beheer-tweede-factor', 32));
  return {
    seal(plain) {
      const iv = randomBytes(IV);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(stored) {
      if (!isSealed(stored)) return undefined;
      const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      if (bytes.byteLength <= IV + TAG) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV));
        decipher.setAuthTag(bytes.subarray(IV, IV + TAG));
        return Buffer.concat([decipher.update(bytes.subarray(IV + TAG)), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

/** Seals the secrets still stored in clear (from before they were sealed); answers how many. */
export async function sealClearTotpSecrets(store: BeheerStore, seal: TotpSeal): Promise<number> {
  let sealed = 0;
  for (const account of await store.listAccounts()) {
    if (account.totpSecret === undefined || isSealed(account.totpSecret)) continue;
    await store.setTotp(account.id, seal.seal(account.totpSecret), account.totpEnabled, account.totpSecret);
    sealed += 1;
  }
  return sealed;
}
