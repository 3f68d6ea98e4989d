// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../../tests/helpers/axe';
import { LogoutModal, type LogoutResult } from './LogoutModal';

afterEach(cleanup);

function Page({ onClose, logoutUrl }: { onClose: (result: LogoutResult) => void; logoutUrl?: string }) {
  const [open, setOpen] = useState(false);
  const close = (result: LogoutResult) => {
    onClose(result);
    setOpen(false);
  };
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Uitloggen openen
      </button>
      {open ? <LogoutModal onClose={close} logoutUrl={logoutUrl} /> : null}
    </main>
  );
}

async function openModal(logoutUrl?: string) {
  const user = userEvent.setup();
  const onClose = vi.fn();
  render(<Page onClose={onClose} logoutUrl={logoutUrl} />);
  const opener = screen.getByRole('button', { name: 'Uitloggen openen' });
  await user.click(opener);
  return { user, onClose, opener, dialog: screen.getByRole('dialog', { name: 'Uitloggen' }) };
}

describe('LogoutModal', () => {
  it('asks for confirmation in a dialog that takes focus, and closes with "logout", focus back on the opener', async () => {
    const { user, onClose, opener, dialog } = await openModal();
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Weet u zeker dat u wilt uitloggen?').id);
    expect(dialog.contains(document.activeElement)).toBe(true);
    await expectNoAxeViolations(document.body);
    await user.click(screen.getByRole('button', { name: 'Uitloggen' }));
    expect(onClose).toHaveBeenCalledWith('logout');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('cancels with Annuleren and with Escape', async () => {
    const { user, onClose, opener } = await openModal();
    await user.click(screen.getByRole('button', { name: 'Annuleren' }));
    await user.click(opener);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose.mock.calls).toEqual([['cancel'], ['cancel']]);
    expect(document.activeElement).toBe(opener);
  });

  it('links to the logout address when given', async () => {
    const { onClose } = await openModal('/api/uitloggen');
    const link = screen.getByRole('link', { name: 'Uitloggen' });
    expect(link.getAttribute('href')).toBe('/api/uitloggen');
    expect(screen.queryByRole('button', { name: 'Uitloggen' })).toBeNull();
    await expectNoAxeViolations(document.body);
    expect(onClose).not.toHaveBeenCalled();
  });
});
