/**
 * Build step (vite.config.ts): the portal's texts per language as one finished map, so the page
 * does not group, flatten and merge the translation files while it starts. `virtual:portal-texts/nl`
 * and `virtual:portal-texts/en` each export the merged map of their language
 * (src/app/i18nResources.ts), made from the files in TEXT_FOLDERS; the Dutch one is bundled, the
 * English one is a chunk loaded when English is first chosen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { buildResources, langFromFileName } from '../src/app/i18nResources';
import { isLang } from '../renderer/core/i18n';

/** The folders holding translation files, in the order their texts are merged (a later key wins). */
const TEXT_FOLDERS = ['renderer/core/i18n', 'widgets/i18n', 'src/i18n'];

const PREFIX = 'virtual:portal-texts/';

/** The translation files under `root`, by folder: path (from the root) → file. */
function textFiles(root: string): { name: string; file: string }[][] {
  return TEXT_FOLDERS.map((folder) =>
    readdirSync(path.join(root, folder))
      .filter((name) => langFromFileName(name) !== undefined)
      .map((name) => ({ name: `/${folder}/${name}`, file: path.join(root, folder, name) })),
  );
}

/** The texts of every language, from the translation files found by `textFiles`. */
function portalTexts(folders: { name: string; file: string }[][]): ReturnType<typeof buildResources> {
  return buildResources(folders.map((files) => Object.fromEntries(files.map(({ name, file }) => [name, JSON.parse(readFileSync(file, 'utf8')) as unknown]))));
}

/** The suffix of the module with the Dutch texts only the check's messages use (`virtual:portal-texts/nl-checks`). */
const CHECKS = '-checks';

/** Texts of the validation that other parts show too: the hidden 'Fout:' of every message, the feedback form's limit. */
const SHOWN_WITHOUT_CHECK = new Set(['validation.errorPrefix', 'validation.maxLength']);

/** Whether a text is one of the check's messages (the validation's own, loaded with its code). */
export const isCheckText = (key: string): boolean => key.startsWith('validation.') && !SHOWN_WITHOUT_CHECK.has(key);

/**
 * `deferChecks`: the Dutch texts of the check's messages are left out of `virtual:portal-texts/nl`
 * and make up `virtual:portal-texts/nl-checks`, which the page loads with the check's code (no step
 * needs them to be shown); otherwise that module is empty.
 */
export function portalTextsPlugin(root: string, { deferChecks = false }: { deferChecks?: boolean } = {}): Plugin {
  return {
    name: 'portal-texts',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1);
      const checks = name.endsWith(CHECKS);
      const lang = checks ? name.slice(0, -CHECKS.length) : name;
      if (!isLang(lang)) throw new Error(`Geen portaaltaal: ${lang}`);
      const folders = textFiles(root);
      for (const { file } of folders.flat()) this.addWatchFile(file);
      const all = portalTexts(folders)[lang];
      const split = deferChecks && lang === 'nl';
      const texts = Object.fromEntries(Object.entries(all).filter(([key]) => (checks ? split && isCheckText(key) : !split || !isCheckText(key))));
      // JSON.parse of one string literal: the quickest way for the browser to make a large object.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}
