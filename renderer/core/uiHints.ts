/**
 * The ui hints of rjsf that are not a field's widget: the order of a group's fields (`ui:order`),
 * hints that change nothing on a government form (their names and why), and a widget's options
 * written as hints of their own (`ui:autocomplete` is `ui:options.autocomplete`, as rjsf reads it).
 * Pure; the flow check, the settling of a version, the form, the review and the messages share it.
 */
import type { UiSchema } from './types';

/**
 * Hints rjsf knows that change nothing here, with why: a form that carries one is accepted, with a
 * warning naming it. Settling a version leaves them out.
 */
// A string of its own (not read from the table below), so a bundle without the tables leaves both out.
const LABEL_STAYS = 'elk veld houdt zijn label, zodat iedereen weet wat er gevraagd wordt (WCAG 3.3.2)';

export const NO_EFFECT_HINTS: Readonly<Record<string, string>> = {
  'ui:className': 'de opmaak komt van het NL Design System, niet van eigen stijlklassen',
  'ui:classNames': 'de opmaak komt van het NL Design System, niet van eigen stijlklassen',
  'ui:style': 'de opmaak komt van het NL Design System, niet van eigen stijlen',
  'ui:submitButtonOptions': 'de knoppen van elke stap (Vorige, Volgende, Opslaan) zijn die van de wizard',
  'ui:enableMarkdownInDescription': 'teksten zijn gewone tekst, met alleen <strong>, <em> en <a href="…"> als opmaak',
  'ui:label': LABEL_STAYS,
};

/** Options (`ui:options`) of every widget in rjsf that change nothing here, with why; settling leaves them out. */
export const NO_EFFECT_OPTIONS: Readonly<Record<string, string>> = {
  label: LABEL_STAYS,
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The keys of a group in the order its `ui:order` gives (rjsf's rule: the names listed, in that
 * order, with the group's other fields at the place of '*'; a name that is not a field is passed
 * over). Without an order, or with one rjsf would refuse (see {@link orderProblem}), the keys as they are.
 */
export function orderedKeys(keys: string[], order: unknown): string[] {
  if (!Array.isArray(order) || orderProblem(order, keys) !== undefined) return keys;
  const present = new Set(keys);
  const listed = order.filter((name): name is string => typeof name === 'string' && (name === '*' || present.has(name)));
  const rest = keys.filter((key) => !listed.includes(key));
  const wildcard = listed.indexOf('*');
  return wildcard === -1 ? listed : [...listed.slice(0, wildcard), ...rest, ...listed.slice(wildcard + 1)];
}

/**
 * Why rjsf would refuse `order` for a group that can show `fields` (every field, those a condition
 * adds included): it would stop drawing the step. Undefined when it can use it.
 */
export function orderProblem(order: unknown, fields: string[]): string | undefined {
  if (!Array.isArray(order) || !order.every((name) => typeof name === 'string')) return 'de volgorde is een lijst van veldnamen (en eventueel één *)';
  const wildcards = order.filter((name) => name === '*').length;
  if (wildcards > 1) return 'de volgorde mag maar één * hebben (de plaats van de velden die ze niet noemt)';
  if (wildcards === 1) return undefined;
  const missing = fields.filter((field) => !order.includes(field));
  if (missing.length === 0) return undefined;
  const names = missing.map((field) => `‘${field}’`).join(', ');
  return `de volgorde noemt ${missing.length === 1 ? 'het veld' : 'de velden'} ${names} niet; noem ${missing.length === 1 ? 'het' : 'ze'}, of zet een * op de plaats van de velden die ze niet noemt`;
}

/** The names in `order` that are no field of the group (rjsf passes them over). */
export function unknownInOrder(order: unknown, fields: string[]): string[] {
  return Array.isArray(order) ? order.filter((name): name is string => typeof name === 'string' && name !== '*' && !fields.includes(name)) : [];
}

/**
 * Moves hints that name one of the widget's options (`ui:autocomplete`, `ui:rows`) into
 * `ui:options`, where every part of the portal reads them; an entry in `ui:options` itself wins.
 * Changes `ui` in place.
 */
export function promoteOptionHints(ui: UiSchema, optionNames: Iterable<string>): void {
  for (const name of optionNames) {
    const key = `ui:${name}`;
    if (!(key in ui)) continue;
    const options = isRecord(ui['ui:options']) ? ui['ui:options'] : {};
    ui['ui:options'] = { [name]: ui[key], ...options };
    delete ui[key];
  }
}

/** Leaves out the hints and options that change nothing ({@link NO_EFFECT_HINTS}, {@link NO_EFFECT_OPTIONS}). Changes `ui` in place. */
export function dropNoEffectHints(ui: UiSchema): void {
  for (const key of Object.keys(NO_EFFECT_HINTS)) delete ui[key];
  const options = ui['ui:options'];
  if (isRecord(options) && Object.keys(NO_EFFECT_OPTIONS).some((name) => name in options))
    ui['ui:options'] = Object.fromEntries(Object.entries(options).filter(([name]) => !Object.hasOwn(NO_EFFECT_OPTIONS, name)));
}
