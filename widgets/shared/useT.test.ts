import { describe, expect, it } from 'vitest';
import { createTranslate } from '../../renderer/core/i18n';
import { widgetResources } from '../i18n';
import { useT, widgetI18n } from './useT';

describe('useT', () => {
  it('falls back to Dutch without formContext', () => {
    const { t, tx, lang } = useT(undefined);
    expect(lang).toBe('nl');
    expect(t('widget.select.prompt')).toBe('-- Maak een keuze --');
    expect(t('widget.textarea.tooMany', { count: 3 })).toBe('3 karakters te veel');
    expect(tx('Gewone tekst')).toBe('Gewone tekst');
  });

  it("uses the renderer's translate (which brings the English widget texts) and falls back on the Dutch ones", () => {
    const appT = createTranslate({ 'app.label': 'Label uit de app', 'widget.yesNo.yes': widgetResources.en['widget.yesNo.yes'] });
    const { t, tx, lang } = useT({ formContext: { t: appT, lang: 'en' } });
    expect(lang).toBe('en');
    expect(t('widget.yesNo.yes')).toBe('Yes');
    expect(t('widget.yesNo.no')).toBe('Nee');
    expect(tx('app.label')).toBe('Label uit de app');
    expect(widgetI18n(createTranslate({})).t('widget.yesNo.yes')).toBe('Ja');
  });

  it('is built once per translate function and language, not for every field and render', () => {
    const appT = createTranslate({});
    const context = { formContext: { t: appT, lang: 'en' } };
    expect(useT(context)).toBe(useT({ formContext: { t: appT, lang: 'en' } }));
    expect(useT({ formContext: { t: appT, lang: 'nl' } })).not.toBe(useT(context));
    expect(useT({ formContext: { t: createTranslate({}), lang: 'en' } })).not.toBe(useT(context));
    expect(useT(undefined)).toBe(widgetI18n());
  });

  it('has the same keys in Dutch and English, with the required Dutch wording', () => {
    expect(Object.keys(widgetResources.en).sort()).toEqual(Object.keys(widgetResources.nl).sort());
    const nl = widgetResources.nl;
    expect(nl['widget.select.prompt']).toBe('-- Maak een keuze --');
    expect(nl['widget.textarea.remaining']).toBe('{count} karakters resterend');
    expect(nl['widget.textarea.tooMany']).toBe('{count} karakters te veel');
    expect(nl['widget.date.placeholder']).toBe('DD-MM-JJJJ');
    expect(nl['widget.checkbox.declaration']).toBe('Ja, dat verklaar ik');
    expect(nl['widget.declaration.no']).toBe('Nee, dat verklaar ik niet');
    for (const key of Object.keys(nl).filter((k) => k.startsWith('widget.file.error.') && !k.endsWith('tooMany') && !k.endsWith('unknown'))) {
      expect(nl[key].startsWith("Het bestand '{filename}' is niet toegevoegd, omdat "), key).toBe(true);
    }
    expect(nl['widget.file.error.unknown']).toBe("Onbekende fout ({filtername}) bij het toevoegen van bestand '{filename}'.");
  });
});
