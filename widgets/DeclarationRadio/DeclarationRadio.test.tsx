// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formContext, renderWidget } from '../shared/testProps';
import { DeclarationRadio } from '.';

afterEach(cleanup);

describe('DeclarationRadio', () => {
  it('offers the two declaration answers with boolean values', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(DeclarationRadio, { schema: { type: 'boolean' } });
    await user.click(screen.getByLabelText('Nee, dat verklaar ik niet'));
    expect(value()).toBe(false);
    await user.click(screen.getByLabelText('Ja, dat verklaar ik'));
    expect(value()).toBe(true);
    expect(screen.getByLabelText('Ja, dat verklaar ik').getAttribute('aria-describedby')).toContain('root_field__error');
  });

  it('has English texts', () => {
    renderWidget(DeclarationRadio, { formContext: formContext('en') });
    expect(screen.getByLabelText('Yes, I declare this')).toBeTruthy();
    expect(screen.getByLabelText('No, I do not declare this')).toBeTruthy();
  });
});
