// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testConfig } from './testUtils';

// The real FlowHost belongs to the renderer; the shell only checks what it passes on.
vi.mock('./FlowHost', () => ({
  FlowHost: (props: { scenario: string; flowId: string; rest: string }) => (
    <div data-testid="flow-host">{`${props.scenario}|${props.flowId}|${props.rest}`}</div>
  ),
}));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('App shell', () => {
  it("shows 'Bezig met laden' while loading", async () => {
    renderApp('/home', { loadConfig: () => new Promise(() => undefined) });
    expect(screen.getByText('Bezig met laden')).toBeTruthy();
  });

  it('shows the 500 error page when loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/uzi/aanleveren-documenten', { loadConfig: () => Promise.reject(new Error('down')) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Er is een probleem met deze pagina' })).toBeTruthy();
    expect(screen.getByText('Foutcode: 500')).toBeTruthy();
  });

  it('redirects / to /home outside production and lists the flows', async () => {
    const { location } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overzicht formulieren' })).toBeTruthy();
    expect(location.history.at(-1)).toBe('/home');
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/uzi/aanleveren-pkcs-10-bestand',
        '/zovar/aanleveren-pkcs-10-bestand',
        '/uzi/aanleveren-documenten',
        '/zovar/aanvraag-servercertificaat',
        '/uzi/aanvraag-zorgverlenerpas',
        '/uzi/aanvraag-zorgverlenerpas/artikel34',
        '/uzi/abonneeregistratie-zorginstelling',
        '/uzi/abonneeregistratie-zorgverlener',
      ]),
    );
    // The title is set in an effect after the page is on screen.
    await waitFor(() => expect(document.title).toBe('Overzicht formulieren | Aanvraagportaal Test'));
  });

  it('shows 404 for /home in production', async () => {
    const { location } = renderApp('/home', { config: { ...testConfig, environment: 'production' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Niet gevonden' })).toBeTruthy();
    expect(location.history.at(-1)).toBe('/404');
  });

  it('renders a flow for an upper-case scenario with header, menu and questions box', async () => {
    renderApp('/UZI/aanleveren-documenten/stap2');
    expect((await screen.findByTestId('flow-host')).textContent).toBe('uzi|aanleveren-documenten|stap2');
    expect(screen.getByText('U bent hier:')).toBeTruthy();
    expect(screen.getByText('UZI-register')).toBeTruthy();
    expect(screen.getByText('Uploaden documenten')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    const menuLinks = Array.from(menu.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(menuLinks).toEqual(['https://uzi.example/home', 'https://uzi.example/contact']);
    expect(screen.getByRole('heading', { level: 2, name: 'Vragen?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neem contact op met het UZI-register' }).getAttribute('href')).toBe('https://uzi.example/contact');
    const logo = screen.getByRole('link', { name: /Aanvraagportaal, naar het begin van het formulier/ });
    expect(logo.getAttribute('href')).toBe('/uzi/aanleveren-documenten');
  });

  it('uses the ZOVAR domain and contact link in the zovar scenario', async () => {
    renderApp('/zovar/aanvraag-servercertificaat/bevestiging');
    expect((await screen.findByTestId('flow-host')).textContent).toBe('zovar|aanvraag-servercertificaat|bevestiging');
    expect(screen.getByText('ZOVAR')).toBeTruthy();
    expect(screen.getByText('Aanvraag servercertificaat')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neem contact op met ZOVAR' }).getAttribute('href')).toBe('https://zovar.example/contact');
  });

  it('has the skip link as first focusable element, pointing at <main>', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { level: 1 });
    const first = document.querySelector('a[href], button');
    expect(first?.textContent).toBe('Direct naar de inhoud');
    expect(first?.getAttribute('href')).toBe('#main-content');
    fireEvent.click(first!);
    expect(document.activeElement?.id).toBe('main-content');
    expect(document.activeElement?.tagName).toBe('MAIN');
  });

  it('redirects unknown paths to /404', async () => {
    const { location } = renderApp('/uzi/bestaat-niet');
    expect(await screen.findByRole('heading', { level: 1, name: 'Niet gevonden' })).toBeTruthy();
    expect(location.history.at(-1)).toBe('/404');
  });

  it('moves focus to <main> after a route change, not on the first page', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Overzicht formulieren' });
    expect(document.activeElement).toBe(document.body);
    const link = screen.getByRole('link', { name: 'Uploaden documenten' });
    link.focus();
    await act(async () => {
      fireEvent.click(link);
    });
    await screen.findByTestId('flow-host');
    expect(document.activeElement?.id).toBe('main-content');
  });

  it('replaces the location with the external URL for /uzi/aanvraag-servercertificaat', async () => {
    // jsdom cannot navigate; the effect's call is observed through a stubbed window.location.
    const replace = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, replace } });
    try {
      renderApp('/uzi/aanvraag-servercertificaat/stap1');
      await waitFor(() => expect(replace).toHaveBeenCalledWith(testConfig.externalPassRequestUrl));
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});
