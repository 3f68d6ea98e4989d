/**
 * What each widget and field of the portal accepts, as data: its name and aliases, the schema types
 * it renders, how the field template frames it, and its `ui:options` as JSON Schema. Every widget
 * folder publishes this in its `widget.json`; the browser's registry, the flow pipeline (which refuses
 * an unknown widget or option before any applicant sees it) and the back office read the same files.
 */
import type { JsonSchema } from './types';

/** How the field template frames a widget: `<label for>`, `<fieldset><legend>`, or the widget itself. */
export type WidgetKind = 'control' | 'group' | 'self';

export interface WidgetDescription {
  name: string;
  /** Other names a flow may use (rjsf's own default names, for one). */
  aliases?: string[];
  /** What it is, in Dutch, for administrators. */
  description: string;
  /** Widgets only; fields (`ui:field`) render their own frame. */
  kind?: WidgetKind;
  /** JSON Schema types of the values it renders. */
  types: string[];
  /** True when the field must offer choices (`enum`, or `x-options` from a reference list). */
  needsOptions?: boolean;
  /** Its `ui:options`: name -> JSON Schema of the value. */
  options?: Record<string, JsonSchema>;
}

/** The contents of one `widget.json`. */
export interface WidgetFile {
  widgets?: WidgetDescription[];
  fields?: WidgetDescription[];
  commonOptions?: Record<string, JsonSchema>;
}

export interface WidgetCatalogue {
  widgets: WidgetDescription[];
  fields: WidgetDescription[];
  /** `ui:options` every widget and field accepts. */
  commonOptions: Record<string, JsonSchema>;
}

export function catalogueOf(files: WidgetFile[]): WidgetCatalogue {
  return {
    widgets: files.flatMap((file) => file.widgets ?? []),
    fields: files.flatMap((file) => file.fields ?? []),
    commonOptions: Object.assign({}, ...files.map((file) => file.commonOptions ?? {})) as Record<string, JsonSchema>,
  };
}

/** The description a name (or alias) refers to. */
export function findDescription(list: WidgetDescription[], name: string): WidgetDescription | undefined {
  return list.find((entry) => entry.name === name || (entry.aliases ?? []).includes(name));
}

/** Every name a flow may use for a widget, with the description it means. */
export function namesOf(list: WidgetDescription[]): Map<string, WidgetDescription> {
  return new Map(list.flatMap((entry) => [entry.name, ...(entry.aliases ?? [])].map((name) => [name, entry] as const)));
}
