/**
 * The public settings the portal shell needs (`GET /api/instellingen`, and inline in every page),
 * declared once for the server that sends them and the browser that reads them.
 */

/** How the browser runs the session timeout (doc 2 §4), from the server's configuration. */
export interface SessionSettings {
  /** Full path of the keepalive call, e.g. /api/keepalive. */
  keepaliveUrl: string;
  /** Seconds before the end of the session at which the countdown dialog opens. */
  popupSeconds: number;
  /** Where logging out and timing out lead (a portal path or a full URL). */
  logoutUrl: string;
  keepaliveOnRouteChange: boolean;
}

export interface PortalConfig {
  environment: 'production' | 'development' | 'test';
  /** The name the deployment configured; without it the portal names itself per scenario and language. */
  applicationName?: string;
  links: Record<'uzi' | 'zovar', { home: string; contact: string }>;
  externalPassRequestUrl: string;
  /** The register's freepost address, one line per envelope line. */
  freepostAddress?: string[];
  /** The session timeout; without it (tests of the shell) no session is kept. */
  session?: SessionSettings;
  /** 'Opslaan en later verder': days a saved application is kept, and whether the link can be mailed. */
  saving?: { days: number; mail: boolean };
}
