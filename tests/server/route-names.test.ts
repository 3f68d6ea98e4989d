// Every route the server registers is held to the naming rule of docs/decisions/0004-route-names.md.
// The addresses the specification names (doc 2 §7) keep its spelling and are answered by a route.
// Every other route (the portal's own) is lowercase, its words joined by hyphens, and each word is
// one of WORDS: Dutch, or a term the portal's Dutch texts use as it is. A new route with a word not
// on that list fails here: choose the Dutch word, or add the word with the reason it belongs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/app';
import { RENAMED_ROUTES } from '../../src/server/routeNames';
import { startServer, type Session, type TestServer } from '../helpers/server';

/** The calls doc 2 §7 names ('All product calls are under base API path /api/'), letter for letter. */
const SPEC_ADDRESSES = [
  'GET /api/base-data/aanleveren-documenten',
  'GET /api/base-data/aanvraag-zorgverlenerpas',
  'GET /api/base-data/abonneeregistratie-zorgverlener',
  'GET /api/base-data/abonneeregistratie-zorginstelling',
  'GET /api/referencedata/postcodedata',
  'GET /api/referencedata/landen',
  'POST /api/aanleveren-documenten/upload',
  'POST /api/aanleveren-pkcs-10-bestand/upload',
  'POST /api/aanvraag-servercertificaat/upload',
  'POST /api/aanvraag-zorgverlener-pas/bevestiging',
  'POST /api/abonneeregistratie-zorginstelling/bevestiging',
  'POST /api/abonneeregistratie-zorgverlener/bevestiging',
  'POST /api/aanleveren-documenten/bevestiging',
  'POST /api/aanvraag-servercertificaat/bevestiging',
  'POST /api/aanleveren-pkcs-10-bestand/bevestiging',
  // '{user opinion API}useropinion', the user opinion API being the portal's /api/.
  'POST /api/useropinion',
] as const;

/** The words of the portal's own routes. */
const WORDS = new Set([
  // Dutch.
  'aanpassing',
  'beheer',
  'bestand',
  'bevestigen',
  'bouwstenen',
  'concept',
  'dekking',
  'eerdere',
  'factor',
  'gebruik',
  'geschiedenis',
  'goedkeuren',
  'herstel',
  'hervatten',
  'importeren',
  'indienen',
  'inloggen',
  'instellen',
  'instellingen',
  'opmerkingen',
  'opslaan',
  'overnemen',
  'publiceren',
  'sessie',
  'start',
  'terug',
  'terugzetten',
  'testgevallen',
  'tweede',
  'uitloggen',
  'uitzetten',
  'validatiemodules',
  'verschillen',
  'versies',
  'voorbeeld',
  'wachtwoord',
  // Used as they are in the Dutch texts of the portal and the back office ('Flows', 'Mijn account', 'Accounts', 'Feedback').
  'account',
  'accounts',
  'feedback',
  'flows',
  // Names: the API's base path, the spec's keepalive call (doc 2 §7, `?keepalive=true`), OpenID Connect.
  'api',
  'keepalive',
  'oidc',
]);

/**
 * The health checks keep the names of the probes that call them (liveness, readiness): they are
 * configured by operators in their orchestrator and monitoring, not called by the portal's pages.
 */
const PROBES = new Set(['GET /api/health', 'GET /api/health/live', 'GET /api/health/ready']);

/** The former names of renamed routes, still answered (tests/server/api-former-route-names.test.ts). */
const FORMER = new Set(RENAMED_ROUTES.map((route) => `${route.method} ${route.former}`));

const SPELLING = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What in `url` breaks the rule: each segment spelled otherwise, each word not in WORDS; empty when it keeps it. */
function ruleBreaks(url: string): string[] {
  const breaks: string[] = [];
  // Path parameters (`:flowId`, `:step.js`) are filled in by the caller: not names.
  for (const segment of url.split('/').filter((part) => part !== '' && !part.startsWith(':'))) {
    if (!SPELLING.test(segment)) breaks.push(`'${segment}' is not lowercase words joined by hyphens`);
    else for (const word of segment.split('-')) if (!WORDS.has(word)) breaks.push(`'${word}' is not in WORDS`);
  }
  return breaks;
}

