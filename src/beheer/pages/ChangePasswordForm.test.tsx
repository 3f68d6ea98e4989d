// @vitest-environment jsdom
// 'Wachtwoord wijzigen' under 'Mijn account': the portal's own checks at the fields before anything
// is sent (empty, the policy, the two alike, not the current one), the server's refusals at their
// field, success said on the page, a lockout sends to the sign-in page; an account of the
// organisation is told why there is nothing to change here. No axe violations.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/helpers/axe';
import { beheerApi, BeheerError, type BeheerUser } from '../api';
import { ChangePasswordForm, CHANGED } from './ChangePasswordForm';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const LOCAL: BeheerUser = { naam: 'anna@example.nl', rollen: ['redacteur'], vorigeLogin: null, lokaal: true, tweedeFactor: false };

function renderForm(user = LOCAL) {
  const onDone = vi.fn();
  const onSignedOut = vi.fn();
  const view = render(<ChangePasswordForm user={user} onDone={onDone} onSignedOut={onSignedOut} />);
  return { ...view, onDone, onSignedOut };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('changing the own password', () => {
  it('checks the fields before sending, and focuses the first one that is wrong', async () => {
    const user = userEvent.setup();
    const send = vi.spyOn(beheerApi, 'changePassword');
    const { container } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(screen.getByText("Het veld 'Huidig wachtwoord' is niet ingevuld.")).toBeTruthy();
    expect(screen.getByText("Het veld 'Nieuw wachtwoord' is niet ingevuld.")).toBeTruthy();
    expect(screen.getByText("Het veld 'Herhaal nieuw wachtwoord' is niet ingevuld.")).toBeTruthy();
    expect(document.activeElement).toBe(field('Huidig wachtwoord'));
    await expectNoAxeViolations(container);

    await user.type(field('Huidig wachtwoord'), 'het-huidige-wachtwoord');
    await user.type(field('Nieuw wachtwoord'), 'kort');
    await user.type(field('Herhaal nieuw wachtwoord'), 'kort');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(screen.getByText('Het wachtwoord moet minimaal 12 tekens hebben.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Nieuw wachtwoord'));

    await user.clear(field('Nieuw wachtwoord'));
    await user.type(field('Nieuw wachtwoord'), 'het-huidige-wachtwoord');
    await user.clear(field('Herhaal nieuw wachtwoord'));
    await user.type(field('Herhaal nieuw wachtwoord'), 'het-huidige-wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(screen.getByText('Kies een ander wachtwoord dan uw huidige.')).toBeTruthy();

    await user.clear(field('Nieuw wachtwoord'));
    await user.type(field('Nieuw wachtwoord'), 'een-nieuw-wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(screen.getByText('De twee wachtwoorden zijn niet gelijk. Typ het nieuwe wachtwoord twee keer hetzelfde.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Herhaal nieuw wachtwoord'));
    expect(send).not.toHaveBeenCalled();
  });

  it('shows a refusal at its field, says so on success, and goes to the sign-in page when the account waits', async () => {
    const user = userEvent.setup();
    const send = vi
      .spyOn(beheerApi, 'changePassword')
      .mockRejectedValueOnce(
        new BeheerError(400, 'Uw wachtwoord is niet gewijzigd: controleer de gegevens.', ['UVAL-01'], { huidig: 'Het huidige wachtwoord is onjuist.' }),
      );
    const { container, onDone, onSignedOut } = renderForm();
    const fill = async (current: string) => {
      await user.type(field('Huidig wachtwoord'), current);
      await user.clear(field('Nieuw wachtwoord'));
      await user.type(field('Nieuw wachtwoord'), 'een-nieuw-wachtwoord');
      await user.clear(field('Herhaal nieuw wachtwoord'));
      await user.type(field('Herhaal nieuw wachtwoord'), 'een-nieuw-wachtwoord');
      await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    };
    await fill('niet-het-goede');
    expect(send).toHaveBeenCalledWith('niet-het-goede', 'een-nieuw-wachtwoord');
    expect(screen.getByText('Het huidige wachtwoord is onjuist.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Huidig wachtwoord'));
    expect(field('Huidig wachtwoord').value).toBe('');
    await expectNoAxeViolations(container);

    send.mockResolvedValueOnce(undefined);
    await fill('het-goede-wachtwoord');
    expect(onDone).toHaveBeenLastCalledWith(CHANGED);
    expect([field('Huidig wachtwoord').value, field('Nieuw wachtwoord').value, field('Herhaal nieuw wachtwoord').value]).toEqual(['', '', '']);

    send.mockRejectedValueOnce(new BeheerError(429, 'Te veel mislukte pogingen. U bent uitgelogd en kunt over 15 minuten weer inloggen.', ['UBEH-04']));
    await fill('weer-niet-goed');
    expect(onSignedOut).toHaveBeenCalledWith('Te veel mislukte pogingen. U bent uitgelogd en kunt over 15 minuten weer inloggen.');
  });

  it('offers nothing to an account of the organisation, and says why', async () => {
    const { container } = renderForm({ ...LOCAL, lokaal: false });
    expect(screen.queryByRole('button', { name: 'Wachtwoord wijzigen' })).toBeNull();
    expect(screen.getByText('U logt in via uw organisatie. Uw wachtwoord wijzigt u bij die inlogdienst; het beheer kent het niet.')).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});
