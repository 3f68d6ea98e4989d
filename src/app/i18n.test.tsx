// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANG_COOKIE, type Lang } from '../../renderer/core/i18n';
import { bundledResources, LANG_STORAGE_KEY, loadEnglishResources, translatorFor } from './i18n';
import { buildResources, langFromFileName } from './i18nResources';
import { renderApp, testConfig, testFlows } from './testUtils';

vi.mock('./FlowHost', () => ({
  FlowHost: (props: { flowId: string; rest: string }) => (
    <label>
      {`flow ${props.flowId}`}
      <input data-testid="flow-input" defaultValue="" />
    </label>
  ),
}));

beforeEach(() => {
  localStorage.clear();
  document.cookie = `${LANG_COOKIE}=; Path=/; Max-Age=0`;
  document.documentElement.lang = '';
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('resources', () => {
  it('takes the language from the file name', () => {
    expect(langFromFileName('/renderer/core/i18n/messages.nl.json')).toBe('nl');
    expect(langFromFileName('/widgets/i18n/en.json')).toBe('en');
    expect(langFromFileName('/src/i18n/shell.en.json')).toBe('en');
    expect(langFromFileName('/src/i18n/shell.de.json')).toBeUndefined();
    expect(langFromFileName('/src/i18n/fren.json')).toBeUndefined();
  });

  it('groups by language, merges in order and warns about duplicate keys', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const resources = buildResources([
      { '/renderer/core/i18n/messages.nl.json': { a: 'A', nested: { b: 'B' } }, '/renderer/core/i18n/messages.en.json': { a: 'A-en' } },
      { '/src/i18n/x.nl.json': { a: 'A2' } },
    ]);
    expect(resources.nl).toEqual({ a: 'A2', 'nested.b': 'B' });
    expect(resources.en).toEqual({ a: 'A-en' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('a'));
  });

  it('bundles the Dutch shell texts and fetches English ones with the same keys', async () => {
    const { nl } = bundledResources();
    const en = await loadEnglishResources();
    const shellKeys = (map: Record<string, string>) =>
      Object.keys(map)
        .filter((k) => k.startsWith('shell.'))
        .sort();
    expect(shellKeys(nl).length).toBeGreaterThan(10);
    expect(shellKeys(en)).toEqual(shellKeys(nl));
    expect(nl['shell.language.label']).toBe('Taal van website instellen');
  });

  it('falls back to Dutch for keys missing in English', () => {
    const t = translatorFor('en', { nl: { only: 'Alleen NL', both: 'NL' }, en: { both: 'EN' } });
    expect(t('both')).toBe('EN');
    expect(t('only')).toBe('Alleen NL');
    expect(t('missing')).toBe('[missing is undefined]');
  });
});

describe('language switch', () => {
  it('switches texts and <html lang> without navigating, reloading config or losing input', async () => {
    const loadConfig = vi.fn(() => Promise.resolve(testConfig));
    const loadFlows = vi.fn((lang: Lang) => Promise.resolve(testFlows(lang)));
    const { location } = renderApp('/uzi/aanleveren-documenten/stap1', { loadConfig, loadFlows });

    const input = (await screen.findByTestId('flow-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'ingevuld' } });
    expect(document.documentElement.lang).toBe('nl');
    expect(screen.getByText('U bent hier:')).toBeTruthy();
    expect(screen.getByText('Uploaden documenten')).toBeTruthy();

    const group = screen.getByRole('group', { name: 'Taal van website instellen' });
    const nl = within(group).getByRole('button', { name: /NL/ });
    const en = within(group).getByRole('button', { name: /EN/ });
    expect(nl.getAttribute('aria-pressed')).toBe('true');
    expect(en.getAttribute('aria-pressed')).toBe('false');
    const historyBefore = [...location.history];

    await act(async () => {
      fireEvent.click(en);
    });

    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByText('You are here:')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Set website language' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Upload documents')).toBeTruthy());
    expect(en.getAttribute('aria-pressed')).toBe('true');
    expect(nl.getAttribute('aria-pressed')).toBe('false');

    // Same page, same state, no navigation, no reload of the config.
    expect(location.history).toEqual(historyBefore);
    expect((screen.getByTestId('flow-input') as HTMLInputElement).value).toBe('ingevuld');
    expect(screen.getByTestId('flow-input')).toBe(input);
    expect(loadConfig).toHaveBeenCalledTimes(1);
    expect(loadFlows).toHaveBeenLastCalledWith('en');
    // Kept in a cookie, so the server makes the next page in English.
    expect(document.cookie).toContain(`${LANG_COOKIE}=en`);
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBeNull();
  });

  it('takes over a language an older page kept in localStorage: once, into the cookie', async () => {
    localStorage.setItem(LANG_STORAGE_KEY, 'en');
    renderApp('/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByText('Error code: 404')).toBeTruthy();
    expect(document.cookie).toContain(`${LANG_COOKIE}=en`);
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBeNull();
  });

  it('starts in Dutch, without a cookie, when nothing was chosen', async () => {
    renderApp('/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Niet gevonden' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('nl');
    expect(document.cookie).not.toContain(LANG_COOKIE);
  });
});
