// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  flowStartUrl,
  homeLinks,
  isFlowIndex,
  parseErrorStatus,
  parseScenario,
  resolveRoute,
  scenarioFromPath,
  type FlowIndexEntry,
  type RouteContext,
} from './routes';

const flows: FlowIndexEntry[] = [
  { id: 'aanleveren-pkcs-10-bestand', scenarios: ['uzi', 'zovar'], title: 'Aanleveren PKCS#10 bestand', headerName: 'Aanleveren PKCS#10 bestand' },
  { id: 'aanleveren-documenten', scenarios: ['uzi'], title: 'Uploaden documenten', headerName: 'Uploaden documenten' },
  { id: 'aanvraag-servercertificaat', scenarios: ['zovar'], title: 'Aanvraag ZOVAR-servercertificaat', headerName: 'Aanvraag servercertificaat' },
  { id: 'aanvraag-zorgverlenerpas', scenarios: ['uzi'], title: 'Aanvraag UZI-Zorgverlenerpas', headerName: 'Aanvraag UZI-Zorgverlenerpas' },
  { id: 'abonneeregistratie-zorginstelling', scenarios: ['uzi'], title: 'Abonneeregistratie zorginstelling', headerName: 'Abonneeregistratie zorginstelling' },
  { id: 'abonneeregistratie-zorgverlener', scenarios: ['uzi'], title: 'Abonneeregistratie zorgverlener', headerName: 'Abonneeregistratie zorgverlener' },
];
const dev: RouteContext = { environment: 'development', flows };
const prod: RouteContext = { environment: 'production', flows };

describe('parseScenario', () => {
  it('accepts uzi and zovar case-insensitively', () => {
    expect(parseScenario('uzi')).toBe('uzi');
    expect(parseScenario('UZI')).toBe('uzi');
    expect(parseScenario('Zovar')).toBe('zovar');
    expect(parseScenario('ZOVAR')).toBe('zovar');
  });
  it('rejects anything else', () => {
    expect(parseScenario('uzi2')).toBeUndefined();
    expect(parseScenario('')).toBeUndefined();
    expect(parseScenario(undefined)).toBeUndefined();
  });
  it('takes the first path segment', () => {
    expect(scenarioFromPath('/UZI/aanleveren-documenten/stap2')).toBe('uzi');
    expect(scenarioFromPath('/zovar/error?status=403')).toBe('zovar');
    expect(scenarioFromPath('/home')).toBeUndefined();
  });
});

