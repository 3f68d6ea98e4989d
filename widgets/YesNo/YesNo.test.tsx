// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formContext, renderWidget } from '../shared/testProps';
import { YesNo } from '.';

afterEach(cleanup);

describe('YesNo', () => {
  it('gives true for Ja and false for Nee', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(YesNo, { schema: { type: 'boolean' } });
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    await user.click(screen.getByLabelText('Nee'));
    expect(value()).toBe(false);
    await user.click(screen.getByLabelText('Ja'));
    expect(value()).toBe(true);
  });

  it('shows no choice when unanswered and the current value otherwise', () => {
    renderWidget(YesNo, { id: 'root_a' });
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    cleanup();
    renderWidget(YesNo, { value: false });
    expect((screen.getByLabelText('Nee') as HTMLInputElement).checked).toBe(true);
  });

  it('links the error id and speaks English', () => {
    renderWidget(YesNo, { formContext: formContext('en'), rawErrors: ['Required'] });
    const yes = screen.getByLabelText('Yes');
    expect(screen.getByLabelText('No')).toBeTruthy();
    expect(yes.getAttribute('aria-describedby')).toContain('root_field__error');
    expect(yes.getAttribute('aria-invalid')).toBe('true');
  });
});
