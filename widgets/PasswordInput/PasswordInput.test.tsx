// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FieldAriaContext } from '../shared/aria';
import { formContext, renderWidget, widgetProps } from '../shared/testProps';
import { PasswordInput } from '.';

afterEach(cleanup);

function input(): HTMLInputElement {
  return document.getElementById('root_field') as HTMLInputElement;
}

describe('PasswordInput', () => {
  it('is a password textbox, autocomplete off unless set', () => {
    renderWidget(PasswordInput);
    expect(input().type).toBe('password');
    expect(input().className).toContain('utrecht-textbox');
    expect(input().getAttribute('autocomplete')).toBe('off');
    cleanup();
    renderWidget(PasswordInput, { options: { autocomplete: 'new-password' } });
    expect(input().getAttribute('autocomplete')).toBe('new-password');
  });

  it('keeps spaces, also on blur, and reports undefined when emptied', async () => {
    const user = userEvent.setup();
    const { value, onBlur } = renderWidget(PasswordInput);
    await user.type(input(), ' geheim 1 ');
    expect(value()).toBe(' geheim 1 ');
    await user.tab();
    expect(value()).toBe(' geheim 1 ');
    expect(onBlur).toHaveBeenLastCalledWith('root_field', ' geheim 1 ');
    expect(input().value).toBe(' geheim 1 ');
    await user.clear(input());
    expect(value()).toBeUndefined();
  });

  it('the toggle shows and hides the password and says so politely', async () => {
    const user = userEvent.setup();
    renderWidget(PasswordInput, { value: 'geheim' });
    const status = screen.getByRole('status');
    expect(status.className).toContain('visually-hidden');
    expect(status.textContent).toBe('');
    const button = screen.getByRole('button', { name: 'Wachtwoord tonen' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('aria-controls')).toBe('root_field');
    expect(button.className).toContain('utrecht-button');
    expect(button.className).toContain('utrecht-button--subtle');
    expect(input().compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(button);
    expect(input().type).toBe('text');
    expect(button.textContent).toBe('Wachtwoord verbergen');
    expect(status.textContent).toBe('Uw wachtwoord wordt getoond.');
    await user.click(button);
    expect(input().type).toBe('password');
    expect(button.textContent).toBe('Wachtwoord tonen');
    expect(status.textContent).toBe('Uw wachtwoord is verborgen.');
    expect(input().value).toBe('geheim');
  });

  it('speaks English on an English page', async () => {
    const user = userEvent.setup();
    renderWidget(PasswordInput, { formContext: formContext('en') });
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Your password is shown.');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByRole('status').textContent).toBe('Your password is hidden.');
  });

  it('hides the password again when the form is sent', async () => {
    const user = userEvent.setup();
    render(
      <form onSubmit={(event) => event.preventDefault()}>
        <PasswordInput {...widgetProps({ value: 'geheim' })} />
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Wachtwoord tonen' }));
    expect(input().type).toBe('text');
    fireEvent.submit(input().form!);
    expect(input().type).toBe('password');
  });

  it('takes aria from the field frame', () => {
    render(
      <FieldAriaContext.Provider value={{ describedBy: ['root_field__error'], invalid: true, required: true }}>
        <PasswordInput {...widgetProps()} />
      </FieldAriaContext.Provider>,
    );
    expect(input().getAttribute('aria-describedby')).toBe('root_field__error');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-required')).toBe('true');
  });
});
