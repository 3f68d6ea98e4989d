// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { I18nProvider } from '../i18n';
import { PortalContext } from '../portal';
import { testConfig } from '../testUtils';
import { FlowErrorBoundary } from './FlowErrorBoundary';

function Step({ broken }: { broken: boolean }) {
  if (broken) throw new Error('Onbekend widget: Selectt');
  return <h1>Stap 1</h1>;
}

function renderAt(resetKey: string, broken: boolean) {
  const location = memoryLocation({ path: '/uzi/proef/stap1' });
  return (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <I18nProvider initialLang="nl">
        <PortalContext.Provider value={{ config: testConfig, flows: [] }}>
          <FlowErrorBoundary resetKey={resetKey}>
            <Step broken={broken} />
          </FlowErrorBoundary>
        </PortalContext.Provider>
      </I18nProvider>
    </Router>
  );
}

afterEach(cleanup);

describe('FlowErrorBoundary', () => {
  it('shows the portal error page instead of a blank page, reports the failure, and tries again on another path', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = render(renderAt('stap1', true));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Er is een probleem met deze pagina');
    expect(screen.getByText('Foutcode: 500')).toBeTruthy();
    expect(logged.mock.calls.some((call) => String(call[1] ?? call[0]).includes('Selectt'))).toBe(true);

    view.rerender(renderAt('stap1', false));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Er is een probleem met deze pagina');
    view.rerender(renderAt('stap2', false));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Stap 1');
    logged.mockRestore();
  });
});
