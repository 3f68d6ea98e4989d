/** Portal-wide data loaded at start: the public config and the flow index (doc 1 §2). */
import { createContext, useContext } from 'react';
import type { PortalConfig } from '../api/client';
import type { FlowIndexEntry } from './routes';

export interface PortalData {
  /** Undefined only while the error page for a failed start-up is shown. */
  config?: PortalConfig;
  flows: readonly FlowIndexEntry[];
}

export const PortalContext = createContext<PortalData>({ flows: [] });

export function usePortal(): PortalData {
  return useContext(PortalContext);
}

/** Narrows untrusted JSON from `GET /api/instellingen`. */
export function isPortalConfig(value: unknown): value is PortalConfig {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const links = v.links as Record<string, unknown> | undefined;
  const linkPair = (x: unknown) =>
    typeof x === 'object' &&
    x !== null &&
    typeof (x as Record<string, unknown>).home === 'string' &&
    typeof (x as Record<string, unknown>).contact === 'string';
  const session = v.session as Record<string, unknown> | undefined;
  const validSession =
    session === undefined ||
    (typeof session === 'object' &&
      session !== null &&
      typeof session.keepaliveUrl === 'string' &&
      typeof session.popupSeconds === 'number' &&
      typeof session.logoutUrl === 'string' &&
      typeof session.keepaliveOnRouteChange === 'boolean');
  return (
    validSession &&
    (v.environment === 'production' || v.environment === 'development' || v.environment === 'test') &&
    (v.applicationName === undefined || typeof v.applicationName === 'string') &&
    typeof v.externalPassRequestUrl === 'string' &&
    typeof links === 'object' &&
    links !== null &&
    linkPair(links.uzi) &&
    linkPair(links.zovar)
  );
}
