// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { renderWidget } from '../shared/testProps';
import { Hidden } from '.';

afterEach(cleanup);

describe('Hidden', () => {
  it('renders only a hidden input with the value as text', () => {
    const { container } = renderWidget(Hidden, { value: 'abc', htmlName: 'root[veld]' });
    expect(container.children).toHaveLength(1);
    const input = container.firstElementChild as HTMLInputElement;
    expect(input.tagName).toBe('INPUT');
    expect(input.type).toBe('hidden');
    expect(input.id).toBe('root_field');
    expect(input.name).toBe('root[veld]');
    expect(input.value).toBe('abc');
  });

  it('writes numbers and booleans as text, undefined as empty, and falls back to the id as name', () => {
    const values: [unknown, string][] = [
      [12.5, '12.5'],
      [false, 'false'],
      [true, 'true'],
      [undefined, ''],
    ];
    for (const [value, text] of values) {
      const { container, onChange } = renderWidget(Hidden, { value });
      const input = container.firstElementChild as HTMLInputElement;
      expect(input.value).toBe(text);
      expect(input.name).toBe('root_field');
      expect(onChange).not.toHaveBeenCalled();
      cleanup();
    }
  });
});
