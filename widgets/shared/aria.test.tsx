// @vitest-environment jsdom
import { Textbox } from '@utrecht/textbox-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { textboxAttributes, textboxState } from './aria';

/** The attributes of the one element in `markup`, sorted by name (their order means nothing). */
function attributesOf(markup: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = markup;
  const element = template.content.firstElementChild!;
  return [element.tagName, ...[...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`).sort()];
}

describe('textboxAttributes', () => {
  it("gives the input the NL Design System textbox's markup in every state", () => {
    const flags = ['required', 'disabled', 'readonly', 'autofocus', 'invalid'] as const;
    for (let mask = 0; mask < 1 << flags.length; mask += 1) {
      const on = (flag: (typeof flags)[number]) => Boolean(mask & (1 << flags.indexOf(flag)));
      const state = textboxState(
        { disabled: on('disabled'), readonly: on('readonly'), autofocus: on('autofocus') },
        { invalid: on('invalid'), required: on('required'), ...(on('invalid') ? { 'aria-describedby': 'veld__error' } : {}) },
      );
      const common = { id: 'veld', name: 'veld', type: 'email', value: 'a@b.nl', inputMode: 'email', onChange: () => undefined } as const;
      expect(attributesOf(renderToStaticMarkup(<input {...common} {...textboxAttributes(state)} />)), `state ${mask}`).toEqual(
        attributesOf(renderToStaticMarkup(<Textbox {...common} {...state} />)),
      );
    }
  });
});
