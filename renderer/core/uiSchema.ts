/**
 * Derives the rjsf uiSchema of a step from its flow document: the widget hints and file limits that
 * shared field definitions carry (`x-widget`, `x-files`) and option labels (`x-enumNames`) are
 * merged under what the flow's own uiSchema says.
 */
import { isChoiceArray } from './defaultWidget';
import { isRepeatingGroup, isValueList, valueSchemas } from './schemaPaths';
import type { JsonSchema, UiSchema } from './types';

/** Merges plain objects, `over` winning. */
export function mergeUi(base: UiSchema, over: UiSchema): UiSchema {
  const result: UiSchema = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = result[key];
    result[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object' && !Array.isArray(current)
        ? mergeUi(current as UiSchema, value as UiSchema)
        : value;
  }
  return result;
}

/** Whether a field's schema says something buildUiSchema puts in its uiSchema. */
function hasUiHints(child: JsonSchema): boolean {
  return Boolean(child.properties || child.items || child['x-widget'] || child['x-enumNames'] || child['x-files']);
}

/**
 * The hints of a list of values' items, each built as the one field of a group: `items` (one entry,
 * or one per fixed position, as rjsf reads them) and `additionalItems` for the values after those.
 */
function valueListUi(list: JsonSchema, own: UiSchema): UiSchema {
  const one = (schema: JsonSchema, ui: unknown): UiSchema => buildUiSchema({ properties: { value: schema } }, { value: ui ?? {} }).value as UiSchema;
  const { positions, rest } = valueSchemas(list);
  if (positions.length === 0) return { items: one(rest ?? {}, own.items) };
  const written = own.items;
  const items = positions.map((schema, index) => one(schema, Array.isArray(written) ? written[index] : written));
  return { items, ...(rest ? { additionalItems: one(rest, own.additionalItems) } : {}) };
}

export function buildUiSchema(schema: JsonSchema, ui: UiSchema = {}): UiSchema {
  // Copied only when a field gets hints: a step whose fields say nothing more keeps its own object.
  let result: UiSchema | undefined;
  const properties = schema.properties ?? {};
  for (const key in properties) {
    const child = properties[key];
    // A shared definition may bring its own ui hints (`x-ui`); the flow's uiSchema wins.
    const shared = child['x-ui'] as UiSchema | undefined;
    // Without hints of its schema, a field keeps the flow's own entry, or none: most fields of a
    // long step.
    if (!shared && !hasUiHints(child)) continue;
    const flowUi = ui[key] as UiSchema | undefined;
    const own = shared && flowUi ? mergeUi(shared, flowUi) : (shared ?? flowUi ?? {});
    const merged: UiSchema = child.properties ? buildUiSchema(child, own) : { ...own };
    if (isRepeatingGroup(child)) merged.items = buildUiSchema(child.items as JsonSchema, (own.items as UiSchema | undefined) ?? {});
    // The items of a list of values are one field each: built as the one field of a group.
    else if (isValueList(child)) Object.assign(merged, valueListUi(child, own));
    if (child['x-widget'] && !merged['ui:widget']) merged['ui:widget'] = child['x-widget'];
    // The labels of a choice's values; of a multiple choice, those of its items' values.
    const labels = child['x-enumNames'] ?? (isChoiceArray(child) ? (child.items as JsonSchema)['x-enumNames'] : undefined);
    if (labels && !merged['ui:enumNames']) merged['ui:enumNames'] = labels;
    if (child['x-files']) {
      const files = child['x-files'];
      merged['ui:options'] = {
        accept: files.accept,
        maxFileSize: files.maxFileSize,
        maxFiles: files.maxFiles,
        multiple: files.maxFiles > 1,
        ...(merged['ui:options'] as object | undefined),
      };
      merged['ui:widget'] ??= 'FileUpload';
    }
    (result ??= { ...ui })[key] = merged;
  }
  return result ?? ui;
}

/** Adds the option values allowed now (see optionFilters.ts) to the uiSchema of those fields. */
export function withOptionFilters(ui: UiSchema, filters: Record<string, { allowed: (string | number)[]; top: (string | number)[] }>): UiSchema {
  let result = ui;
  for (const [path, filter] of Object.entries(filters)) {
    const keys = path.split('.');
    const update = (node: UiSchema, index: number): UiSchema => {
      const key = keys[index];
      const child = (node[key] as UiSchema | undefined) ?? {};
      if (index < keys.length - 1) return { ...node, [key]: update(child, index + 1) };
      const options = { ...(child['ui:options'] as object | undefined), allowedValues: filter.allowed, topValues: filter.top };
      return { ...node, [key]: { ...child, 'ui:options': options } };
    };
    result = update(result, 0);
  }
  return result;
}

/** The uiSchema with the fields at `paths` read-only (values the flow sets itself). */
export function withReadonly(ui: UiSchema, paths: string[]): UiSchema {
  let result = ui;
  for (const path of paths) {
    const keys = path.split('.');
    const update = (node: UiSchema, index: number): UiSchema => {
      const key = keys[index];
      const child = (node[key] as UiSchema | undefined) ?? {};
      return { ...node, [key]: index < keys.length - 1 ? update(child, index + 1) : { ...child, 'ui:readonly': true } };
    };
    result = update(result, 0);
  }
  return result;
}
