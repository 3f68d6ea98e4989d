/**
 * The first administrator: when no account exists and BEHEER_ADMIN_EMAIL / BEHEER_ADMIN_PASSWORD
 * are set, an account with every role is made on start. Several processes may start at once: the
 * unique address lets one of them make it; the others find it made.
 */
import type { ServerConfig } from '../config';
import { BEHEER_ROLES, type BeheerStore } from '../storage';
import { hashPassword } from './passwords';

export interface BootstrapLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export async function ensureFirstAdministrator(store: BeheerStore, config: ServerConfig, log: BootstrapLog): Promise<void> {
  if ((await store.countAccounts()) > 0) return;
  const bootstrap = config.beheer.bootstrap;
  if (!bootstrap) {
    if (!config.beheer.oidc) log.warn({}, 'nog geen beheeraccount: zet BEHEER_ADMIN_EMAIL en BEHEER_ADMIN_PASSWORD om het eerste aan te maken');
    return;
  }
  try {
    await store.createAccount({ email: bootstrap.email, passwordHash: await hashPassword(bootstrap.password), roles: [...BEHEER_ROLES] });
    log.info({}, 'eerste beheeraccount aangemaakt');
  } catch (error) {
    if ((await store.countAccounts()) === 0) throw error;
  }
}
