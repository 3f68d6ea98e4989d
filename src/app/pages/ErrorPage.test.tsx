// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { I18nProvider } from '../i18n';
import { LAST_FLOW_START_KEY, rememberFlowStart } from '../lastFlow';
import { PortalContext } from '../portal';
import { testConfig } from '../testUtils';
import { ErrorPage, errorTextKeys } from './ErrorPage';

function renderError(status: number) {
  const location = memoryLocation({ path: '/error' });
  return render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <I18nProvider initialLang="nl">
        <PortalContext.Provider value={{ config: testConfig, flows: [] }}>
          <ErrorPage status={status} />
        </PortalContext.Provider>
      </I18nProvider>
    </Router>,
  );
}

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe('ErrorPage', () => {
  it.each([
    [401, 'Geen toegang', 'U heeft geen toegang tot deze pagina.'],
    [403, 'Geen toegang', 'U heeft geen toegang tot deze pagina.'],
    [404, 'Niet gevonden', 'De pagina die u heeft opgevraagd is niet gevonden. De pagina kan zijn verplaatst of bestaat niet meer.'],
    [500, 'Er is een probleem met deze pagina', 'Herlaad deze pagina of kom later terug om het nogmaals te proberen.'],
    [502, 'Er is een probleem met deze pagina', 'Herlaad deze pagina of kom later terug om het nogmaals te proberen.'],
  ])('status %i: title, description, error code and page title', (status, title, description) => {
    renderError(status);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByText(description)).toBeTruthy();
    expect(screen.getByText(`Foutcode: ${status}`)).toBeTruthy();
    expect(document.title).toBe(`${title} | ${testConfig.applicationName}`);
  });

  it('links back to the start of the previous flow', () => {
    rememberFlowStart('/uzi/aanleveren-documenten');
    renderError(500);
    const link = screen.getByRole('link', { name: 'Terug naar het begin van het formulier' });
    expect(link.getAttribute('href')).toBe('/uzi/aanleveren-documenten');
  });

  it('hides the back link for 404', () => {
    rememberFlowStart('/uzi/aanleveren-documenten');
    renderError(404);
    expect(screen.queryByRole('link', { name: 'Terug naar het begin van het formulier' })).toBeNull();
  });

  it('hides the back link when no flow was visited or the stored value is not a portal path', () => {
    renderError(403);
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    sessionStorage.setItem(LAST_FLOW_START_KEY, '//evil.example/');
    renderError(403);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('maps statuses to translation keys', () => {
    expect(errorTextKeys(403).title).toBe('shell.error.noAccess.title');
    expect(errorTextKeys(404).title).toBe('shell.error.notFound.title');
    expect(errorTextKeys(418).title).toBe('shell.error.general.title');
  });
});
