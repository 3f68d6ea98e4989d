/**
 * What each widget and field of the portal accepts, as data: its name and aliases, the schema types
 * it renders, how the field template frames it, and its `ui:options` as JSON Schema. Every widget
 * folder publishes this in its `widget.json`; the browser's registry, the flow pipeline (which refuses
 * an unknown widget or option before any applicant sees it) and the back office read the same files.
 */
import type { JsonSchema } from './types';

/**
 * How the field template frames a widget: `<label for>`, `<fieldset><legend>`, the widget itself,
 * or nothing at all (a hidden value).
 */
export type WidgetKind = 'control' | 'group' | 'self' | 'hidden';

/**
 * Another name a flow may use for a widget. rjsf's lower-case names mean different widgets for
 * different types ('select' is one choice for a text or number, several for a list), so an alias
 * may hold for some types only.
 */
export type WidgetAlias = string | { name: string; types: string[] };

export interface WidgetDescription {
  name: string;
  /** Other names a flow may use (rjsf's own names, for one). */
  aliases?: WidgetAlias[];
  /** What it is, in Dutch, for administrators. */
  description: string;
  /** Widgets only; fields (`ui:field`) render their own frame. */
  kind?: WidgetKind;
  /** JSON Schema types of the values it renders. */
  types: string[];
  /**
   * The string formats whose values it stores: the field must have one of them, so that the
   * validation checks what it stores (a time field stores `format: time` text).
   */
  formats?: string[];
  /** True when the field must offer choices (`enum`, or `x-options` from a reference list; of its items for a list). */
  needsOptions?: boolean;
  /** Its `ui:options`: name -> JSON Schema of the value. */
  options?: Record<string, JsonSchema>;
  /**
   * rjsf's options of the widget that change nothing here: name -> why (Dutch). The check warns of
   * them, and the flow's version leaves them out.
   */
  ignoredOptions?: Record<string, string>;
  /** How the review and the printed form show the value: not at all ('hidden'), or that it was filled in without it ('masked'). */
  review?: 'masked' | 'hidden';
  /**
   * Fields that show each of its `options` at work, for authors and for the contract test
   * (widgets/contracts.test.tsx): every declared option appears in one, and each renders differently
   * without it.
   */
  examples?: WidgetExample[];
}

/** One field rendered with the widget: its JSON Schema and its `ui:options`. */
export interface WidgetExample {
  name: string;
  schema: JsonSchema;
  options: Record<string, unknown>;
}

/** The contents of one `widget.json`. */
export interface WidgetFile {
  widgets?: WidgetDescription[];
  fields?: WidgetDescription[];
  /** Containers without a widget of their own: the repeating group (a list of groups of fields). */
  groups?: WidgetDescription[];
  commonOptions?: Record<string, JsonSchema>;
  /** Fields that show the common options at work, each with the widget it is drawn with (the contract test). */
  commonExamples?: CommonOptionExample[];
}

export interface CommonOptionExample extends WidgetExample {
  widget: string;
}

export interface WidgetCatalogue {
  widgets: WidgetDescription[];
  fields: WidgetDescription[];
  groups: WidgetDescription[];
  /** `ui:options` every widget and field accepts. */
  commonOptions: Record<string, JsonSchema>;
  commonExamples: CommonOptionExample[];
}

export function catalogueOf(files: WidgetFile[]): WidgetCatalogue {
  return {
    widgets: files.flatMap((file) => file.widgets ?? []),
    fields: files.flatMap((file) => file.fields ?? []),
    groups: files.flatMap((file) => file.groups ?? []),
    commonOptions: Object.assign({}, ...files.map((file) => file.commonOptions ?? {})) as Record<string, JsonSchema>,
    commonExamples: files.flatMap((file) => file.commonExamples ?? []),
  };
}

const aliasName = (alias: WidgetAlias): string => (typeof alias === 'string' ? alias : alias.name);

/**
 * How closely `name` names the entry for a field of `type` (any type when `type` is undefined): 3 its
 * own name, 2 an alias bound to that type, 1 an alias for every type it renders, 0 not at all. A
 * type-bound alias wins over a general one ('TextWidget' on a number is the number input, although
 * the text input takes numbers too); without a type the general one wins.
 */
function closeness(entry: WidgetDescription, name: string, type: string | undefined): number {
  const fits = (types: string[]) => type === undefined || types.includes(type);
  if (entry.name === name) return fits(entry.types) ? 3 : 0;
  let best = 0;
  for (const alias of entry.aliases ?? []) {
    if (aliasName(alias) !== name) continue;
    // Without a type, the general alias is meant (the name rjsf falls back on).
    const general = type === undefined ? 2 : 1;
    if (typeof alias === 'string') best = Math.max(best, fits(entry.types) ? general : 0);
    else best = Math.max(best, fits(alias.types) ? 3 - general : 0);
  }
  return best;
}

/** The closest entry `name` names for `type`, if any. */
function closest(list: WidgetDescription[], name: string, type: string | undefined): WidgetDescription | undefined {
  let found: WidgetDescription | undefined;
  let score = 0;
  for (const entry of list) {
    const candidate = closeness(entry, name, type);
    if (candidate > score) [found, score] = [entry, candidate];
  }
  return found;
}

/** The names of the options a widget accepts (its own and the common ones); without a widget, the common ones. */
export function optionNamesOf(catalogue: WidgetCatalogue, description?: WidgetDescription): Set<string> {
  return new Set([...Object.keys(catalogue.commonOptions), ...Object.keys(description?.options ?? {})]);
}

/**
 * The description a name (or alias) refers to. With a `type`, the one that renders that type is
 * preferred ('select' on a list is the multiple select); a name that fits no description of that
 * type still answers the first description of that name, so the caller can say why it does not fit.
 */
export function findDescription(list: WidgetDescription[], name: string, type?: string): WidgetDescription | undefined {
  return closest(list, name, type) ?? (type === undefined ? undefined : closest(list, name, undefined));
}

/**
 * Every name a renderer registers, with the description it means: each name and each alias that
 * holds for every type the widget renders. Type-bound aliases are turned into names first (see
 * `widgetNameFor`), so they never reach the renderer's registry.
 */
export function namesOf(list: WidgetDescription[]): Map<string, WidgetDescription> {
  return new Map(
    list.flatMap((entry) =>
      [entry.name, ...(entry.aliases ?? []).filter((alias): alias is string => typeof alias === 'string')].map((name) => [name, entry] as const),
    ),
  );
}

/** Every `ui:field` and `ui:widget` name used anywhere in a value (a step's schema and uiSchema). */
export function uiNamesIn(value: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) uiNamesIn(item, names);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if ((key === 'ui:field' || key === 'ui:widget') && typeof item === 'string') names.add(item);
      else uiNamesIn(item, names);
    }
  }
  return names;
}
