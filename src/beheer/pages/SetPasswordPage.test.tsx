// @vitest-environment jsdom
// The page where the holder of a reset code sets a new password: the code taken from the link (and
// removed from the address), the portal's own checks, the server's refusal at the code, success with
// the way to sign in. No axe violations.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/helpers/axe';
import { beheerApi, BeheerError } from '../api';
import { SetPasswordPage } from './SetPasswordPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('setting a password with a reset code', () => {
  it('takes the code from the link and removes it from the address', async () => {
    window.history.replaceState(null, '', '/beheer/wachtwoord-instellen#code=K7Q2-M9XH-DPRT-W8ZA');
    const { container } = render(<SetPasswordPage />);
    expect(field('Code').value).toBe('K7Q2-M9XH-DPRT-W8ZA');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/beheer/wachtwoord-instellen');
    expect(document.title).toBe('Nieuw wachtwoord instellen | Beheer aanvraagportaal');
    await expectNoAxeViolations(container);
  });

  it('checks the fields, shows a refused code at its field, and says how to sign in after success', async () => {
    const user = userEvent.setup();
    const send = vi.spyOn(beheerApi, 'setPasswordWithCode').mockRejectedValueOnce(
      new BeheerError(410, 'Deze code is verlopen: hij was 24 uur geldig. Vraag de beheerder om een nieuwe code.', ['UVAL-01'], {
        code: 'Deze code is verlopen: hij was 24 uur geldig. Vraag de beheerder om een nieuwe code.',
      }),
    );
    const { container } = render(<SetPasswordPage />);
    await user.click(screen.getByRole('button', { name: 'Wachtwoord instellen' }));
    expect(screen.getByText("Het veld 'Code' is niet ingevuld.")).toBeTruthy();
    expect(document.activeElement).toBe(field('Code'));
    await expectNoAxeViolations(container);

    await user.type(field('Code'), 'k7q2 m9xh dprt w8za');
    await user.type(field('Nieuw wachtwoord'), 'een-nieuw-wachtwoord');
    await user.type(field('Herhaal nieuw wachtwoord'), 'een-nieuw-wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord instellen' }));
    expect(send).toHaveBeenCalledWith('k7q2 m9xh dprt w8za', 'een-nieuw-wachtwoord');
    expect(screen.getByText('Deze code is verlopen: hij was 24 uur geldig. Vraag de beheerder om een nieuwe code.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Code'));

    send.mockResolvedValueOnce(undefined);
    await user.click(screen.getByRole('button', { name: 'Wachtwoord instellen' }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toBe('Uw wachtwoord is ingesteld. Log in met uw e-mailadres en het nieuwe wachtwoord.');
    // The message takes the focus once it is drawn (an effect after the render).
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.getByRole('link', { name: 'Naar inloggen' }).getAttribute('href')).toBe('/beheer');
    await expectNoAxeViolations(container);
  });
});