describe('resolveRoute', () => {
  it('redirects / to /home outside production and to /404 in production', () => {
    expect(resolveRoute('/', dev)).toEqual({ kind: 'redirect', to: '/home' });
    expect(resolveRoute('', dev)).toEqual({ kind: 'redirect', to: '/home' });
    expect(resolveRoute('/', prod)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('shows the landing page only outside production', () => {
    expect(resolveRoute('/home', dev)).toEqual({ kind: 'home' });
    expect(resolveRoute('/home/', { ...dev, environment: 'test' })).toEqual({ kind: 'home' });
    expect(resolveRoute('/home', prod)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('resolves flows of the index per scenario, case-insensitive scenario', () => {
    expect(resolveRoute('/uzi/aanleveren-documenten', dev)).toEqual({
      kind: 'flow',
      scenario: 'uzi',
      flowId: 'aanleveren-documenten',
      rest: '',
      startUrl: '/uzi/aanleveren-documenten',
    });
    expect(resolveRoute('/UZI/aanleveren-documenten/stap2', dev)).toEqual({
      kind: 'flow',
      scenario: 'uzi',
      flowId: 'aanleveren-documenten',
      rest: 'stap2',
      startUrl: '/uzi/aanleveren-documenten',
    });
    expect(resolveRoute('/Zovar/aanleveren-pkcs-10-bestand/bevestiging', dev)).toMatchObject({
      kind: 'flow',
      scenario: 'zovar',
      flowId: 'aanleveren-pkcs-10-bestand',
      rest: 'bevestiging',
      startUrl: '/zovar/aanleveren-pkcs-10-bestand',
    });
    expect(resolveRoute('/uzi/aanvraag-zorgverlenerpas/artikel34/stap1', prod)).toEqual({
      kind: 'flow',
      scenario: 'uzi',
      flowId: 'aanvraag-zorgverlenerpas',
      rest: 'artikel34/stap1',
      startUrl: '/uzi/aanvraag-zorgverlenerpas/artikel34',
    });
    expect(resolveRoute('/zovar/aanvraag-servercertificaat/stap3/', dev)).toMatchObject({ kind: 'flow', rest: 'stap3' });
  });

  it('does not resolve a flow under a scenario it does not belong to', () => {
    expect(resolveRoute('/zovar/aanleveren-documenten', dev)).toEqual({ kind: 'redirect', to: '/404' });
    expect(resolveRoute('/zovar/abonneeregistratie-zorgverlener/stap1', dev)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('sends /uzi/aanvraag-servercertificaat and everything below it to the external page', () => {
    const external = { kind: 'external', target: 'passRequest', scenario: 'uzi' };
    expect(resolveRoute('/uzi/aanvraag-servercertificaat', dev)).toEqual(external);
    expect(resolveRoute('/UZI/aanvraag-servercertificaat/stap1', prod)).toEqual(external);
    expect(resolveRoute('/uzi/aanvraag-servercertificaat/a/b/c', dev)).toEqual(external);
  });

  it('shows the error page with the status from the query (default 500)', () => {
    expect(resolveRoute('/error', dev)).toEqual({ kind: 'error', status: 500 });
    expect(resolveRoute('/error?status=403', dev)).toEqual({ kind: 'error', status: 403 });
    expect(resolveRoute('/error?status=abc', dev)).toEqual({ kind: 'error', status: 500 });
    expect(resolveRoute('/uzi/error?status=401', dev)).toEqual({ kind: 'error', status: 401, scenario: 'uzi' });
    expect(resolveRoute('/ZOVAR/error', prod)).toEqual({ kind: 'error', status: 500, scenario: 'zovar' });
  });

  it('shows 404 for /404 and every path containing 404', () => {
    expect(resolveRoute('/404', dev)).toEqual({ kind: 'error', status: 404 });
    expect(resolveRoute('/404', prod)).toEqual({ kind: 'error', status: 404 });
    expect(resolveRoute('/iets/404/anders', dev)).toEqual({ kind: 'error', status: 404 });
    expect(resolveRoute('/zovar/pagina-404', dev)).toEqual({ kind: 'error', status: 404, scenario: 'zovar' });
    expect(resolveRoute('/error404?status=500', dev)).toEqual({ kind: 'error', status: 404 });
  });

  it('shows the logged-out page, telling a timeout from logging out', () => {
    expect(resolveRoute('/uitgelogd', prod)).toEqual({ kind: 'loggedOut', inactive: false });
    expect(resolveRoute('/uitgelogd?reden=inactief', prod)).toEqual({ kind: 'loggedOut', inactive: true });
    expect(resolveRoute('/Uitgelogd?reden=iets', dev)).toEqual({ kind: 'loggedOut', inactive: false });
  });

  it('redirects everything else to /404', () => {
    for (const path of ['/onbekend', '/uzi', '/uzi/onbekend', '/zovar', '/nl/uzi/aanleveren-documenten', '/error/extra']) {
      expect(resolveRoute(path, dev), path).toEqual({ kind: 'redirect', to: '/404' });
    }
  });
});

describe('flowStartUrl', () => {
  it('drops step and confirmation segments', () => {
    expect(flowStartUrl('uzi', 'aanleveren-documenten', '')).toBe('/uzi/aanleveren-documenten');
    expect(flowStartUrl('uzi', 'aanleveren-documenten', 'stap3')).toBe('/uzi/aanleveren-documenten');
    expect(flowStartUrl('uzi', 'aanleveren-documenten', 'bevestiging')).toBe('/uzi/aanleveren-documenten');
    expect(flowStartUrl('uzi', 'aanvraag-zorgverlenerpas', 'artikel34/Stap2')).toBe('/uzi/aanvraag-zorgverlenerpas/artikel34');
  });
});

describe('parseErrorStatus', () => {
  it('reads a three-digit status, default 500', () => {
    expect(parseErrorStatus('?status=404')).toBe(404);
    expect(parseErrorStatus('status=403')).toBe(403);
    expect(parseErrorStatus('')).toBe(500);
    expect(parseErrorStatus('?status=99')).toBe(500);
    expect(parseErrorStatus('?status=4040')).toBe(500);
  });
});

describe('homeLinks', () => {
  it('lists every flow per scenario plus the article-34 entry', () => {
    expect(homeLinks(flows).map((link) => link.href)).toEqual([
      '/uzi/aanleveren-pkcs-10-bestand',
      '/uzi/aanleveren-documenten',
      '/uzi/aanvraag-zorgverlenerpas',
      '/uzi/aanvraag-zorgverlenerpas/artikel34',
      '/uzi/abonneeregistratie-zorginstelling',
      '/uzi/abonneeregistratie-zorgverlener',
      '/zovar/aanleveren-pkcs-10-bestand',
      '/zovar/aanvraag-servercertificaat',
    ]);
  });
  it('never links to the external uzi server-certificate route', () => {
    const withUzi = flows.map((flow) =>
      flow.id === 'aanvraag-servercertificaat' ? { ...flow, scenarios: ['uzi', 'zovar'] as FlowIndexEntry['scenarios'] } : flow,
    );
    expect(homeLinks(withUzi).map((link) => link.href)).not.toContain('/uzi/aanvraag-servercertificaat');
  });
});

describe('isFlowIndex', () => {
  it('accepts the index and rejects other shapes', () => {
    expect(isFlowIndex(flows)).toBe(true);
    expect(isFlowIndex({})).toBe(false);
    expect(isFlowIndex([{ id: 'x', scenarios: ['UZI'], title: 't', headerName: 'h' }])).toBe(false);
  });
});
