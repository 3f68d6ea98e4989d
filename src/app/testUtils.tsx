/** Test helpers for the shell (not part of the bundle: only *.test.tsx import this). */
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { PortalConfig } from '../api/client';
import type { Lang } from '../../renderer/core/i18n';
import { App } from './App';
import type { FlowIndexEntry } from './routes';

export const testConfig: PortalConfig = {
  environment: 'development',
  applicationName: 'Aanvraagportaal Test',
  links: {
    uzi: { home: 'https://uzi.example/home', contact: 'https://uzi.example/contact' },
    zovar: { home: 'https://zovar.example/home', contact: 'https://zovar.example/contact' },
  },
  externalPassRequestUrl: 'https://extern.example/pas-aanvragen',
};

export function testFlows(lang: Lang): FlowIndexEntry[] {
  const en = lang === 'en';
  return [
    {
      id: 'aanleveren-pkcs-10-bestand',
      scenarios: ['uzi', 'zovar'],
      title: en ? 'Deliver PKCS#10 file' : 'Aanleveren PKCS#10 bestand',
      headerName: en ? 'Deliver PKCS#10 file' : 'Aanleveren PKCS#10 bestand',
    },
    {
      id: 'aanleveren-documenten',
      scenarios: ['uzi'],
      title: en ? 'Upload documents' : 'Uploaden documenten',
      headerName: en ? 'Upload documents' : 'Uploaden documenten',
    },
    { id: 'aanvraag-servercertificaat', scenarios: ['zovar'], title: 'Aanvraag ZOVAR-servercertificaat', headerName: 'Aanvraag servercertificaat' },
    { id: 'aanvraag-zorgverlenerpas', scenarios: ['uzi'], title: 'Aanvraag UZI-Zorgverlenerpas', headerName: 'Aanvraag UZI-Zorgverlenerpas' },
    {
      id: 'abonneeregistratie-zorginstelling',
      scenarios: ['uzi'],
      title: 'Abonneeregistratie zorginstelling',
      headerName: 'Abonneeregistratie zorginstelling',
    },
    { id: 'abonneeregistratie-zorgverlener', scenarios: ['uzi'], title: 'Abonneeregistratie zorgverlener', headerName: 'Abonneeregistratie zorgverlener' },
  ];
}

export interface RenderAppOptions {
  config?: PortalConfig;
  loadConfig?: () => Promise<PortalConfig>;
  loadFlows?: (lang: Lang) => Promise<FlowIndexEntry[]>;
}

/** Renders the whole shell at `path` with an in-memory location (records the history). */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const loadConfig = options.loadConfig ?? (() => Promise.resolve(options.config ?? testConfig));
  const loadFlows = options.loadFlows ?? ((lang: Lang) => Promise.resolve(testFlows(lang)));
  const result = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App loadConfig={loadConfig} loadFlows={loadFlows} />
    </Router>,
  );
  return { ...result, location };
}
