// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTranslate } from '../../renderer/core/i18n';
import { widgetResources } from '../i18n';
import { HelpText } from '.';

afterEach(cleanup);

describe('HelpText', () => {
  it('toggles with aria-expanded/aria-controls and the keyboard', async () => {
    const user = userEvent.setup();
    render(<HelpText>Uw UZI-nummer staat op uw pas.</HelpText>);
    const toggle = screen.getByRole('button', { name: 'Toelichting' });
    const content = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(content.hidden).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(toggle);
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(content.hidden).toBe(false);
    expect(content.textContent).toContain('Uw UZI-nummer staat op uw pas.');
    await user.click(toggle);
    expect(content.hidden).toBe(true);
  });

  it('the close button closes and returns focus to the toggle', async () => {
    const user = userEvent.setup();
    render(
      <HelpText initiallyOpen label="Wat is dit?" id="help-x">
        Uitleg
      </HelpText>,
    );
    const toggle = screen.getByRole('button', { name: 'Wat is dit?' });
    expect(toggle.getAttribute('aria-controls')).toBe('help-x');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('is translatable', () => {
    render(
      <HelpText initiallyOpen t={createTranslate(widgetResources.en)} lang="en">
        Help
      </HelpText>,
    );
    expect(screen.getByRole('button', { name: 'Explanation' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
