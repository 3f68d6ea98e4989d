/**
 * The portal's route map (doc 1 §2) as pure functions, so every routing decision is unit-testable.
 * The React side (App.tsx) only renders what `resolveRoute` decides.
 */
import type { Scenario } from '../../renderer/core/types';
import type { PortalConfig } from '../api/client';
import type { FlowIndexEntry } from '../shared/flowIndex';
import { RESUME_ID_PATTERN } from '../shared/savedPatterns';

export type { Scenario };
export const SCENARIOS: readonly Scenario[] = ['uzi', 'zovar'];

export type { FlowIndexEntry };

export interface RouteContext {
  environment: PortalConfig['environment'];
  flows: readonly FlowIndexEntry[];
}

export type RouteResolution =
  /** Client-side replace-navigation to another portal path. */
  | { kind: 'redirect'; to: string }
  /** The landing page listing all flows (outside production only). */
  | { kind: 'home' }
  /** Leave the portal: `window.location.replace(config.externalPassRequestUrl)`. */
  | { kind: 'external'; target: 'passRequest'; scenario: Scenario }
  /** A wizard; `rest` is the path after the flow segment ('' if none). */
  | { kind: 'flow'; scenario: Scenario; flowId: string; rest: string; startUrl: string }
  /** The error page; `scenario` is set for /uzi/error and /zovar/error. */
  | { kind: 'error'; status: number; scenario?: Scenario }
  /** The page after logging out or a session timeout ('?reden=inactief'). */
  | { kind: 'loggedOut'; inactive: boolean }
  /** The resume link of an application saved to finish later (`/verder/<id>`). */
  | { kind: 'resume'; id: string };

/** Routes of the portal that are not in the flow index. */
export const ROUTE_TABLE = {
  home: '/home',
  notFound: '/404',
  error: '/error',
  loggedOut: '/uitgelogd',
  /** Resume links of saved applications: /verder/<id>. */
  resume: 'verder',
  /** /uzi/aanvraag-servercertificaat and everything below it leave the portal. */
  externalPassRequest: { scenario: 'uzi' as Scenario, segment: 'aanvraag-servercertificaat' },
  /** The pass request flow has an extra entry point for the article-34 variant. */
  artikel34: { flowId: 'aanvraag-zorgverlenerpas', rest: 'artikel34' },
} as const;

export const DEFAULT_ERROR_STATUS = 500;

/** Query the session timeout adds to a portal logout URL, so the page can tell a timeout from logging out. */
export const TIMEOUT_QUERY = { name: 'reden', value: 'inactief' } as const;

/** 'uzi' / 'zovar' from a URL segment, case-insensitive; undefined for anything else. */
export function parseScenario(segment: string | undefined | null): Scenario | undefined {
  const value = segment?.toLowerCase();
  return value === 'uzi' || value === 'zovar' ? value : undefined;
}

/** Splits a path (query and hash are ignored) into its non-empty segments. */
export function pathSegments(path: string): string[] {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return pathname.split('/').filter((segment) => segment !== '');
}

/** The scenario from the first URL segment of a path. */
export function scenarioFromPath(path: string): Scenario | undefined {
  return parseScenario(pathSegments(path)[0]);
}

/** Reads `status` from a query string ('?status=403' or 'status=403'); default 500. */
export function parseErrorStatus(search: string | undefined): number {
  const value = new URLSearchParams(search ?? '').get('status');
  if (value && /^[1-5]\d\d$/.test(value)) return Number(value);
  return DEFAULT_ERROR_STATUS;
}

const STEP_SEGMENT = /^(stap\d+|bevestiging|opslaan)$/i;

/** The start URL of a flow: its path without step and confirmation segments. */
export function flowStartUrl(scenario: Scenario, flowId: string, rest: string): string {
  const kept = rest.split('/').filter((segment) => segment !== '' && !STEP_SEGMENT.test(segment));
  return ['', scenario, flowId, ...kept].join('/');
}

function findFlow(flows: readonly FlowIndexEntry[], scenario: Scenario, segment: string): FlowIndexEntry | undefined {
  const wanted = segment.toLowerCase();
  return flows.find((flow) => flow.id.toLowerCase() === wanted && flow.scenarios.includes(scenario));
}

