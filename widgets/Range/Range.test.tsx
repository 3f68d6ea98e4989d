// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FieldAriaContext } from '../shared/aria';
import { formContext, renderWidget, widgetProps } from '../shared/testProps';
import { Range } from '.';

afterEach(cleanup);

function output(): HTMLOutputElement {
  return document.getElementById('root_field__value') as HTMLOutputElement;
}

describe('Range', () => {
  it('takes min, max and step from the schema, with defaults 0, 100 and 1', () => {
    renderWidget(Range, { id: 'root_a', schema: { type: 'number', minimum: 1.5, maximum: 4, multipleOf: 0.5 } });
    renderWidget(Range, { id: 'root_b', schema: { type: 'integer' } });
    const a = document.getElementById('root_a') as HTMLInputElement;
    const b = document.getElementById('root_b') as HTMLInputElement;
    expect(a.type).toBe('range');
    expect(a.className).toContain('widget-range');
    expect([a.min, a.max, a.step]).toEqual(['1.5', '4', '0.5']);
    expect([b.min, b.max, b.step]).toEqual(['0', '100', '1']);
  });

  it('reports a number and shows it after the slider, in the language of the page', () => {
    const { value } = renderWidget(Range, { schema: { type: 'number', maximum: 10, multipleOf: 0.5 } });
    const input = screen.getByRole('slider') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2.5' } });
    expect(value()).toBe(2.5);
    expect(output().textContent).toBe('2,5');
    expect(input.getAttribute('aria-valuetext')).toBe('2,5');
    expect(input.compareDocumentPosition(output()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    renderWidget(Range, { schema: { type: 'number' }, value: 2.5, formContext: formContext('en') });
    expect(output().textContent).toBe('2.5');
    expect(screen.getByRole('slider').getAttribute('aria-valuetext')).toBe('2.5');
  });

  it('says that no value was chosen yet while the value is undefined', () => {
    renderWidget(Range, { schema: { type: 'integer' } });
    expect(output().textContent).toBe('Nog geen waarde gekozen');
    expect(screen.getByRole('slider').getAttribute('aria-valuetext')).toBe('Nog geen waarde gekozen');
    expect(output().getAttribute('aria-live')).toBe('polite');
    expect(output().htmlFor.value).toBe('root_field');
    cleanup();
    renderWidget(Range, { schema: { type: 'integer' }, formContext: formContext('en') });
    expect(output().textContent).toBe('No value chosen yet');
  });

  it('shows the minimum and maximum at both ends', () => {
    const { container } = renderWidget(Range, { schema: { type: 'number', minimum: -1.5, maximum: 3 } });
    const limits = Array.from(container.querySelectorAll('.widget-range__limit')).map((limit) => limit.textContent);
    expect(limits).toEqual(['-1,5', '3']);
  });

  it('is reached with Tab; a movement key at the resting minimum chooses it, Tab itself does not', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(Range, { schema: { type: 'integer', minimum: 1, maximum: 5 } });
    await user.tab();
    const input = screen.getByRole('slider');
    expect(document.activeElement).toBe(input);
    expect(value()).toBeUndefined();
    // jsdom does not move a range's thumb; the browser does (arrows, Home, End) and fires no change
    // when the thumb is already where the key would put it.
    fireEvent.keyUp(input, { key: 'Tab' });
    expect(value()).toBeUndefined();
    fireEvent.keyUp(input, { key: 'Home' });
    expect(value()).toBe(1);
    expect(output().textContent).toBe('1');
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.keyUp(input, { key: 'Home' });
    expect(value()).toBe(5);
  });

  it('takes aria from the field frame', () => {
    render(
      <FieldAriaContext.Provider value={{ describedBy: ['root_field__error'], invalid: true, required: true }}>
        <Range {...widgetProps({ schema: { type: 'number' } })} />
      </FieldAriaContext.Provider>,
    );
    const input = screen.getByRole('slider');
    expect(input.getAttribute('aria-describedby')).toBe('root_field__error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
  });
});
