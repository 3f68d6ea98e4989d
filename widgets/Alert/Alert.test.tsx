// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createTranslate } from '../../renderer/core/i18n';
import { widgetResources } from '../i18n';
import { expectNoAxeViolations } from '../../tests/helpers/axe';
import { Alert } from '.';

afterEach(cleanup);

describe('Alert', () => {
  it('uses the utrecht alert classes, a heading at the given level and the role', () => {
    render(
      <Alert type="error" title="Er ging iets mis" headingLevel={3} role="alert">
        <p>Probeer het later opnieuw.</p>
      </Alert>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.className).toContain('utrecht-alert');
    expect(alert.className).toContain('utrecht-alert--error');
    const heading = screen.getByRole('heading', { level: 3 });
    expect(heading.textContent).toBe('Fout: Er ging iets mis');
    expect(alert.textContent).toContain('Probeer het later opnieuw.');
    expect(alert.querySelector('.utrecht-alert__icon')!.getAttribute('aria-hidden')).toBe('true');
  });

  it('maps success to the ok style, defaults to h2 and has no role unless asked', () => {
    const { container } = render(
      <Alert type="success" title="Verzonden">
        Klaar
      </Alert>,
    );
    const box = container.firstElementChild!;
    expect(box.className).toContain('utrecht-alert--ok');
    expect(box.hasAttribute('role')).toBe(false);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Gelukt: Verzonden');
  });

  it('asks for an action: the info style with its own class, the request as hidden text', async () => {
    const { container } = render(
      <Alert type="call-to-action" title="Goedkeuring gevraagd">
        <p>Bekijk het concept en keur het goed.</p>
      </Alert>,
    );
    const box = container.firstElementChild!;
    expect(box.className).toContain('utrecht-alert--info');
    expect(box.className).toContain('widget-alert--call-to-action');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Actie gevraagd: Goedkeuring gevraagd');
    render(
      <Alert type="call-to-action" t={createTranslate(widgetResources.en)} lang="en">
        Approve it
      </Alert>,
    );
    expect(screen.getByText(/Action needed:/).parentElement!.textContent).toBe('Action needed: Approve it');
    await expectNoAxeViolations(container);
  });

  it('gives the type as hidden text without title, translatable', () => {
    render(
      <Alert type="warning" role="status" t={createTranslate(widgetResources.en)} lang="en">
        Let op
      </Alert>,
    );
    expect(screen.getByRole('status').textContent).toBe('Warning: Let op');
  });
});
