/**
 * Signing in through the organisation's OpenID Connect provider (production): authorization code
 * flow with PKCE, state and nonce, by `openid-client`. What the callback needs to check is kept in a
 * short-lived HttpOnly cookie signed with the deployment's secret, so any process can finish a
 * sign-in another one started. Roles come from a claim (an array or a space-separated string);
 * the user name is the e-mail address, else the preferred user name, else the subject.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import type { OidcConfig } from '../config';
import { BEHEER_ROLES, type BeheerRole } from '../storage';

export interface PendingSignIn {
  verifier: string;
  state: string;
  nonce: string;
  /** Milliseconds since the epoch after which the sign-in is refused. */
  expires: number;
}

/** A sign-in has ten minutes from leaving for the provider to coming back. */
export const PENDING_MS = 10 * 60_000;

function mac(payload: string, key: Buffer): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function oidcKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('uzi-portaal/beheer-oidc/v1').digest();
}

export function sealPending(pending: PendingSignIn, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify(pending)).toString('base64url');
  return `${payload}.${mac(payload, key)}`;
}

export function openPending(value: string | undefined, key: Buffer, now: number): PendingSignIn | undefined {
  const [payload, signature, extra] = (value ?? '').split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(payload, key));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const pending = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PendingSignIn;
  return pending.expires > now ? pending : undefined;
}

/** The known roles in a claim's value. */
export function rolesFromClaim(value: unknown): BeheerRole[] {
  const listed = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\s+/) : [];
  return BEHEER_ROLES.filter((role) => listed.includes(role));
}

export interface OidcSignIn {
  username: string;
  roles: BeheerRole[];
}

/** The relying party of one deployment; the provider's metadata is fetched on first use. */
export class OidcRelyingParty {
  #configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: OidcConfig) {}

  #config(): Promise<client.Configuration> {
    const issuer = new URL(this.settings.issuer);
    // Plain http only for a provider on this machine (development and the tests).
    const local = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    this.#configuration ??= client
      .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, local ? { execute: [client.allowInsecureRequests] } : undefined)
      .catch((error: unknown) => {
        this.#configuration = undefined;
        throw error;
      });
    return this.#configuration;
  }

  /** Where to send the browser, and what the callback must check. */
  async start(now: number): Promise<{ url: URL; pending: PendingSignIn }> {
    const config = await this.#config();
    const pending = { verifier: client.randomPKCECodeVerifier(), state: client.randomState(), nonce: client.randomNonce(), expires: now + PENDING_MS };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url, pending };
  }

  /** Exchanges the code of the callback address for the user's name and roles. */
  async finish(callbackUrl: URL, pending: PendingSignIn): Promise<OidcSignIn> {
    const config = await this.#config();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims: Record<string, unknown> = tokens.claims() ?? {};
    const username =
      [claims.email, claims.preferred_username, claims.sub].find((value): value is string => typeof value === 'string' && value !== '') ?? 'onbekend';
    return { username, roles: rolesFromClaim(claims[this.settings.rolesClaim]) };
  }
}
