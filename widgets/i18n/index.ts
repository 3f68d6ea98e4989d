// Widget texts per language. The app shell merges these into its own resources; the widgets
// also use them as fallback so they never show '[key is undefined]' when that did not happen.
import type { Lang, Resources } from '../../renderer/core/i18n';
import nl from './nl.json';
import en from './en.json';

/** All `widget.*` texts, per language (Dutch is the default language). */
export const widgetResources: Record<Lang, Resources> = { nl, en };