/** Whether the route pattern `pattern` answers `address` (a path parameter takes any one segment). */
function answers(pattern: string, address: string): boolean {
  const want = pattern.split('/');
  const have = address.split('/');
  return want.length === have.length && want.every((segment, index) => segment.startsWith(':') || segment === have[index]);
}

const label = (route: RouteEntry) => `${route.method} ${route.url}`;

describe('route names', () => {
  let server: TestServer;
  let page: Session;
  /** Every route but the HEAD that Fastify adds to each GET. */
  let routes: RouteEntry[];

  beforeAll(async () => {
    // With OpenID Connect set, so its routes are registered too (nothing is asked of the provider until sign-in).
    server = await startServer({
      env: { OIDC_ISSUER: 'https://inlog.example.test', OIDC_CLIENT_ID: 'portaal', OIDC_CLIENT_SECRET: 'geheim', PUBLIC_URL: 'https://portaal.example.test' },
    });
    page = await server.session();
    routes = server.routes.filter((route) => route.method !== 'HEAD');
  });
  afterAll(async () => {
    await server?.close();
  });

  const specRoute = (route: RouteEntry) =>
    SPEC_ADDRESSES.some((address) => address.startsWith(`${route.method} `) && answers(route.url, address.slice(route.method.length + 1)));
  /** The files of the build, served under their own names (index.html, the hashed assets). */
  const file = (route: RouteEntry) => !route.url.startsWith('/api/') && /\.[a-z0-9]+$/.test(route.url);
  const own = () => routes.filter((route) => !specRoute(route) && !file(route) && !PROBES.has(label(route)) && !FORMER.has(label(route)));

  it('finds every route, the back office and OpenID Connect included', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.map(label)).toEqual(expect.arrayContaining(['POST /api/beheer/inloggen', 'GET /api/beheer/oidc/terug', 'GET /api/flows/:id']));
  });

  it('has a route for every address the specification names, spelled as it spells it', async () => {
    for (const address of SPEC_ADDRESSES) {
      const [method, path] = address.split(' ');
      expect(
        routes.some((route) => route.method === method && answers(route.url, path)),
        address,
      ).toBe(true);
      // And the route knows it (a flow route answers 404 for a flow path it does not know).
      const response =
        method === 'GET'
          ? await server.fetch(path)
          : await server.fetch(path, { method, headers: { cookie: page.cookie, 'x-xsrf-token': page.token, 'content-type': 'application/json' }, body: '{}' });
      await response.arrayBuffer();
      expect(response.status, address).not.toBe(404);
    }
  });

  it('names every other route by the rule', () => {
    const broken = own().flatMap((route) => ruleBreaks(route.url).map((problem) => `${label(route)}: ${problem}`));
    expect(broken).toEqual([]);
  });

  it('registers each renamed route under its name by the rule and under its former name', () => {
    const names = routes.map(label);
    for (const route of RENAMED_ROUTES) {
      expect(names).toContain(`${route.method} ${route.current}`);
      expect(names).toContain(`${route.method} ${route.former}`);
      expect(ruleBreaks(route.current), route.current).toEqual([]);
    }
  });

  it('lists no word that no route uses, and no probe that is not registered', () => {
    const used = new Set(
      own().flatMap((route) =>
        route.url
          .split('/')
          .filter((part) => part !== '' && !part.startsWith(':'))
          .flatMap((part) => part.split('-')),
      ),
    );
    expect([...WORDS].filter((word) => !used.has(word))).toEqual([]);
    expect([...PROBES].filter((probe) => !routes.map(label).includes(probe))).toEqual([]);
  });

  it('tells a route that breaks the rule from one that keeps it', () => {
    expect(ruleBreaks('/api/beheer/flows/:flowId/concept/eerdere-versies')).toEqual([]);
    expect(ruleBreaks('/api/beheer/flows/:flowId/voorbeeld/:step.js')).toEqual([]);
    expect(ruleBreaks('/api/logout')).toEqual(["'logout' is not in WORDS"]);
    expect(ruleBreaks('/api/beheer/eerdereVersies')).toEqual(["'eerdereVersies' is not lowercase words joined by hyphens"]);
    expect(ruleBreaks('/api/beheer/eerdere_versies')).toHaveLength(1);
    expect(ruleBreaks('/api/referencedata/landen')).toEqual(["'referencedata' is not in WORDS", "'landen' is not in WORDS"]);
  });
});
