import { afterEach, describe, expect, it, vi } from 'vitest';
import nl from '../../renderer/core/i18n/messages.nl.json';
import en from '../../renderer/core/i18n/messages.en.json';
import { createTranslate, DEFAULT_LANG, interpolate, isLang, LANGS, mergeResources } from '../../renderer/core/i18n';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('mergeResources', () => {
  it('merges maps in order; the later text of a duplicate key wins', () => {
    const warn = vi.fn();
    expect(
      mergeResources(
        [
          { a: 'A1', b: 'B' },
          { a: 'A2', c: 'C' },
        ],
        warn,
      ),
    ).toEqual({ a: 'A2', b: 'B', c: 'C' });
  });

  it('reports every duplicate key once per repeat through warn', () => {
    const warn = vi.fn();
    mergeResources([{ a: '1', b: '1' }, { a: '2' }, { a: '3', b: '2' }], warn);
    expect(warn.mock.calls).toEqual([['Dubbele vertaalsleutel: a'], ['Dubbele vertaalsleutel: a'], ['Dubbele vertaalsleutel: b']]);
  });

  it('warns on the console by default (doc 2 §4)', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mergeResources([{ 'wizard.next': 'Volgende' }, { 'wizard.next': 'Verder' }]);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0][0]).toContain('wizard.next');
  });

  it('does not warn without duplicates', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const warn = vi.fn();
    expect(mergeResources([{ a: '1' }, { b: '2' }], warn)).toEqual({ a: '1', b: '2' });
    mergeResources([{ a: '1' }, { b: '2' }]);
    expect(warn).not.toHaveBeenCalled();
    expect(spy).not.toHaveBeenCalled();
  });

  it('does not mistake a key named like an Object.prototype member for a duplicate', () => {
    const warn = vi.fn();
    mergeResources([{ constructor: 'Bouwer', toString: 'Tekst' }], warn);
    expect(warn).not.toHaveBeenCalled();
  });

  it('the shipped catalogues have the same keys', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(nl).sort());
  });
});

describe('createTranslate', () => {
  const t = createTranslate({ 'review.yes': 'Ja', 'wizard.stepOf': 'Stap {n} van {total}', leeg: '' });

  it('looks up a key', () => {
    expect(t('review.yes')).toBe('Ja');
  });

  it('fills placeholders', () => {
    expect(t('wizard.stepOf', { n: 2, total: 4 })).toBe('Stap 2 van 4');
  });

  it("answers '[key is undefined]' for a missing key without fallback (doc 2 §8)", () => {
    expect(t('bestaat.niet')).toBe('[bestaat.niet is undefined]');
  });

  it('uses the fallback text for a missing key and fills it', () => {
    expect(t('bestaat.niet', undefined, 'Terugval')).toBe('Terugval');
    expect(t('bestaat.niet', { label: 'Naam' }, "Veld '{label}'")).toBe("Veld 'Naam'");
    expect(t('bestaat.niet', undefined, '')).toBe('');
  });

  it('prefers a defined text over the fallback, even an empty one', () => {
    expect(t('review.yes', undefined, 'Terugval')).toBe('Ja');
    expect(t('leeg', undefined, 'Terugval')).toBe('');
  });

  it('a missing key named like an Object.prototype member is still missing', () => {
    expect(t('constructor')).toBe('[constructor is undefined]');
    expect(t('toString', undefined, 'Terugval')).toBe('Terugval');
  });

  it('works over the real Dutch catalogue', () => {
    const nlT = createTranslate(nl as Record<string, string>);
    expect(nlT('validation.required', { label: 'BSN' })).toBe("Het veld 'BSN' is niet ingevuld.");
    expect(nlT('review.notFilled')).toBe('-- Niet ingevuld');
  });
});

describe('interpolate', () => {
  it('replaces known placeholders, also repeated ones', () => {
    expect(interpolate('{a} en {a} en {b}', { a: 'x', b: 2 })).toBe('x en x en 2');
  });

  it('keeps unknown and undefined placeholders as they are', () => {
    expect(interpolate('{a} {onbekend}', { a: 'x' })).toBe('x {onbekend}');
    expect(interpolate('{a}', { a: undefined })).toBe('{a}');
  });

  it('fills 0 and the empty string (they are values)', () => {
    expect(interpolate('{n} karakters resterend', { n: 0 })).toBe('0 karakters resterend');
    expect(interpolate('[{s}]', { s: '' })).toBe('[]');
  });

  it('returns the text unchanged without params', () => {
    expect(interpolate('Stap {n}')).toBe('Stap {n}');
  });
});

describe('languages', () => {
  it('nl is the default and nl/en are the languages', () => {
    expect(DEFAULT_LANG).toBe('nl');
    expect(LANGS).toEqual(['nl', 'en']);
    expect(isLang('nl')).toBe(true);
    expect(isLang('en')).toBe(true);
    expect(isLang('NL')).toBe(false);
    expect(isLang('de')).toBe(false);
    expect(isLang(undefined)).toBe(false);
  });
});
