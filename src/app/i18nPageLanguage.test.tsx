// @vitest-environment jsdom
/**
 * A page the server made in a chosen language (the language cookie): the first render is in that
 * language and reads no storage. Its own file, because the page's boot data is read once per page.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANG_STORAGE_KEY } from './i18n';
import { renderApp } from './testUtils';

beforeAll(() => {
  const boot = document.createElement('script');
  boot.type = 'application/json';
  boot.id = 'portal-boot';
  boot.textContent = JSON.stringify({ lang: 'en', langChosen: true });
  document.head.append(boot);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the language of the page', () => {
  it('is the first render language, with no storage read', async () => {
    localStorage.setItem(LANG_STORAGE_KEY, 'nl');
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    renderApp('/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy();
    expect(screen.getByText('Error code: 404')).toBeTruthy();
    expect(getItem).not.toHaveBeenCalledWith(LANG_STORAGE_KEY);
    // An older page's choice does not override the one the page was made in.
    expect(document.documentElement.lang).toBe('en');
  });
});