/**
 * Decides what a path shows. `path` may carry a query string (only `status` is read, for the error
 * page). Order matters: 404 anywhere in the path wins, then the fixed routes, then the flow index.
 */
export function resolveRoute(path: string, ctx: RouteContext): RouteResolution {
  const queryStart = path.indexOf('?');
  const search = queryStart >= 0 ? path.slice(queryStart + 1).split('#', 1)[0] : '';
  const segments = pathSegments(path);
  const pathname = `/${segments.join('/')}`;
  const production = ctx.environment === 'production';
  const scenario = parseScenario(segments[0]);
  const second = segments[1]?.toLowerCase();

  // Before the 404 rule: a resume id is random and may contain '404'.
  if (segments.length === 2 && segments[0].toLowerCase() === ROUTE_TABLE.resume && RESUME_ID_PATTERN.test(segments[1])) {
    return { kind: 'resume', id: segments[1] };
  }
  if (pathname.includes('404')) {
    return scenario ? { kind: 'error', status: 404, scenario } : { kind: 'error', status: 404 };
  }
  if (segments.length === 0) {
    return { kind: 'redirect', to: production ? ROUTE_TABLE.notFound : ROUTE_TABLE.home };
  }
  if (segments.length === 1) {
    const only = segments[0].toLowerCase();
    if (only === 'home') return production ? { kind: 'redirect', to: ROUTE_TABLE.notFound } : { kind: 'home' };
    if (only === 'error') return { kind: 'error', status: parseErrorStatus(search) };
    if (`/${only}` === ROUTE_TABLE.loggedOut) {
      return { kind: 'loggedOut', inactive: new URLSearchParams(search).get(TIMEOUT_QUERY.name) === TIMEOUT_QUERY.value };
    }
  }
  if (scenario && segments.length === 2 && second === 'error') {
    return { kind: 'error', status: parseErrorStatus(search), scenario };
  }
  if (scenario === ROUTE_TABLE.externalPassRequest.scenario && second === ROUTE_TABLE.externalPassRequest.segment) {
    return { kind: 'external', target: 'passRequest', scenario };
  }
  if (scenario && segments[1] !== undefined) {
    const flow = findFlow(ctx.flows, scenario, segments[1]);
    if (flow) {
      const rest = segments.slice(2).join('/');
      return { kind: 'flow', scenario, flowId: flow.id, rest, startUrl: flowStartUrl(scenario, flow.id, rest) };
    }
  }
  return { kind: 'redirect', to: ROUTE_TABLE.notFound };
}

export interface HomeLink {
  href: string;
  scenario: Scenario;
  flowId: string;
  title: string;
  /** Set for the extra article-34 entry of the pass request flow. */
  variant?: 'artikel34';
}

/** The links of the landing page: one per scenario of each flow, plus the article-34 entry. */
export function homeLinks(flows: readonly FlowIndexEntry[]): HomeLink[] {
  const links: HomeLink[] = [];
  for (const scenario of SCENARIOS) {
    for (const flow of flows) {
      if (!flow.scenarios.includes(scenario)) continue;
      const external = scenario === ROUTE_TABLE.externalPassRequest.scenario && flow.id === ROUTE_TABLE.externalPassRequest.segment;
      if (external) continue;
      links.push({ href: `/${scenario}/${flow.id}`, scenario, flowId: flow.id, title: flow.title });
      if (flow.id === ROUTE_TABLE.artikel34.flowId) {
        links.push({
          href: `/${scenario}/${flow.id}/${ROUTE_TABLE.artikel34.rest}`,
          scenario,
          flowId: flow.id,
          title: flow.title,
          variant: 'artikel34',
        });
      }
    }
  }
  return links;
}

/** Narrows untrusted JSON from `GET /api/flows` to the flow index. */
export function isFlowIndex(value: unknown): value is FlowIndexEntry[] {
  return (
    Array.isArray(value) &&
    value.every((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null) return false;
      const e = entry as Record<string, unknown>;
      return (
        typeof e.id === 'string' &&
        typeof e.title === 'string' &&
        typeof e.headerName === 'string' &&
        Array.isArray(e.scenarios) &&
        e.scenarios.every((s) => parseScenario(typeof s === 'string' ? s : undefined) === s)
      );
    })
  );
}
