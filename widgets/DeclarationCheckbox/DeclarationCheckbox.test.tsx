// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formContext, renderWidget } from '../shared/testProps';
import { DeclarationCheckbox } from '.';

afterEach(cleanup);

describe('DeclarationCheckbox', () => {
  it("uses 'Ja, dat verklaar ik' (not the question) as label; true when ticked, undefined when not", async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(DeclarationCheckbox, {
      label: 'Verklaart u alle gegevens naar waarheid te hebben ingevuld en dat u',
      schema: { type: 'boolean', const: true },
    });
    expect(screen.queryByText(/Verklaart u/)).toBeNull();
    const box = screen.getByLabelText('Ja, dat verklaar ik');
    await user.click(box);
    expect(value()).toBe(true);
    await user.click(box);
    expect(value()).toBeUndefined();
  });

  it('allows another label and speaks English', () => {
    renderWidget(DeclarationCheckbox, { formContext: formContext('en'), id: 'root_a' });
    expect(screen.getByLabelText('Yes, I declare this')).toBeTruthy();
    renderWidget(DeclarationCheckbox, { options: { checkboxLabel: 'Akkoord' }, id: 'root_b' });
    expect(screen.getByLabelText('Akkoord')).toBeTruthy();
  });

  it('links ids and is marked required and invalid', () => {
    renderWidget(DeclarationCheckbox, { required: true, rawErrors: ['Verplicht'] });
    const box = screen.getByRole('checkbox');
    expect(box.getAttribute('aria-describedby')).toContain('root_field__error');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-required')).toBe('true');
  });
});
