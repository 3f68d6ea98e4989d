// @vitest-environment jsdom
// 'Wachtwoord opnieuw instellen': the dialog asks first with what it does (focus on 'Annuleren',
// the least harmful answer), sends the choice about the verification code, then shows the code and
// the link once in read-only fields; a refusal stays in the dialog. No axe violations in either part.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/helpers/axe';
import { beheerApi, BeheerError, type AccountRow } from '../api';
import { ResetPasswordDialog } from './ResetPasswordDialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ACCOUNT: AccountRow = {
  id: 'a1',
  email: 'bert@example.nl',
  rollen: ['redacteur'],
  tweedeFactor: true,
  laatsteLogin: null,
  herstelTot: '2026-11-25T09:00:00.000Z',
};

describe('resetting a password from the accounts page', () => {
  it('asks first, and cancelling changes nothing', async () => {
    const user = userEvent.setup();
    const reset = vi.spyOn(beheerApi, 'resetPassword');
    const onClose = vi.fn();
    render(<ResetPasswordDialog account={ACCOUNT} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Wachtwoord opnieuw instellen' });
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Wilt u het wachtwoord van bert@example.nl opnieuw instellen?').id);
    expect(screen.getByText('Het huidige wachtwoord werkt meteen niet meer, en deze persoon wordt overal uitgelogd.')).toBeTruthy();
    expect(screen.getByText('De code die u eerder voor dit account kreeg, werkt dan niet meer.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Annuleren' }));
    await expectNoAxeViolations(document.body);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith(undefined);
    expect(reset).not.toHaveBeenCalled();
  });

  it('shows the code and the link once, with how long they work', async () => {
    const user = userEvent.setup();
    const reset = vi.spyOn(beheerApi, 'resetPassword').mockRejectedValueOnce(new BeheerError(404, 'Dit account bestaat niet.', ['UREQ-02']));
    const onClose = vi.fn();
    render(<ResetPasswordDialog account={ACCOUNT} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Ja, opnieuw instellen' }));
    expect(screen.getByRole('alert').textContent).toBe('Dit account bestaat niet.');

    reset.mockResolvedValueOnce({ code: 'K7Q2-M9XH-DPRT-W8ZA', geldigTot: '2026-11-25T09:00:00.000Z' });
    await user.click(screen.getByLabelText('Verificatiecode ook uitzetten (als deze persoon de app niet meer heeft)'));
    await user.click(screen.getByRole('button', { name: 'Ja, opnieuw instellen' }));
    expect(reset).toHaveBeenLastCalledWith('a1', true);
    const shown = screen.getByText('Geef deze code aan bert@example.nl; hij is 24 uur geldig (tot 25-11-2026 10:00) en werkt één keer.');
    expect(document.activeElement).toBe(shown);
    expect(screen.getByRole('dialog').getAttribute('aria-describedby')).toBe(shown.id);
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('K7Q2-M9XH-DPRT-W8ZA');
    const link = screen.getByLabelText('Of de link met de code erin') as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/beheer/wachtwoord-instellen#code=K7Q2-M9XH-DPRT-W8ZA`);
    expect(link.readOnly).toBe(true);
    expect(
      screen.getByText(new RegExp(`^Met de link, of met de code op ${window.location.origin}/beheer/wachtwoord-instellen, kiest deze persoon`)),
    ).toBeTruthy();
    await expectNoAxeViolations(document.body);
    await user.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(onClose).toHaveBeenCalledWith('Het wachtwoord van bert@example.nl is opnieuw ingesteld. De code is 24 uur geldig.');
  });

  it('says nothing of a verification code or an earlier code when the account has neither', () => {
    render(<ResetPasswordDialog account={{ ...ACCOUNT, tweedeFactor: false, herstelTot: null }} onClose={() => undefined} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByText(/eerder voor dit account/)).toBeNull();
  });
});
