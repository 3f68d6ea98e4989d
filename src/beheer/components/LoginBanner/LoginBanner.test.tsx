// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../../tests/helpers/axe';
import { formatLoginMoment } from './formatLogin';
import { LoginBanner } from './LoginBanner';

afterEach(cleanup);

describe('formatLoginMoment', () => {
  it('writes the moment in Dutch, in Dutch time', () => {
    expect(formatLoginMoment(new Date('2026-11-24T09:05:00Z'))).toBe('24 november 2026 om 10:05');
    expect(formatLoginMoment(new Date('2026-07-01T22:30:00Z'))).toBe('2 juli 2026 om 00:30');
  });
});

describe('LoginBanner', () => {
  it('says who is logged in and when last, and logs out on the button', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    const { container } = render(<LoginBanner loginName="J. Jansen" lastLogin={new Date('2026-11-24T09:05:00Z')} onLogout={onLogout} />);
    expect(screen.getByText('Ingelogd als J. Jansen')).toBeTruthy();
    expect(screen.getByText(/Laatst ingelogd op/).textContent).toBe('Laatst ingelogd op 24 november 2026 om 10:05');
    expect(screen.getByText('24 november 2026 om 10:05').getAttribute('datetime')).toBe('2026-11-24T09:05:00.000Z');
    await user.click(screen.getByRole('button', { name: 'Uitloggen' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('leaves out the last login and the button when not wanted', async () => {
    const { container } = render(<LoginBanner loginName="beheer@example.nl" showLogout={false} onLogout={vi.fn()} />);
    expect(screen.getByText('Ingelogd als beheer@example.nl')).toBeTruthy();
    expect(screen.queryByText(/Laatst ingelogd/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    await expectNoAxeViolations(container);
  });
});
