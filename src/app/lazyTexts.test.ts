import { describe, expect, it } from 'vitest';
import { createTranslate } from '../../renderer/core/i18n';
import feedbackEn from './feedback/i18n/feedback.en.json';
import feedbackNl from './feedback/i18n/feedback.nl.json';
import { lazyTranslate } from './lazyTexts';
import sessionEn from './session/i18n/session.en.json';
import sessionNl from './session/i18n/session.nl.json';

describe('texts of the lazily loaded parts', () => {
  it.each([
    ['session', sessionNl, sessionEn],
    ['feedback', feedbackNl, feedbackEn],
  ])('%s: every Dutch text has an English one and the reverse', (_name, nl, en) => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(nl).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(text, key).not.toBe('');
      // The same placeholders in both languages.
      expect(text.match(/\{\w+\}/g) ?? [], key).toEqual((nl as Record<string, string>)[key].match(/\{\w+\}/g) ?? []);
    }
  });

  it('looks up its own texts first, English falling back to Dutch per key, then the portal texts', () => {
    const shell = createTranslate({ 'shell.x': 'Portaaltekst {n}' });
    const resources = { nl: { 'a.one': 'Een', 'a.two': 'Twee {n}' }, en: { 'a.one': 'One' } };
    const en = lazyTranslate(resources, 'en', shell);
    expect(en('a.one')).toBe('One');
    expect(en('a.two', { n: 2 })).toBe('Twee 2');
    expect(en('shell.x', { n: 3 })).toBe('Portaaltekst 3');
    expect(en('onbekend')).toBe('[onbekend is undefined]');
    expect(lazyTranslate(resources, 'nl', shell)('a.one')).toBe('Een');
  });
});
